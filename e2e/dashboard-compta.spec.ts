/**
 * The treasurer's dashboard (issue 33): « Comptabilité » opens on it, its charts are drawn, « Voir les
 * chiffres » shows a chart's figures as a table, axe finds nothing serious at 1280 and 380 px, and the
 * keyboard alone reaches a lodge's account from the table and opens it.
 */
import { axeAtBothWidths } from './axe';
import { expect, signIn, test } from './fixtures';

test('the treasurer reads the dashboard, its figures, and opens a lodge’s account with the keyboard', async ({
  page,
}) => {
  await signIn(page, 'tresorier');
  await page.getByRole('main').getByText('Comptabilité Union', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/compta\/tableau-de-bord$/);
  await expect(page.getByRole('heading', { name: 'Tableau de bord comptable' })).toBeVisible();
  await expect(page).toHaveTitle(/^Tableau de bord comptable/);

  const owed = page.getByRole('region', { name: 'Ce que doit chaque loge', exact: true });
  await expect(owed.locator('.recharts-bar-rectangle').first()).toBeVisible();
  for (const title of [
    'Créances échues par ancienneté',
    'Relances à envoyer',
    'Prochain appel de cotisations',
  ])
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Facturé et encaissé par mois/ })).toBeVisible();

  const toggle = owed.getByRole('button', { name: 'Voir les chiffres' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(owed.getByRole('button', { name: 'Masquer les chiffres' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const table = owed.getByRole('table', { name: 'Ce que doit chaque loge' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'En retard' })).toBeVisible();

  await axeAtBothWidths(page, 'tableau-de-bord-comptable');

  // From the toggle, Tab alone reaches the first lodge's link in the table; Enter opens its account.
  const first = table.getByRole('link').first();
  const lodge = (await first.textContent())!;
  await owed.getByRole('button', { name: 'Masquer les chiffres' }).focus();
  for (let i = 0; i < 5 && !(await first.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/compta\/commandes\?entite=\d+$/);
  await expect(page.getByRole('heading', { name: 'Factures et devis' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Loge ou association' })).toHaveValue(lodge);
});
