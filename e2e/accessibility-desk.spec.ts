/**
 * Accessibility of the card and bar screens of issue 21, each state audited by axe at 1280 and 380 px
 * (and screenshotted): the treasurer's count of top-ups waiting on the portal, the top-ups list with an
 * expired one, the question before cancelling a top-up; an expired top-up on a member's card; the
 * member's question before paying with the card; the bar's « Encaisser » menu (opened, walked and
 * closed by keyboard) and its questions before refusing a payment and undoing one. After each question, the focus is
 * back on the button that opened it.
 */
import { type APIRequestContext } from '@playwright/test';
import { axeAtBothWidths } from './axe';
import { expect, test, apiToken, openWithKeys, pressOn, signedInPage } from './fixtures';

interface WeekMeal {
  id: number;
  date: string;
  titre: string;
  commandable: boolean;
  plats: { id: number; type: string }[];
  bar: { commandes: number } | null;
}

/** A Paris day `days` from today. */
const dayIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/** The demo meals of the next three weeks, as `who` sees them. */
async function mealsOf(request: APIRequestContext, who: string): Promise<WeekMeal[]> {
  const token = await apiToken(request, who);
  const meals: WeekMeal[] = [];
  for (const days of [0, 7, 14, 21]) {
    const week = await request.get(`/api/repas/search/${dayIn(days)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(week.status()).toBe(200);
    meals.push(...((await week.json()) as { repas: WeekMeal[] }).repas);
  }
  return meals;
}

test.use({ actionTimeout: 15_000 });

test('the top-ups waiting and expired, and the bar’s questions, pass axe at both widths', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);

  // Paul Voisin pays a 20 € top-up through the simulator: it waits for the treasurer.
  const paul = await signedInPage(browser, 'membre2');
  await paul.goto('/app/account/payments');
  await paul.getByRole('button', { name: /^20,00/ }).click();
  await paul.getByRole('button', { name: /Recharger ma carte de 20,00/ }).click();
  await paul.getByRole('button', { name: 'Payer' }).click();
  await expect(paul).toHaveURL(/\/app\/account\/payments\?rechargement=\d+/);
  await expect(paul.getByText(/Rechargement de 20,00.*: à valider/)).toBeVisible();
  await axeAtBothWidths(paul, 'carte-rechargement-a-valider');

  // The treasurer is told on the portal, and finds the top-up to validate; the demo's expired one is
  // among those dealt with.
  const treasurer = await signedInPage(browser, 'tresorier');
  const count = treasurer.getByRole('alert').filter({ hasText: 'Rechargements à valider' });
  await expect(count).toContainText(/rechargements? de carte payés? en ligne/);
  await axeAtBothWidths(treasurer, 'portail-rechargements-a-valider');
  await count.getByRole('link', { name: 'Valider les rechargements' }).click();
  await expect(treasurer.getByRole('heading', { name: 'Rechargements de cartes Union' })).toBeVisible();
  const cancel = treasurer.getByRole('button', { name: 'Annuler le rechargement de Paul Voisin' }).first();
  await expect(cancel).toBeVisible();
  await axeAtBothWidths(treasurer, 'rechargements-a-valider');
  // « Annuler » asks first; « Ne rien changer » leaves it, the focus back on the button.
  await pressOn(cancel);
  const question = treasurer.getByRole('dialog', { name: 'Annuler le rechargement' });
  await expect(question).toContainText('Annuler le rechargement de 20,00');
  await expect(question.getByRole('button', { name: 'Ne rien changer' })).toBeFocused();
  await axeAtBothWidths(treasurer, 'rechargement-annuler-question');
  await question.getByRole('button', { name: 'Ne rien changer' }).click();
  await expect(question).toBeHidden();
  await expect(cancel).toBeFocused();
  await treasurer.locator('label', { hasText: 'Traités' }).click();
  await expect(treasurer.getByRole('table', { name: 'Rechargements' })).toContainText('Expiré (non payé)');
  await axeAtBothWidths(treasurer, 'rechargements-traites-expire');

  // The Vénérable sees his abandoned top-up as expired on his card.
  const venerable = await signedInPage(browser, 'venerable');
  await venerable.goto('/app/account/payments');
  await expect(venerable.getByText('Expiré (non payé)').first()).toBeVisible();
  await axeAtBothWidths(venerable, 'carte-rechargement-expire');

  // Paul orders a lunch; « Payer avec ma carte » asks first, with the amount on its button.
  const lunch = (await mealsOf(request, 'membre2')).find(
    (m) => m.titre === 'Déjeuner du mardi' && m.commandable && m.date >= dayIn(3),
  )!;
  await paul.goto(`/app/restauration?date=${lunch.date}`);
  const lunchCard = paul.getByRole('article', { name: 'Déjeuner du mardi' });
  await lunchCard.getByRole('button', { name: /^Commander «\sDéjeuner du mardi\s»/ }).click();
  const orderForm = paul.getByRole('dialog', { name: /^Commander «\sDéjeuner du mardi\s»/ });
  await orderForm.getByLabel(/Menu du jour/).fill('1');
  await orderForm.getByRole('button', { name: 'Commander', exact: true }).click();
  await expect(orderForm).toBeHidden();
  const pay = lunchCard.getByRole('button', { name: 'Payer avec ma carte' });
  await pressOn(pay);
  const payQuestion = paul.getByRole('dialog');
  await expect(payQuestion.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expect(payQuestion.getByRole('button', { name: /^Payer 18,00/ })).toBeVisible();
  await axeAtBothWidths(paul, 'payer-avec-ma-carte-question');
  await payQuestion.getByRole('button', { name: 'Annuler' }).click();
  await expect(payQuestion).toBeHidden();
  await expect(pay).toBeFocused();

  // The bar: the Vénérable's lodge order on the demo's agapes.
  const agapes = (await mealsOf(request, 'restaurant')).find(
    (m) => m.titre === 'Agapes du jeudi soir' && (m.bar?.commandes ?? 0) > 0,
  )!;
  const bar = await signedInPage(browser, 'restaurant');
  await bar.goto(`/app/restauration?date=${agapes.date}`);
  const meal = bar.getByRole('article', { name: agapes.titre });
  await meal.getByRole('button', { name: /^Commandes \(1\) · total payant/ }).click();
  const orders = meal.getByRole('table', { name: `Commandes du repas ${agapes.titre}` });
  const cash = orders.getByRole('button', { name: 'Encaisser la commande de Victor Vénérable' });
  // « Encaisser » by keyboard: a menu of items, walked with the arrows, closed by Escape onto its button.
  const menu = bar.getByRole('menu');
  await openWithKeys(cash, menu);
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeGreaterThan(1);
  await bar.keyboard.press('ArrowDown');
  const focusedItem = () => bar.evaluate(() => document.activeElement?.getAttribute('role') ?? '');
  await expect.poll(focusedItem).toBe('menuitem');
  const first = await bar.evaluate(() => document.activeElement?.textContent ?? '');
  await bar.keyboard.press('ArrowDown');
  await expect.poll(() => bar.evaluate(() => document.activeElement?.textContent ?? '')).not.toBe(first);
  await axeAtBothWidths(bar, 'bar-encaisser-menu');
  await bar.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(cash).toBeFocused();

  // « Refuser » asks first; Annuler leaves the order as it was, the focus back on « Refuser ».
  const refuse = orders.getByRole('button', { name: 'Refuser le paiement de Victor Vénérable' });
  await pressOn(refuse);
  const refuseQuestion = bar.getByRole('dialog', { name: 'Refuser le paiement' });
  // The harmless answer has the focus: Enter twice does not refuse.
  await expect(refuseQuestion.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await axeAtBothWidths(bar, 'bar-refuser-question');
  await refuseQuestion.getByRole('button', { name: 'Annuler' }).click();
  await expect(refuseQuestion).toBeHidden();
  await expect(refuse).toBeFocused();

  // Paid « Au Bar » from the menu by keyboard, then « Annuler le paiement » asks first; « Ne rien
  // changer » keeps it, the focus back on its button; confirmed, the order is to be paid again.
  await openWithKeys(cash, menu.getByRole('menuitem', { name: 'Au Bar' }));
  await pressOn(menu.getByRole('menuitem', { name: 'Au Bar' }));
  await expect(bar.getByText('Commande de Victor Vénérable payée.')).toBeVisible();
  const undo = orders.getByRole('button', { name: 'Annuler le paiement de Victor Vénérable' });
  await pressOn(undo);
  const undoQuestion = bar.getByRole('dialog', { name: 'Annuler le paiement' });
  await expect(undoQuestion).toContainText('Elle redevient à encaisser.');
  await expect(undoQuestion.getByRole('button', { name: 'Ne rien changer' })).toBeFocused();
  await axeAtBothWidths(bar, 'bar-annuler-le-paiement-question');
  await undoQuestion.getByRole('button', { name: 'Ne rien changer' }).click();
  await expect(undoQuestion).toBeHidden();
  await expect(undo).toBeFocused();
  await bar.keyboard.press('Enter');
  await undoQuestion.getByRole('button', { name: 'Annuler le paiement' }).click();
  await expect(bar.getByText('Paiement annulé.')).toBeVisible();
  await expect(cash).toBeVisible();
});
