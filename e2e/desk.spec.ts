/**
 * The card desk journey (issue 21): the restaurant opens the bar's till with a 50 € float, credits
 * Paul Voisin's card with 20 € in cash (by keyboard), prints the receipt and reads it, then closes the
 * session with 2 € missing: the reason is asked for, given, and the treasurer sees it with the session.
 */
import { expect, test, signedInPage, downloadedPdfText } from './fixtures';

test('a till opened, a card credited in cash with its receipt, the till closed with a difference explained', async ({
  browser,
}) => {
  const desk = await signedInPage(browser, 'restaurant');
  await desk.goto('/app/restauration');
  await expect(desk.getByRole('link', { name: 'Caisse des cartes' })).toBeVisible();
  await desk.goto('/app/restauration/caisse');
  await expect(desk.getByRole('heading', { name: 'Caisse des cartes Union' })).toBeVisible();

  // Open the bar's till with its float.
  const opening = desk.getByRole('form', { name: 'Ouvrir une session de caisse' });
  await opening.getByLabel('Fond de caisse (€)').fill('50');
  await opening.getByLabel('Fond de caisse (€)').press('Enter');
  await expect(desk.getByRole('heading', { name: /Bar du restaurant – session n° \d+/ })).toBeVisible();

  // Credit Paul Voisin's card with 20 € in cash, by keyboard alone (a member no other journey tops up:
  // the restaurant journey counts Marie Membre's balance from zero).
  const form = desk.getByRole('form', { name: 'Créditer ou débiter une carte' });
  await form.getByLabel('Carte de').fill('Paul Voisin');
  const radio = form.getByRole('radio', { name: /Paul Voisin – solde/ });
  await expect(radio).toBeVisible();
  await radio.focus();
  await desk.keyboard.press('Space');
  await expect(radio).toBeChecked();
  await form.getByLabel('Montant (€)').fill('20');
  const download = desk.waitForEvent('download');
  await form.getByLabel('Montant (€)').press('Enter');
  await expect(desk.getByText(/Crédit au guichet de 20,00\s€ enregistré pour Paul Voisin/)).toBeVisible();
  const receipt = await downloadedPdfText((await (await download).path())!);
  expect(receipt).toMatch(/Reçu n° \d+ – Carte Union/);
  expect(receipt).toContain('Paul Voisin');
  expect(receipt).toContain('Espèces');
  expect(receipt).toContain('20,00 €');
  expect(receipt).toContain('Enregistré par');
  await expect(desk.getByRole('table', { name: 'Mouvements de la session' })).toContainText('Paul Voisin');

  // Close with 68 € counted where 70 € are expected: the reason is asked for, then kept.
  const closing = desk.getByRole('form', { name: 'Clôturer la session' });
  await expect(closing).toContainText(/70,00\s€/);
  await closing.getByLabel('Espèces comptées (€)').fill('68');
  await expect(closing.getByText(/Écart : .2,00\s€/)).toBeVisible();
  await closing.getByRole('button', { name: 'Clôturer la session' }).click();
  await expect(closing.getByText(/Motif : expliquez l’écart de 2,00\s€/)).toBeVisible();
  await expect(closing.getByLabel('Motif de l’écart')).toBeFocused();
  await closing.getByLabel('Motif de l’écart').fill('Pièce de 2 € rendue en trop');
  await closing.getByRole('button', { name: 'Clôturer la session' }).click();
  await expect(desk.getByText(/Session clôturée, écart de .2,00\s€/)).toBeVisible();

  // The treasurer sees the session with its difference and its reason.
  const treasurer = await signedInPage(browser, 'tresorier');
  await treasurer.goto('/app/restauration/soldes');
  const sessions = treasurer.getByRole('table', { name: 'Sessions de caisse' });
  await expect(sessions).toContainText('Pièce de 2 € rendue en trop');
  await expect(sessions).toContainText(/.2,00\s€/);
  await expect(treasurer.getByRole('table', { name: 'Soldes par carte' })).toContainText('Paul Voisin');
});
