/** Gestion Loge journeys of issue 3: a lodge manager adds and imports members, then exports the list. */
import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test, lastEmailTo, signIn } from './fixtures';

/** The rows of the first sheet of a downloaded workbook, as text. */
async function workbookRows(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))),
  );
  return rows;
}

async function openLodge(page: Page) {
  await signIn(page, 'venerable');
  await page.getByRole('main').getByText('Gestion Loge', { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/loge$/);
  // Gestion Loge opens on the lodge's dashboard (issue 33); the members are the next tab.
  await page.getByRole('tab', { name: 'Membres' }).click();
  await expect(page.getByRole('heading', { name: 'Les Chevaliers du Rhône' })).toBeVisible();
}

test('venerable adds a new member to the lodge, who is invited, then exports the list with them in it', async ({
  page,
  request,
}) => {
  const email = `agathe.rousseau.${Date.now()}@exemple.fr`;
  await openLodge(page);

  await page.getByRole('button', { name: 'Ajouter un membre' }).click();
  const modal = page.getByRole('dialog', { name: 'Ajouter un membre à « Les Chevaliers du Rhône »' });
  await modal.getByText('Nouveau membre').click();
  await modal.getByRole('textbox', { name: 'Nom', exact: true }).fill('Rousseau');
  await modal.getByRole('textbox', { name: 'Prénom' }).fill('Agathe');
  await modal.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await modal.getByRole('textbox', { name: 'Fonction' }).fill('Hospitalière');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(`Membre créé : une invitation a été envoyée à ${email}.`)).toBeVisible();
  const row = page.getByRole('row', { name: /Rousseau Agathe/ });
  await expect(row).toContainText('Hospitalière');
  expect((await lastEmailTo(request, email))?.sujet).toBe("Votre accès à l'Intranet de l'Union");

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter (Excel)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^membres-CHEV-RHONE-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const rows = await workbookRows(await file.path());
  expect(rows[0]!.slice(0, 5)).toEqual(['Nom', 'Prénom', 'E-mail', 'Téléphone', 'Fonction']);
  expect(rows.find((r) => r[2] === email)?.slice(0, 5)).toEqual([
    'Rousseau',
    'Agathe',
    email,
    '',
    'Hospitalière',
  ]);
  expect(rows.find((r) => r[5] === 'venerable')?.[4]).toBe('Vénérable Maître');
});

test('venerable imports a CSV: preview with a rejected row, confirmation, report, members listed', async ({
  page,
}) => {
  const stamp = Date.now();
  await openLodge(page);
  await page.getByRole('button', { name: 'Importer' }).click();
  const wizard = page.getByRole('dialog', { name: /Importer des membres/ });
  const csv =
    'Nom;Prénom;E-mail;Téléphone;Fonction\n' +
    `Garnier;Léon;leon.garnier.${stamp}@exemple.fr;04 78 11 22 33;Expert\n` +
    `Sans;Adresse;pas-une-adresse;;\n`;
  await wizard.locator('input[type="file"]').setInputFiles({
    name: 'membres.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(wizard.getByLabel('À créer : 1')).toBeVisible();
  await expect(wizard.getByLabel('Rejetée : 1')).toBeVisible();
  await expect(wizard.getByText('Adresse e-mail invalide « pas-une-adresse ».')).toBeVisible();

  await wizard.getByRole('button', { name: 'Importer 1 membre' }).click();
  await page
    .getByRole('dialog', { name: 'Confirmer l’import' })
    .getByRole('button', { name: 'Importer', exact: true })
    .click();
  await expect(wizard.getByText('Import terminé')).toBeVisible();
  // The wizard's own button (the dialog's close cross is named « Fermer » too).
  await wizard.getByRole('button', { name: 'Fermer', exact: true }).last().click();
  await expect(page.getByRole('row', { name: /Garnier Léon/ })).toContainText('Expert');
});
