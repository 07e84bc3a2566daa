/**
 * The treasurer's year (issue 11): call the first third for every lodge, send one invoice, record a
 * partial then full payment, remind an overdue invoice, cancel a third one with a credit note, and export
 * the year's fee table.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { lastEmailTo, signIn } from './fixtures';

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

/** Answers the dialog: « Ok » for a report, the action's own name for a question. */
async function confirm(page: Page, action = 'Ok') {
  await page.getByRole('dialog').getByRole('button', { name: action, exact: true }).click();
}

test('the treasurer calls the fees, bills, records payments, reminds, cancels and exports', async ({
  page,
  request,
}) => {
  await signIn(page, 'tresorier');
  await page.getByRole('main').getByText('Comptabilité Union', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Comptabilité Union' })).toBeVisible();

  // The first third for every lodge at once.
  await page.getByRole('button', { name: 'Appeler les cotisations' }).click();
  await page.getByRole('button', { name: 'Appeler la tranche' }).click();
  const report = page.getByRole('dialog', { name: 'Appel de cotisations' });
  await expect(report).toContainText('factures en préparation créées');
  await expect(report).toContainText(/Les Chevaliers du Rhône : [\d\s,]+€/);
  await confirm(page);

  // One invoice issued and e-mailed, then paid in two steps.
  await page.getByRole('textbox', { name: 'État' }).click();
  await page.getByRole('option', { name: 'Facture en préparation' }).click();
  await openOrder(page, 'Les Chevaliers du Rhône');
  await page.getByRole('button', { name: 'Émettre et envoyer la facture par e-mail' }).click();
  await confirm(page, 'Émettre et envoyer la facture par e-mail');
  await expect(page.getByText('La facture est émise et envoyée par e-mail.')).toBeVisible();
  const number = (await page.getByRole('heading', { level: 2 }).textContent())!;
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
  await settle.getByRole('textbox', { name: 'Mode de paiement' }).click();
  await page.getByRole('option', { name: 'Virement' }).click();
  await settle.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Facture payée', { exact: true })).toBeVisible();

  // The overdue invoice of the demo data gets a reminder.
  await page.getByRole('link', { name: 'Retour à la liste' }).click();
  await page.getByRole('checkbox', { name: 'En retard de paiement' }).check();
  await openOrder(page, 'Tolérance et Progrès');
  await page.getByRole('button', { name: 'Envoyer une relance' }).click();
  await confirm(page, 'Envoyer une relance');
  await expect(page.getByText('La relance est envoyée par e-mail.')).toBeVisible();
  await expect(page.getByText(/Niveau 1 le/)).toBeVisible();
  expect((await lastEmailTo(request, 'tresorerie.tolprogres@demo.union-lyon.fr'))?.sujet).toMatch(
    /^Rappel : facture FA-/,
  );

  // A third invoice is issued, then cancelled by a credit note.
  await page.getByRole('link', { name: 'Retour à la liste' }).click();
  await page.getByRole('textbox', { name: 'État' }).click();
  await page.getByRole('option', { name: 'Facture en préparation' }).click();
  await openOrder(page, 'Helvétie Lyonnaise');
  await page.getByRole('button', { name: 'Émettre la facture sans e-mail' }).click();
  await confirm(page, 'Émettre la facture sans e-mail');
  await expect(page.getByText('La facture est émise.')).toBeVisible();
  await page.getByRole('button', { name: 'Annuler la facture' }).click();
  const cancel = page.getByRole('dialog', { name: 'Annuler la facture' });
  await cancel.getByRole('textbox', { name: 'Motif (facultatif)' }).fill('Loge mise en sommeil');
  await cancel.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText(/Avoir AV-\d{4}-\d{4} du/)).toBeVisible();

  // The year's fee table, on screen and in Excel.
  await page.getByRole('link', { name: 'Retour à la liste' }).click();
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
