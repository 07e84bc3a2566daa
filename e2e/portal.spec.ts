/**
 * The portal of issue 33: it opens on what awaits the person. The member sees the meals to order and
 * their card, and follows « Recharger » with the keyboard; the venerable sees their lodge's invoice to pay
 * (issued here by the treasurer) and their lodge's next sessions, and follows the invoice's line to the
 * lodge's account. axe at 1280 and 380 px on both portals.
 */
import { axeAtBothWidths } from './axe';
import { apiSend, apiToken, expect, signIn, test, pressOn } from './fixtures';

test('the member’s portal says what awaits them, and a line leads to its action by the keyboard', async ({
  page,
}) => {
  await signIn(page, 'membre');
  await expect(page.getByRole('heading', { name: 'Ce qui vous attend' })).toBeVisible();
  const meals = page.getByRole('region', { name: 'Repas à venir' });
  await expect(meals.getByRole('link', { name: /^Commander : / }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tous les services' })).toBeVisible();
  // A member is no officer: nothing to handle.
  await expect(page.getByRole('region', { name: 'À traiter' })).toHaveCount(0);
  await axeAtBothWidths(page, 'portail (membre)');

  await page.setViewportSize({ width: 1280, height: 900 });
  const recharge = page
    .getByRole('region', { name: 'Ma carte Union' })
    .getByRole('link', { name: 'Recharger' });
  await pressOn(recharge);
  await expect(page).toHaveURL(/\/app\/account\/payments$/);
});

test('the venerable’s portal lists their lodge’s invoice to pay and sessions, and opens the account', async ({
  page,
  request,
}) => {
  const venerableToken = await apiToken(request, 'venerable');
  const managed = (await (
    await request.get('/api/user/entites/gestion', { headers: { authorization: `Bearer ${venerableToken}` } })
  ).json()) as { id: number; code: string }[];
  const lodge = managed.find((e) => e.code === 'CHEV-RHONE')!;
  const treasurer = await apiToken(request, 'tresorier');
  const draft = await apiSend<{ id: number }>(request, treasurer, 'POST', '/api/compta/commande', {
    type: 'S',
    idEntite: lodge.id,
    annee: 2026,
    objet: `Location du portail ${Date.now() % 100000}`,
    devis: false,
    lignes: [{ libelle: 'Temple Hiram, une soirée', quantite: 1, prixUnitaire: 4321 }],
  });
  await apiSend(request, treasurer, 'PUT', '/api/compta/commande?action=FACTURE_SENT', { id: draft.id });

  await signIn(page, 'venerable');
  const tasks = page.getByRole('region', { name: 'À traiter' });
  const invoices = tasks.getByRole('link', { name: /Les Chevaliers du Rhône : \d+ factures? à régler/ });
  await expect(invoices).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Vos prochaines tenues' }).getByRole('link').first(),
  ).toBeVisible();
  await axeAtBothWidths(page, 'portail (vénérable)');

  await page.setViewportSize({ width: 1280, height: 900 });
  await pressOn(invoices);
  await expect(page).toHaveURL(new RegExp(`/app/loge\\?entite=${lodge.id}&onglet=compte$`));
  await expect(page.getByRole('tab', { name: 'Compte avec l’Union', selected: true })).toBeVisible();
});
