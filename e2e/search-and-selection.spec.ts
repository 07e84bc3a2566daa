/**
 * The header's search and the users' selection (issue 33): an administrator (every right) types in the
 * header's search and goes to a person, a document, an invoice and a reservation it finds; on the users'
 * list they choose the page size, select rows and use the selection (an e-mail link with every address in
 * Bcc, the Excel export downloaded and read back, habilitations added to all at once). Axe at 1280 and
 * 380 px on these screens.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { choose, expect, test, signIn } from './fixtures';
import { axeAtBothWidths, seriousViolations, untilShown } from './axe';

const searchBox = (scope: Page | Locator) =>
  scope.getByRole('combobox', { name: 'Rechercher une personne, un document, une pièce ou une réservation' });

/** Types in the header's search and answers the first line found whose text matches `line`. */
async function find(page: Page, text: string, line: RegExp): Promise<Locator> {
  await searchBox(page).fill(text);
  await expect(page.getByText(/^\d+ résultats? : flèches pour choisir, Entrée pour ouvrir\.$/)).toBeVisible();
  const option = page.getByRole('option').filter({ hasText: line }).first();
  await expect(option).toBeVisible();
  return option;
}

/** The phone's search: a « Rechercher » button opening the box in a dialog, audited with its lines. */
async function axePhoneSearch(page: Page, text: string, name: string) {
  await page.setViewportSize({ width: 380, height: 800 });
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rechercher' });
  await searchBox(dialog).fill(text);
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await untilShown(page);
  const problems = (await seriousViolations(page)).map(
    (v) => `${name} 380px: ${v.id} (${v.help}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  if (sideways) problems.push(`${name} 380px: la page défile horizontalement`);
  await page.screenshot({ path: `test-results/axe-${name}-380.png`, fullPage: true });
  expect(problems).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an administrator finds a person, a document, an invoice and a reservation from the header’s search', async ({
  page,
}) => {
  await signIn(page, 'admin');

  // A person, from the keyboard: the arrows walk the lines, Enter opens the one chosen.
  const person = await find(page, 'Martin', /@demo\.union-lyon\.fr/);
  const name = (await person.locator('p').first().textContent())!.trim();
  await axeAtBothWidths(page, 'recherche-entete');
  await searchBox(page).fill('Martin');
  await expect(person).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/admin\/utilisateurs\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await axePhoneSearch(page, 'Martin', 'recherche-telephone');

  // A document.
  const document = await find(page, 'Convocation', /^Convocation à la tenue du mois/);
  await document.click();
  await expect(page).toHaveURL(/\/app\/doc\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Convocation à la tenue du mois' })).toBeVisible();

  // An invoice, by its number.
  const invoice = await find(page, 'FA-2026', /^Facture FA-2026-\d{4} · /);
  const numero = /FA-2026-\d{4}/.exec((await invoice.textContent())!)![0];
  await invoice.click();
  await expect(page).toHaveURL(/\/app\/compta\/commandes\/\d+$/);
  await expect(page.getByRole('heading', { name: numero })).toBeVisible();

  // A reservation: its day in the planning, the booking among its blocks.
  const booking = await find(page, 'Tenue régulière', /^Tenue régulière · /);
  const lodge = (await booking.locator('p').first().textContent())!.replace(/^Tenue régulière · /, '').trim();
  await booking.click();
  await expect(page).toHaveURL(/\/app\/reservations\/planning\?date=\d{4}-\d{2}-\d{2}&vue=jour$/);
  await expect(
    page.getByRole('button', { name: new RegExp(`^Tenue régulière, ${lodge}, \\d\\d:\\d\\d à`) }).first(),
  ).toBeVisible();
});

test('an administrator chooses the page size, selects users and writes to them, exports them and changes their habilitations', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin/utilisateurs');
  const table = page.getByRole('table');
  const rowBoxes = table.getByRole('checkbox', { name: /^Sélectionner / });
  await expect(rowBoxes).toHaveCount(20);

  // The page size: 50 a page, kept in the address.
  await choose(page, page.getByRole('textbox', { name: 'Utilisateurs par page' }), '50 par page');
  await expect(page).toHaveURL(/taille=50/);
  await expect(rowBoxes).toHaveCount(50);

  // The whole page selected, then none.
  await table.getByRole('checkbox', { name: 'Tout sélectionner sur la page' }).check();
  const bar = page.getByRole('region', { name: 'Utilisateurs sélectionnés' });
  await expect(bar).toContainText('50 utilisateurs sélectionnés');
  await bar.getByRole('button', { name: 'Tout désélectionner' }).click();
  await expect(bar).toContainText('Aucun utilisateur sélectionné');

  // Two people named Martin, chosen one by one.
  await page.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('Martin');
  await expect(page.getByText(/^\d+ utilisateurs?$/)).toBeVisible();
  // A row each: its box, then the name, first name, identifiant and e-mail.
  const martins = table
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Sélectionner .* Martin$/ }) });
  await expect(martins.nth(1)).toBeVisible();
  const chosen: string[] = [];
  const emails: string[] = [];
  for (const i of [0, 1]) {
    const box = martins.nth(i).getByRole('checkbox');
    await box.check();
    chosen.push((await box.getAttribute('aria-label'))!.replace(/^Sélectionner /, ''));
    emails.push((await martins.nth(i).getByRole('cell').nth(4).innerText()).trim());
  }
  await expect(bar).toContainText('2 utilisateurs sélectionnés');
  await axeAtBothWidths(page, 'utilisateurs-selection');

  // Writing to them: one mailto: link, every address in Bcc.
  const mail = bar.getByRole('link', { name: 'Écrire aux sélectionnés' });
  await expect(mail).toHaveAttribute('href', `mailto:?bcc=${emails.map(encodeURIComponent).join(',')}`);

  // The Excel export, read back: a row for each one selected.
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Exporter (Excel)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('utilisateurs.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  expect(rows[0]!.slice(0, 4)).toEqual(['Nom', 'Prénom', 'Identifiant', 'E-mail']);
  expect(
    rows
      .slice(1)
      .map((row) => row[3])
      .sort(),
  ).toEqual([...emails].sort());

  // Habilitations in bulk: « Planning » added to both, found by the list's filter.
  await bar.getByRole('button', { name: 'Changer les habilitations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Changer les habilitations de 2 utilisateurs' });
  await choose(page, dialog.getByRole('textbox', { name: 'Habilitations à ajouter' }), 'Planning');
  await dialog.getByRole('heading', { name: /Changer les habilitations/ }).click();
  await axeAtBothWidths(page, 'utilisateurs-habilitations');
  await dialog.getByRole('button', { name: 'Appliquer à 2 utilisateurs' }).click();
  await expect(page.getByText('Habilitations changées pour 2 utilisateurs.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await choose(page, page.getByRole('textbox', { name: 'Habilitation' }), 'Planning');
  for (const who of chosen)
    await expect(table.getByRole('checkbox', { name: `Sélectionner ${who}` })).toBeVisible();
});
