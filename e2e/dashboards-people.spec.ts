/**
 * The lodge officers' and the administrators' dashboards (issue 33): the venerable opens Gestion Loge on
 * the lodge's dashboard, the administrator the administration on its own; their charts are drawn,
 * « Voir les chiffres » shows the figures, axe finds nothing serious at 1280 and 380 px, and the
 * keyboard alone reaches a link and follows it.
 */
import { axeAtBothWidths } from './axe';
import { expect, signIn, test } from './fixtures';

test('the venerable opens Gestion Loge on the lodge’s dashboard and reaches its account with the keyboard', async ({
  page,
}) => {
  await signIn(page, 'venerable');
  await page.getByRole('main').getByText('Gestion Loge', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/loge$/);
  await expect(page).toHaveTitle(/^Gestion Loge/);
  await expect(page.getByRole('tab', { name: 'Tableau de bord' })).toHaveAttribute('aria-selected', 'true');
  for (const figure of [
    'Solde du compte avec l’Union',
    'Prochaine échéance',
    'Carte de la loge',
    'Cartes des membres',
  ])
    await expect(page.getByRole('region', { name: figure })).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Prochaines tenues et leurs agapes', exact: true });
  await expect(sessions).toBeVisible();
  const toggle = sessions.getByRole('button', { name: 'Voir les chiffres' });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(sessions.getByRole('table')).toBeVisible();
  }

  await axeAtBothWidths(page, 'tableau-de-bord-loge');

  // Tab alone reaches « Voir le compte »; Enter opens the account's tab.
  const link = page.getByRole('button', { name: 'Voir le compte' });
  await page.getByRole('tab', { name: 'Tableau de bord' }).focus();
  for (let i = 0; i < 10 && !(await link.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/onglet=compte/);
  await expect(page.getByRole('heading', { name: 'Factures et devis' })).toBeVisible();
});

test('the administrator opens the administration on its dashboard and reaches the outbox with the keyboard', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin');
  await expect(page).toHaveTitle(/^Administration/);
  await expect(page.getByRole('region', { name: 'Dernière sauvegarde réussie' })).toBeVisible();
  const signIns = page.getByRole('region', { name: 'Connexions par jour', exact: true });
  await expect(signIns.locator('.recharts-line-curve').first()).toBeVisible();
  const factors = page.getByRole('region', { name: 'Comptes avec et sans second facteur', exact: true });
  await factors.getByRole('button', { name: 'Voir les chiffres' }).click();
  const table = factors.getByRole('table', { name: 'Comptes avec et sans second facteur' });
  await expect(table.getByRole('rowheader').first()).toHaveText(/Officiers de loge/);

  await axeAtBothWidths(page, 'tableau-de-bord-administration');

  const link = page.getByRole('link', { name: 'Ouvrir la boîte d’envoi' });
  await page.getByRole('region', { name: 'Dernière sauvegarde réussie' }).getByRole('link').focus();
  for (let i = 0; i < 5 && !(await link.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/admin\/emails$/);
});
