/**
 * The restaurant journey of issue 9: the restaurant publishes a meal with a dish, a member tops up 30 €
 * through the payment simulator, the treasurer validates, the member orders and pays with the card, the
 * balance drops, and the kitchen's recap lists the order.
 */
import { expect, test, pressOn, signedInPage, downloadedPdfText } from './fixtures';

/** A day two weeks ahead, in Paris. */
const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
  new Date(Date.now() + 15 * 86_400_000),
);
const TITLE = `Repas du parcours ${Date.now() % 100000}`;

test('a meal published, a card topped up and validated, an order paid by card, the recap', async ({
  browser,
}) => {
  // The restaurant publishes, from this week's page, a meal two weeks ahead with its dish typed in the
  // meal's dialog: once saved, the page shows the meal's week.
  const chef = await signedInPage(browser, 'restaurant');
  await chef.goto('/app/restauration/repas');
  await chef.getByRole('button', { name: 'Nouveau repas' }).click();
  const mealForm = chef.getByRole('dialog', { name: 'Nouveau repas' });
  // The forms' one date field: its calendar, a month further on if the day is not in this one.
  await mealForm.getByRole('button', { name: /^Date/ }).click();
  const dayButton = chef.getByRole('button', {
    name: new Date(`${day}T12:00:00Z`).toLocaleDateString('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    exact: true,
  });
  if (!(await dayButton.isVisible())) await chef.getByRole('button', { name: 'Mois suivant' }).click();
  await dayButton.click();
  await mealForm.getByLabel('Titre').fill(TITLE);
  await mealForm.getByLabel('Places').fill('20');
  await mealForm.getByLabel('Date limite de commande').fill(`${day}T10:00`);
  await mealForm.getByLabel('Libellé du plat 1').fill('Menu du parcours');
  await mealForm.getByLabel('Prix du plat 1 (€)').fill('18');
  await mealForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(chef).toHaveURL(new RegExp(`date=${day}`));
  const chefCard = chef.getByRole('article', { name: TITLE });
  await expect(chefCard.getByText('Menu du parcours')).toBeVisible();

  // The member tops up 30 € through the simulator.
  const membre = await signedInPage(browser, 'membre');
  await membre.goto('/app/account/payments');
  await expect(membre.getByTestId('solde-carte')).toHaveText(/0,00/);
  await membre.getByRole('button', { name: /^30,00/ }).click();
  await membre.getByRole('button', { name: /Recharger ma carte de 30,00/ }).click();
  await expect(
    membre.getByRole('heading', { name: 'Simulateur de paiement par carte bancaire' }),
  ).toBeVisible();
  await expect(membre.getByText(/30,00/)).toBeVisible();
  await membre.getByRole('button', { name: 'Payer' }).click();
  await expect(membre).toHaveURL(/\/app\/account\/payments\?rechargement=\d+/);
  await expect(membre.getByText(/Rechargement de 30,00.*: à valider/)).toBeVisible();
  // The return page never credits: the balance waits for the treasurer.
  await expect(membre.getByTestId('solde-carte')).toHaveText(/0,00/);

  // The treasurer validates.
  const tresorier = await signedInPage(browser, 'tresorier');
  await tresorier.goto('/app/restauration/rechargements');
  await tresorier.getByRole('button', { name: 'Valider le rechargement de Marie Membre' }).first().click();
  await expect(tresorier.getByText(/Rechargement n° \d+ validé\./)).toBeVisible();

  await membre.goto('/app/account/payments');
  await expect(membre.getByTestId('solde-carte')).toHaveText(/30,00/);

  // The member orders by keyboard alone: one « Commander » named after its meal, the form sent by Enter.
  await membre.goto(`/app/restauration?date=${day}`);
  const card = membre.getByRole('article', { name: TITLE });
  const orderButton = card.getByRole('button', { name: new RegExp(`^Commander «\\s${TITLE}\\s», .* du `) });
  await pressOn(orderButton);
  const orderForm = membre.getByRole('dialog', { name: new RegExp(`^Commander «\\s${TITLE}\\s»`) });
  await orderForm.getByLabel(/Menu du parcours/).focus();
  await membre.keyboard.press('ControlOrMeta+a');
  await membre.keyboard.type('1');
  await expect(orderForm.getByText(/Total : 18,00/)).toBeVisible();
  await membre.keyboard.press('Enter');
  await expect(orderForm).toBeHidden();
  // Ordered: « Commander » is no longer offered, the order is changed instead; the focus is on the meal.
  await expect(orderButton).toHaveCount(0);
  await expect(card.getByRole('heading', { name: TITLE })).toBeFocused();
  const edit = card.getByRole('button', { name: new RegExp(`^Modifier ma commande de «\\s${TITLE}\\s»`) });
  // The week is read again after the order (its places, the member's order): once it is in, the focus
  // put on « Modifier » stays there for the key press.
  await membre.waitForLoadState('networkidle');
  await edit.focus();
  await expect(edit).toBeFocused();
  await membre.keyboard.press('Enter');
  const editForm = membre.getByRole('dialog', { name: new RegExp(`^Modifier ma commande`) });
  await expect(editForm).toBeVisible();
  await editForm.getByLabel('Remarque pour la cuisine').focus();
  await membre.keyboard.type('Allergie sévère aux fruits à coque');
  await pressOn(editForm.getByRole('button', { name: 'Enregistrer' }));
  await expect(editForm).toBeHidden();
  // The dialog closed, the focus is back on « Modifier ».
  await expect(edit).toBeFocused();
  await membre.setViewportSize({ width: 380, height: 800 });
  await card.screenshot({ path: 'test-results/restaurant-member-380.png' });
  await membre.setViewportSize({ width: 1280, height: 800 });
  await card.screenshot({ path: 'test-results/restaurant-member-1280.png' });
  await card.getByRole('button', { name: 'Payer avec ma carte' }).click();
  // Paying asks first, with the amount on the button.
  await membre
    .getByRole('dialog')
    .getByRole('button', { name: /^Payer \d/ })
    .click();
  await expect(card.getByText(/Payée – Par carte Union/)).toBeVisible();

  await membre.goto('/app/account/payments');
  await expect(membre.getByTestId('solde-carte')).toHaveText(/12,00/);
  await membre.goto('/app/account/commandes');
  await expect(membre.getByRole('article').filter({ hasText: TITLE })).toContainText('Payée');

  // The kitchen sees the remark highlighted and the quantity of each dish beside the orders.
  await chef.goto(`/app/restauration?date=${day}`);
  const kitchen = chef.getByRole('article', { name: TITLE });
  await kitchen.getByRole('button', { name: /^Commandes \(1\)/ }).click();
  await expect(kitchen.getByRole('region', { name: 'Plats à préparer' })).toContainText(
    '1 × Menu du parcours',
  );
  await expect(kitchen.getByRole('region', { name: 'Remarques pour la cuisine (1)' })).toContainText(
    'Marie Membre : Allergie sévère aux fruits à coque',
  );
  await expect(kitchen.getByText('Remarque : Allergie sévère aux fruits à coque')).toBeVisible();
  await kitchen.screenshot({ path: 'test-results/restaurant-kitchen-1280.png' });
  await chef.setViewportSize({ width: 380, height: 800 });
  await kitchen.screenshot({ path: 'test-results/restaurant-kitchen-380.png' });
  await chef.setViewportSize({ width: 1280, height: 800 });

  // The kitchen's recap lists the order; what is paid stands apart from what is offered.
  await chef.goto(`/app/restauration?date=${day}`);
  const download = chef.waitForEvent('download');
  await chef
    .getByRole('article', { name: TITLE })
    .getByRole('button', { name: /^Récapitulatif \(PDF\)/ })
    .click();
  const text = await downloadedPdfText((await (await download).path())!);
  expect(text).toContain(TITLE);
  expect(text).toContain('1 × Menu du parcours');
  expect(text).toContain('Marie Membre');
  expect(text).toContain('Par carte Union');
  expect(text).toContain('Remarque : Allergie sévère aux fruits à coque');
  expect(text).toMatch(/Total payant : 18,00 € \(1 commande\)/);
  expect(text).toMatch(/Offert \(invitation\) : 0,00 €/);
});
