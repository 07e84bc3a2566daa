/**
 * The treasurer's bank (issue 34): an invoice issued to Les Chevaliers du Rhône; the treasurer imports
 * on Comptabilité › Banque the account's CSV statement whose transfer names it (the first CSV of the
 * account: its columns are asked, the file's first rows shown, then kept), confirms the exact match with
 * the keyboard alone and sees the line's payment recorded; the lodge's venerable sees the invoice paid
 * on its account. axe at 1280 and 380 px on the columns' form and on the statement.
 */
import { axeAtBothWidths } from './axe';
import { expect, test, apiSend, apiToken, signIn } from './fixtures';

/** Today in Paris, as the bank writes it: JJ/MM/AAAA. */
const parisToday = () =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

test('the treasurer imports a CSV statement, confirms its exact match, and the lodge sees its invoice paid', async ({
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
  const objet = `Banquet d’ordre ${Date.now() % 100000}`;
  const cents = 20000 + (Date.now() % 9000);
  const draft = await apiSend<{ id: number }>(request, token, 'POST', '/api/compta/commande', {
    type: 'S',
    idEntite: lodge.id,
    annee: 2026,
    objet,
    devis: false,
    lignes: [{ libelle: 'Salle des agapes, une soirée', quantite: 1, prixUnitaire: cents }],
  });
  const invoice = await apiSend<{ numeroFacture: string | null }>(
    request,
    token,
    'PUT',
    '/api/compta/commande?action=FACTURE_SENT',
    { id: draft.id },
  );
  const amount = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
  const csv =
    'Date;Libellé;Montant\n' +
    `${parisToday()};VIR SEPA LES CHEVALIERS DU RHONE ${invoice.numeroFacture};${amount}\n` +
    `${parisToday()};COMMISSION VIREMENT;-0,80\n`;

  await signIn(page, 'tresorier');
  await page.goto('/app/compta/banque');
  await expect(page.getByRole('heading', { name: 'Banque', level: 2 })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'releve-chevaliers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const form = page.getByRole('form', { name: 'Colonnes du relevé CSV' });
  await expect(form).toBeVisible();
  await expect(form.getByRole('table')).toContainText(invoice.numeroFacture!);
  await expect(form.getByLabel(/^Montant/)).toHaveValue('Montant');
  await axeAtBothWidths(page, 'banque-colonnes-csv');
  await form.getByRole('button', { name: 'Importer avec ces colonnes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Relevé importé')).toBeVisible();

  const confirm = page.getByRole('button', { name: 'Confirmer les correspondances exactes (1)' });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 paiement enregistré.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(invoice.numeroFacture!) });
  await expect(row).toContainText('Paiement enregistré');
  await axeAtBothWidths(page, 'banque-releve-csv');

  const venerable = await (await browser.newContext()).newPage();
  await signIn(venerable, 'venerable');
  await venerable.goto(`/app/loge?entite=${lodge.id}&onglet=compte`);
  await expect(
    venerable.getByRole('row', { name: new RegExp(`${invoice.numeroFacture!}.*${objet}`) }),
  ).toContainText('Facture payée');
});
