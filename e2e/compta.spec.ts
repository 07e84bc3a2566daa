/**
 * The treasurer's year (issues 11 and 20): call the first third for every lodge, send one invoice, record
 * a partial then full payment, send the reminders due from « Relances » (each level's letter stays
 * downloadable), cancel a third invoice with a credit note, and export the year's fee table; a partial
 * credit note on a paid invoice whose credit settles the lodge's next invoice; the second third issued
 * and e-mailed to every lodge in one action after its preview; a card payment « à régulariser » kept
 * as the lodge's credit with the keyboard alone.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, expect, test, apiSend, apiToken, lastEmailTo, signIn, pressOn } from './fixtures';

/** A mutating call as the treasurer. */
async function send(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  return apiSend<{ id: number; numeroFacture: string | null }>(
    request,
    await apiToken(request, 'tresorier'),
    method,
    url,
    data,
  );
}

/** An invoice issued today to a lodge (by its code), without e-mail. */
async function issuedInvoice(
  request: APIRequestContext,
  code: string,
  objet: string,
  lignes: { libelle: string; quantite: number; prixUnitaire: number }[],
) {
  const admin = await apiToken(request, 'admin');
  const lodges = (await (
    await request.get('/api/entite/all', { headers: { authorization: `Bearer ${admin}` } })
  ).json()) as { id: number; code: string }[];
  const draft = await send(request, 'POST', '/api/compta/commande', {
    type: 'S',
    idEntite: lodges.find((e) => e.code === code)!.id,
    annee: 2026,
    objet,
    devis: false,
    lignes,
  });
  return send(request, 'PUT', '/api/compta/commande?action=FACTURE_SENT', { id: draft.id });
}

/** Opens the order of a lodge in the list (filtered on the state when asked). */
async function openOrder(page: Page, lodge: string) {
  await page
    .getByRole('row', { name: new RegExp(lodge) })
    .first()
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/app\/compta\/commandes\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lignes' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(lodge);
}

/** Answers the dialog with its button that says what it does (« Ok » only acknowledges a report). */
async function confirm(page: Page, button = 'Ok') {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
}

test('the treasurer calls the fees, bills, records payments, reminds, cancels and exports', async ({
  page,
  request,
}) => {
  await signIn(page, 'tresorier');
  await page.getByRole('main').getByText('Comptabilité Union', { exact: true }).click();
  // The section opens on the dashboard (issue 33); the orders are one link away.
  await expect(page.getByRole('heading', { name: 'Tableau de bord comptable' })).toBeVisible();
  await page.getByRole('link', { name: 'Factures et devis' }).click();
  await expect(page.getByRole('heading', { name: 'Factures et devis' })).toBeVisible();

  // The first third for every lodge at once.
  await page.getByRole('button', { name: 'Préparer l’appel de cotisations' }).click();
  await page.getByRole('button', { name: 'Appeler la tranche' }).click();
  const report = page.getByRole('dialog', { name: 'Appel de cotisations' });
  await expect(report).toContainText('factures en préparation créées');
  await expect(report).toContainText(/Les Chevaliers du Rhône : [\d\s,]+€/);
  await confirm(page);

  // One invoice issued and e-mailed, then paid in two steps.
  await choose(page, page.getByRole('textbox', { name: 'État' }), 'Facture en préparation');
  await openOrder(page, 'Les Chevaliers du Rhône');
  await page.getByRole('button', { name: 'Émettre et envoyer la facture par e-mail' }).click();
  await confirm(page, 'Émettre et envoyer');
  await expect(page.getByText('La facture est émise et envoyée par e-mail.')).toBeVisible();
  // The page's own title: the confirmation dialog (its title an h2 too) may still be closing.
  const number = (await page.getByRole('main').getByRole('heading', { level: 2 }).textContent())!;
  expect(number).toMatch(/^FA-\d{4}-\d{4}$/);
  expect((await lastEmailTo(request, 'tresorerie.chevrhone@demo.union-lyon.fr'))?.sujet).toContain(
    `Facture ${number}`,
  );

  await page.getByRole('button', { name: 'Enregistrer un paiement' }).click();
  const payment = page.getByRole('dialog', { name: 'Enregistrer un paiement' });
  await payment.getByRole('textbox', { name: 'Numéro du chèque' }).fill('0001234');
  await payment.getByRole('textbox', { name: 'Montant (€)' }).fill('100');
  await payment.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Le paiement est enregistré.')).toBeVisible();
  await expect(page.getByText(/Chèque \(0001234\) · 100,00/)).toBeVisible();
  await page.getByRole('button', { name: 'Solder la facture' }).click();
  const settle = page.getByRole('dialog', { name: 'Solder la facture' });
  await choose(page, settle.getByRole('textbox', { name: 'Mode de paiement' }), 'Virement');
  await settle.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Facture payée', { exact: true })).toBeVisible();

  // The reminders due go from « Relances »: the demo's overdue rental (first letter) and the lodge's hall
  // invoice already reminded once (second letter), previewed then sent in one action.
  await page.getByRole('link', { name: 'Retour aux factures et devis' }).click();
  await page.getByRole('link', { name: 'Relances' }).click();
  await expect(page.getByRole('heading', { name: 'Relances' })).toBeVisible();
  const overdue = page.getByRole('region', { name: 'Factures en retard de paiement' });
  await expect(overdue.getByRole('row', { name: /Tolérance et Progrès/ })).toContainText(
    'Rappel de paiement',
  );
  const hall = overdue.getByRole('row', { name: /Les Chevaliers du Rhône/ });
  await expect(hall).toContainText('Deuxième relance');
  await page.getByRole('checkbox', { name: /^Relancer la facture FA-.* \(Tolérance et Progrès\)$/ }).check();
  await page
    .getByRole('checkbox', { name: /^Relancer la facture FA-.* \(Les Chevaliers du Rhône\)$/ })
    .check();
  await page.getByRole('button', { name: 'Aperçu de l’envoi (2)' }).click();
  const preview = page.getByRole('dialog', { name: 'Aperçu de l’envoi des relances' });
  await expect(preview).toContainText('2 relances seront envoyées par e-mail, avec la facture.');
  await expect(preview.getByRole('list', { name: 'Relances à envoyer' })).toContainText(
    /Tolérance et Progrès : Rappel de paiement, reste dû 180,00/,
  );
  await preview.getByRole('button', { name: 'Envoyer 2 relances' }).click();
  const sent = page.getByRole('dialog', { name: 'Relances', exact: true });
  await expect(sent).toContainText('2 relances envoyées.');
  await expect(sent).toContainText(/Les Chevaliers du Rhône : Deuxième relance/);
  await confirm(page);
  expect((await lastEmailTo(request, 'tresorerie.tolprogres@demo.union-lyon.fr'))?.sujet).toMatch(
    /^Rappel : facture FA-/,
  );
  // Sent today, nothing more is due; both letters of the hall invoice stay downloadable.
  await expect(hall).toContainText(/Deuxième relance \(\d{2}\/\d{2}\/\d{4}\)/);
  await expect(page.getByRole('checkbox', { name: /\(Les Chevaliers du Rhône\)$/ })).toBeDisabled();
  for (const level of [1, 2]) {
    const letter = page.waitForEvent('download');
    await hall.getByRole('button', { name: new RegExp(`^Télécharger la lettre ${level} `) }).click();
    expect((await letter).suggestedFilename()).toMatch(
      new RegExp(`^relance-${level}-FA-\\d{4}-\\d{4}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
  }

  // A third invoice is issued, then cancelled by a credit note.
  await page
    .getByRole('navigation', { name: 'Sections de la comptabilité' })
    .getByRole('link', { name: 'Factures et devis' })
    .click();
  await choose(page, page.getByRole('textbox', { name: 'État' }), 'Facture en préparation');
  await openOrder(page, 'Helvétie Lyonnaise');
  await page.getByRole('button', { name: 'Émettre la facture sans e-mail' }).click();
  await confirm(page, 'Émettre la facture');
  await expect(page.getByText('La facture est émise.')).toBeVisible();
  await page.getByRole('button', { name: 'Annuler la facture' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler la facture' });
  await cancel.getByRole('textbox', { name: 'Motif (facultatif)' }).fill('Loge mise en sommeil');
  await expect(cancel).toContainText(/sera annulée par un avoir numéroté de [\d\s,]+€\./);
  await cancel.getByRole('button', { name: 'Annuler la facture' }).click();
  await expect(page.getByText(/Avoir AV-\d{4}-\d{4} du/)).toBeVisible();

  // The year's fee table, on screen and in Excel.
  await page.getByRole('link', { name: 'Retour aux factures et devis' }).click();
  await page.getByRole('link', { name: 'Tableau des cotisations' }).click();
  // The list also has rows naming the lodge: wait for the fee table itself before looking for its row.
  const fees = page.getByRole('region', { name: 'Cotisations par loge' });
  await expect(fees.getByRole('row', { name: /Les Chevaliers du Rhône/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter en Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cotisations-\d{4}-\d{4}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]!.slice(0, 3)).toEqual(['Loge ou association', 'Type', 'Membres actifs']);
  const chevaliers = rows.find((r) => r[0] === 'Les Chevaliers du Rhône')!;
  // The first third is called and paid in full.
  expect(chevaliers[3]).toBeGreaterThan(0);
  expect(chevaliers[4]).toBe(chevaliers[3]);
});

test('a partial credit note on a paid invoice leaves a credit that settles the lodge’s next invoice', async ({
  page,
  request,
}) => {
  const stamp = Date.now() % 100000;
  const paid = await issuedInvoice(request, 'LUM-FOURVIERE', `Tenue blanche ${stamp}`, [
    { libelle: 'Temple Hiram, une soirée', quantite: 1, prixUnitaire: 10000 },
    { libelle: 'Ménage après la tenue', quantite: 1, prixUnitaire: 5000 },
  ]);
  await send(request, 'PUT', '/api/compta/commande?action=FACTURE_PAID', {
    id: paid.id,
    paiement: {
      mode: 'V',
      date: new Date().toISOString().slice(0, 10),
      reference: 'VIR-LUM',
      montant: 15000,
    },
  });

  await signIn(page, 'tresorier');
  await page.goto(`/app/compta/commandes/${paid.id}`);
  await expect(page.getByText('Facture payée', { exact: true })).toBeVisible();
  // The cleaning was not done: a credit note of that line alone.
  await page.getByRole('button', { name: 'Établir un avoir' }).click();
  const note = page.getByRole('dialog', { name: 'Établir un avoir' });
  await note.getByRole('checkbox', { name: /^Ménage après la tenue/ }).check();
  await note.getByRole('textbox', { name: 'Motif (facultatif)' }).fill('Ménage non effectué');
  await expect(note).toContainText(/Avoir de 50,00\s€ : 50,00\s€ seront portés au crédit de la loge\./);
  await note.getByRole('button', { name: 'Établir l’avoir' }).click();
  await expect(page.getByText('L’avoir est établi.')).toBeVisible();
  await expect(page.getByText(/Avoir AV-\d{4}-\d{4} de 50,00\s€ établi/)).toBeVisible();
  await expect(page.getByText(/Crédit de la loge : 50,00/)).toBeVisible();
  // The invoice stays paid; the avoir's PDF is offered beside the invoice's.
  await expect(page.getByText('Facture payée', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Télécharger l’avoir AV-/ })).toBeVisible();

  // The lodge's next invoice: the credit settles 50 € of it.
  const next = await issuedInvoice(request, 'LUM-FOURVIERE', `Agapes ${stamp}`, [
    { libelle: 'Salle des agapes, une soirée', quantite: 1, prixUnitaire: 12000 },
  ]);
  await page.goto(`/app/compta/commandes/${next.id}`);
  await expect(page.getByText(/Crédit de la loge : 50,00/)).toBeVisible();
  await page.getByRole('button', { name: 'Imputer le crédit de la loge' }).click();
  const use = page.getByRole('dialog', { name: 'Imputer le crédit de la loge' });
  await expect(use).toContainText(/Le crédit de la loge \(50,00\s€\) réglera 50,00\s€ des 120,00\s€ dus/);
  await use.getByRole('button', { name: /^Imputer 50,00\s€$/ }).click();
  await expect(page.getByText('Le crédit de la loge est imputé sur la facture.')).toBeVisible();
  await expect(page.getByText(/Reste dû : 70,00/).first()).toBeVisible();
  await expect(page.getByText(/Crédit de la loge : /)).toHaveCount(0);
  // Nothing more to use: the action is no longer offered.
  await expect(page.getByRole('button', { name: 'Imputer le crédit de la loge' })).toHaveCount(0);
});

test('the second third is issued and e-mailed to every lodge in one action, after its preview', async ({
  page,
  request,
}) => {
  await signIn(page, 'tresorier');
  await page.goto('/app/compta/commandes');
  await page.getByRole('button', { name: 'Préparer l’appel de cotisations' }).click();
  const call = page.getByRole('dialog', { name: 'Appeler une tranche pour toutes les loges' });
  await choose(page, call.getByRole('textbox', { name: 'Tranche' }), '2e tiers');
  await call.getByRole('button', { name: 'Appeler la tranche' }).click();
  await expect(page.getByRole('dialog', { name: 'Appel de cotisations' })).toContainText(
    'factures en préparation créées',
  );
  await confirm(page);

  await page.getByRole('button', { name: 'Émettre et envoyer l’appel' }).click();
  const issue = page.getByRole('dialog', { name: 'Émettre et envoyer les factures d’un appel' });
  await choose(page, issue.getByRole('textbox', { name: 'Tranche' }), '2e tiers');
  await issue.getByRole('button', { name: 'Voir l’aperçu' }).click();
  await expect(issue).toContainText(/(\d+) factures seront émises et envoyées, pour un total de/);
  const count = Number(/(\d+) factures seront émises/.exec((await issue.textContent())!)![1]);
  await expect(issue.getByRole('list', { name: 'Factures à émettre' })).toContainText(
    /Les Chevaliers du Rhône : [\d\s,]+€ \(tresorerie\.chevrhone@demo\.union-lyon\.fr\)/,
  );
  await issue.getByRole('button', { name: `Émettre et envoyer ${count} factures` }).click();
  const report = page.getByRole('dialog', { name: 'Appel de cotisations émis' });
  await expect(report).toContainText(`${count} factures émises et envoyées.`);
  await expect(report).toContainText(/FA-\d{4}-\d{4} — Les Chevaliers du Rhône/);
  await confirm(page);
  expect((await lastEmailTo(request, 'tresorerie.chevrhone@demo.union-lyon.fr'))?.sujet).toMatch(
    /^Facture FA-/,
  );
  // Nothing left to issue for that call.
  await page.getByRole('button', { name: 'Émettre et envoyer l’appel' }).click();
  await choose(page, issue.getByRole('textbox', { name: 'Tranche' }), '2e tiers');
  await issue.getByRole('button', { name: 'Voir l’aperçu' }).click();
  await expect(issue).toContainText('Aucune facture en préparation à émettre pour cet appel.');
});

test('keyboard only: a card payment « à régulariser » is kept as the lodge’s credit', async ({ page }) => {
  await signIn(page, 'tresorier');
  await page.goto('/app/compta/balance-agee');
  const section = page.getByRole('region', { name: 'Paiements par carte à régulariser' });
  const row = section.getByRole('row', { name: /Les Amis du Temple de la rue Garibaldi/ });
  await expect(row).toContainText('75,00');
  await pressOn(row.getByRole('button', { name: 'Porter au crédit de la loge' }));
  const dialog = page.getByRole('dialog', { name: 'Régulariser le paiement par carte' });
  await expect(dialog).toContainText('« Les Amis du Temple de la rue Garibaldi »');
  // « Annuler » has the focus first; the confirming button, after it, says what it does.
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: /^Porter 75,00\s€ au crédit$/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/75,00\s€ portés au crédit du compte « Les Amis du Temple/)).toBeVisible();
  await expect(section).toHaveCount(0);
});
