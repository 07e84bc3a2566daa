// Scratch walk of the card desk (not committed).
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const BASE = 'http://127.0.0.1:8361';
const OUT = '/tmp/walk';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
async function as(who) {
  const ctx = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(who);
  await page.getByLabel('Mot de passe').fill('Union-Demo-2026!');
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await page.waitForURL(/\/app\/portail$/);
  return page;
}
async function shot(page, name) {
  for (const w of [1280, 380]) {
    await page.setViewportSize({ width: w, height: w === 1280 ? 900 : 800 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  writeFileSync(`${OUT}/${name}.txt`, await page.evaluate(() => document.body.innerText));
}
const desk = await as('restaurant');
await desk.goto('/app/restauration/caisse');
const opening = desk.getByRole('form', { name: 'Ouvrir une session de caisse' });
await opening.getByLabel('Fond de caisse (€)').fill('50');
await opening.getByLabel('Fond de caisse (€)').press('Enter');
await desk.getByRole('heading', { name: /Bar du restaurant – session n° \d+/ }).waitFor();
const form = desk.getByRole('form', { name: 'Créditer ou débiter une carte' });
async function move(who, op, amount, detail) {
  await form.getByLabel('Carte de').fill(who);
  await form.getByRole('radio', { name: new RegExp(`${who} – solde`) }).first().check();
  await form.locator('label', { hasText: op }).click();
  await form.getByLabel('Montant (€)').fill(amount);
  if (detail) await form.getByLabel(detail[0]).fill(detail[1]);
  const dl = desk.waitForEvent('download');
  await form.getByLabel('Montant (€)').press('Enter');
  const d = await dl;
  await d.saveAs(`${OUT}/recu-${op.replace(/\W+/g, '-')}.pdf`);
  await desk.waitForTimeout(800);
}
await move('Paul Voisin', 'Crédit en espèces', '20');
await move('Marie Membre', 'Crédit par chèque', '30', ['Numéro et banque du chèque', 'n° 1234567, Crédit Lyonnais']);
await move('Paul Voisin', 'Vente au bar', '4', ['Article vendu', 'Verre de Beaujolais']);
await shot(desk, 'desk-session');
const closing = desk.getByRole('form', { name: 'Clôturer la session' });
await closing.getByLabel('Espèces comptées (€)').fill('69');
await closing.getByRole('button', { name: 'Clôturer la session' }).click();
await desk.waitForTimeout(800);
await shot(desk, 'desk-cloture-motif');
await closing.getByLabel('Motif de l’écart').fill('Un euro rendu en trop');
await closing.getByRole('button', { name: 'Clôturer la session' }).click();
await desk.waitForTimeout(1500);
await shot(desk, 'desk-cloturee');
const t = await as('tresorier');
await t.goto('/app/restauration/soldes');
await t.getByRole('table', { name: 'Sessions de caisse' }).waitFor();
await shot(t, 'tresorier-soldes');
const dl = t.waitForEvent('download');
await t.getByRole('button', { name: /Excel/ }).or(t.getByRole('link', { name: /Excel/ })).first().click();
await (await dl).saveAs(`${OUT}/soldes.xlsx`);
const m = await as('membre');
await m.goto('/app/account/payments');
await m.waitForTimeout(2000);
await shot(m, 'membre-carte');
await browser.close();
