/**
 * The treasurer's bank (issue 34): an invoice issued to Les Chevaliers du Rhône; the treasurer imports
 * on Comptabilité › Banque the account's CSV statement whose transfer names it (the first CSV of the
 * account: its columns are asked, the file's first rows shown, then kept), confirms the exact match with
 * the keyboard alone and sees the line's payment recorded; the lodge's venerable sees the invoice paid
 * on its account. Then the demo's CAMT.053 statement (imported by the demo as the treasurer): its exact
 * matches confirmed at once, the suggestion confirmed, the gift and the fees left aside, and the
 * reconciliation at its last day validated through the confirmation, by keyboard. The SEPA mandates: a
 * batch prepared for the demo's mandate (the first TARGET2 day 14 days ahead), both versions of its
 * pain.008 file downloaded, the venerable seeing the debit announced, the batch cancelled. axe at 1280 and
 * 380 px on the columns' form, the statements, the reconciliation and its confirmation, and the mandates.
 */
import { axeAtBothWidths } from './axe';
import {
  choose,
  expect,
  test,
  apiSend,
  apiToken,
  pickDayWithKeys,
  signIn,
  pressOn,
  signedInPage,
} from './fixtures';

/** Today in Paris, as the bank writes it: JJ/MM/AAAA. */
const parisToday = () =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

/** The Paris day `n` days ago, as the date field takes it (AAAA-MM-JJ) and as the screens write it. */
function parisDaysAgo(n: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const iso = new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  return { iso, fr: iso.split('-').reverse().join('/') };
}

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
  await pressOn(form.getByRole('button', { name: 'Importer avec ces colonnes' }));
  await expect(page.getByText('Relevé importé')).toBeVisible();

  const confirm = page.getByRole('button', { name: 'Confirmer les correspondances exactes (1)' });
  await pressOn(confirm);
  await expect(page.getByText('1 paiement enregistré.')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(invoice.numeroFacture!) });
  await expect(row).toContainText('Paiement enregistré');
  await axeAtBothWidths(page, 'banque-releve-csv');

  const venerable = await signedInPage(browser, 'venerable');
  await venerable.goto(`/app/loge?entite=${lodge.id}&onglet=compte`);
  await expect(
    venerable.getByRole('row', { name: new RegExp(`${invoice.numeroFacture!}.*${objet}`) }),
  ).toContainText('Facture payée');
});

test('the treasurer works through the demo’s statement and validates its reconciliation after confirming', async ({
  page,
}) => {
  await signIn(page, 'tresorier');
  await page.goto('/app/compta/banque');
  await expect(page.getByRole('heading', { name: 'Banque', level: 2 })).toBeVisible();
  // The demo's statement, whichever statement the page shows first.
  await choose(page, page.getByRole('textbox', { name: 'Relevé' }), /RLV-DEMO-/);
  const confirm = page.getByRole('button', { name: 'Confirmer les correspondances exactes (2)' });
  await pressOn(confirm);
  await expect(page.getByText('2 paiements enregistrés.')).toBeVisible();
  await expect(page.getByRole('row', { name: /SALLE VOLTAIRE/ })).toContainText('Paiement enregistré');
  // Tolérance et Progrès' invoice of the agapes' hall, suggested by its amount and the lodge's name.
  await page.getByRole('button', { name: /^Confirmer la ligne du .* de 175,00/ }).click();
  await expect(page.getByText('Paiement de Tolérance et Progrès enregistré.')).toBeVisible();
  for (const [amount, note] of [
    ['50,00', 'Don pour la bibliothèque'],
    ['-12,50', 'Frais de tenue de compte du mois'],
  ] as const) {
    await page.getByRole('button', { name: new RegExp(`^Ignorer la ligne du .* de ${amount}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Pourquoi cette ligne reste sans correspondance').fill(note);
    await dialog.getByRole('button', { name: 'Laisser sans correspondance' }).click();
    await expect(dialog).toBeHidden();
  }
  await axeAtBothWidths(page, 'banque-releve-demo');

  // The reconciliation at the statement's last day: nothing waits, the difference is nil.
  const end = parisDaysAgo(3);
  await page.getByRole('link', { name: 'Rapprochement' }).click();
  await expect(page.getByRole('heading', { name: 'Rapprochement bancaire', level: 2 })).toBeVisible();
  await pickDayWithKeys(page, page.getByRole('button', { name: /Date du rapprochement/ }), end.iso);
  const table = page.getByRole('table').filter({ hasText: 'Du relevé à la comptabilité' });
  await expect(table.getByRole('row', { name: /Solde du relevé au/ })).toContainText(end.fr);
  await expect(table.getByRole('row', { name: /Écart inexpliqué/ })).toContainText('0,00');
  await axeAtBothWidths(page, 'banque-rapprochement');
  const validate = page.getByRole('button', { name: `Valider le rapprochement au ${end.fr}` });
  await expect(validate).toBeEnabled();
  await pressOn(validate);
  const dialog = page.getByRole('dialog', { name: `Valider le rapprochement au ${end.fr}` });
  await expect(dialog).toContainText(`La période jusqu’au ${end.fr} sera close`);
  await expect(dialog).toContainText('contre-passation');
  // The harmless answer has the focus: Enter closes the dialog and locks nothing.
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await axeAtBothWidths(page, 'banque-rapprochement-confirmation');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(validate).toBeFocused();
  await expect(page.getByText(`Rapproché au ${end.fr}`)).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Valider et clore la période' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Rapprochement validé au ${end.fr}.`)).toBeVisible();
  await expect(page.getByText(`Rapproché au ${end.fr}`)).toBeVisible();
  // The button is now disabled: the focus went to the page's heading, not to the top of the document.
  await expect(page.getByRole('heading', { name: 'Rapprochement bancaire', level: 2 })).toBeFocused();
});

test('the treasurer prepares a SEPA batch for the lodge with a mandate; its venerable sees the debit announced', async ({
  page,
  browser,
}) => {
  await signIn(page, 'tresorier');
  await page.goto('/app/compta/banque');
  await page.getByRole('link', { name: 'Mandats et prélèvements SEPA' }).click();
  await expect(page.getByRole('heading', { name: 'Mandats et prélèvements', level: 2 })).toBeVisible();
  // The demo's mandate of Les Chevaliers du Rhône.
  await expect(page.getByRole('row', { name: /UNION-CHEV-RHONE-001/ })).toContainText(
    'Les Chevaliers du Rhône',
  );
  // The batch form proposes the first day SEPA settles 14 days ahead; prepared by keyboard.
  const prepare = page.getByRole('button', { name: 'Préparer le lot des factures dues' });
  await pressOn(prepare);
  await expect(page.getByText(/^Lot de \d+ prélèvements? \(.*\) préparé\.$/)).toBeVisible();
  const batchRow = page.getByRole('row', { name: /Préparé, loges prévenues/ }).first();
  await expect(batchRow).toBeVisible();
  const reference = (await batchRow.getByRole('cell').nth(1).innerText()).trim();
  // Both versions of the file, named for theirs.
  for (const version of ['001.02', '001.08']) {
    const download = page.waitForEvent('download');
    await batchRow
      .getByRole('button', { name: `Télécharger le fichier pain.008.${version} du lot ${reference}` })
      .click();
    expect((await download).suggestedFilename()).toBe(`${reference}.pain008.${version}.xml`);
  }
  await axeAtBothWidths(page, 'banque-mandats');

  // The venerable reads the mandate and the debit announced on the lodge's account.
  const venerable = await browser.newPage();
  await signIn(venerable, 'venerable');
  await venerable.goto('/app/loge?onglet=compte');
  await expect(venerable.getByText(/Mandat UNION-CHEV-RHONE-001 signé le/)).toBeVisible();
  await expect(venerable.getByRole('row', { name: /Annoncé/ }).first()).toBeVisible();
  await venerable.close();

  // Not sent to the bank: the batch is cancelled, its invoices free again for the next one.
  await batchRow.getByRole('button', { name: `Annuler le lot ${reference}` }).click();
  await expect(page.getByText('Lot annulé.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('Annulé');
});
