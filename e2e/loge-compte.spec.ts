/**
 * The lodge's account journey of issue 20: the treasurer of the Union issues an invoice to Les
 * Chevaliers du Rhône; its venerable sees it in Gestion Loge › Compte, pays it by card with the keyboard
 * alone through the payment simulator (signed form, signed notification), comes back to the account
 * where the payment shows « CB en ligne » and nothing remains; the treasurer sees the same payment.
 */
import { expect, test, apiSend, apiToken, signIn, pressOn, signedInPage } from './fixtures';

test('a lodge pays its invoice online by card, and the treasurer sees « CB en ligne »', async ({
  page,
  request,
  browser,
}) => {
  const venerableToken = await apiToken(request, 'venerable');
  const managed = (await (
    await request.get('/api/user/entites/gestion', { headers: { authorization: `Bearer ${venerableToken}` } })
  ).json()) as { id: number; code: string }[];
  const lodge = managed.find((e) => e.code === 'CHEV-RHONE')!;
  const token = await apiToken(request, 'tresorier');
  const objet = `Location du parcours ${Date.now() % 100000}`;
  const draft = await apiSend<{ id: number; numeroFacture: string | null }>(
    request,
    token,
    'POST',
    '/api/compta/commande',
    {
      type: 'S',
      idEntite: lodge.id,
      annee: 2026,
      objet,
      devis: false,
      lignes: [{ libelle: 'Temple Hiram, une soirée', quantite: 1, prixUnitaire: 12345 }],
    },
  );
  const invoice = await apiSend<{ id: number; numeroFacture: string | null }>(
    request,
    token,
    'PUT',
    '/api/compta/commande?action=FACTURE_SENT',
    {
      id: draft.id,
    },
  );

  await signIn(page, 'venerable');
  await page.goto(`/app/loge?entite=${lodge.id}&onglet=compte`);
  const row = page.getByRole('row', { name: new RegExp(invoice.numeroFacture!) });
  await expect(row).toContainText('123,45');
  // The keyboard alone: focus the button, Enter.
  const pay = row.getByRole('button', { name: /Payer par carte 123,45.*de la facture/ });
  await pressOn(pay);
  await expect(
    page.getByRole('heading', { name: 'Simulateur de paiement par carte bancaire' }),
  ).toBeVisible();
  await expect(page.getByText(/123,45/).first()).toBeVisible();
  await expect(
    page.getByText(`Paiement de la facture ${invoice.numeroFacture!}`, { exact: false }),
  ).toBeVisible();
  await pressOn(page.getByRole('button', { name: 'Payer', exact: true }));
  await expect(page).toHaveURL(/\/app\/loge\?.*paiement=\d+/);
  await expect(page.getByText('Paiement par carte transmis')).toBeVisible();
  const payments = page.getByRole('region', { name: 'Paiements' });
  await expect(payments.getByRole('row', { name: new RegExp(invoice.numeroFacture!) })).toContainText(
    'CB en ligne',
  );
  await expect(
    page.getByRole('row', { name: new RegExp(`${invoice.numeroFacture!}.*${objet}`) }),
  ).toContainText('Facture payée');

  const tresorier = await signedInPage(browser, 'tresorier');
  await tresorier.goto(`/app/compta/commandes/${invoice.id}`);
  await expect(tresorier.getByText(/CB en ligne/).first()).toBeVisible();
});

test('keyboard only: the venerable downloads a credit note, a reminder letter and the statement of the account', async ({
  page,
}) => {
  await signIn(page, 'venerable');
  await page.goto('/app/loge?onglet=compte');
  // The demo's partial credit note on the paid adjustment leaves the lodge a credit.
  const notes = page.getByRole('region', { name: 'Avoirs' });
  const note = notes.getByRole('row', { name: /AV-\d{4}-\d{4}/ }).first();
  await expect(note).toContainText('Un des deux membres a quitté la loge avant la rentrée');
  await expect(note).toContainText('120,00');
  await expect(page.getByText(/Votre crédit de 120,00\s€ sera imputé/)).toBeVisible();
  const pressed = async (name: RegExp) => {
    const download = page.waitForEvent('download');
    await pressOn(page.getByRole('button', { name }).first());
    return (await download).suggestedFilename();
  };
  expect(await pressed(/^Télécharger l’avoir AV-/)).toMatch(/^AV-\d{4}-\d{4}\.pdf$/);
  const letters = page.getByRole('region', { name: 'Relances reçues' });
  await expect(letters.getByRole('row', { name: /Rappel de paiement/ }).first()).toBeVisible();
  expect(await pressed(/^Télécharger la relance de niveau 1 de la facture FA-/)).toMatch(
    /^relance-1-FA-\d{4}-\d{4}\.pdf$/,
  );
  expect(await pressed(/^Relevé PDF$/)).toMatch(/^releve-CHEV-RHONE-.*\.pdf$/);
  expect(await pressed(/^Relevé Excel$/)).toMatch(/^releve-CHEV-RHONE-.*\.xlsx$/);
});
