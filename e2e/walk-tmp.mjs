// Scratch walk (not committed): screenshots and page texts of the screens of issue 21.
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
const BASE = 'http://127.0.0.1:8361';
const OUT = '/tmp/walk';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
async function as(who) {
  const ctx = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(who);
  await page.getByLabel('Mot de passe').fill('Union-Demo-2026!');
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await page.waitForURL(/\/app\/portail$/);
  return page;
}
async function shot(page, name, before) {
  for (const w of [1280, 380]) {
    await page.setViewportSize({ width: w, height: w === 1280 ? 900 : 800 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  writeFileSync(`${OUT}/${name}.txt`, await page.evaluate(() => document.body.innerText));
}
const screens = JSON.parse(process.argv[2]);
for (const [who, list] of Object.entries(screens)) {
  const page = await as(who);
  for (const [name, path, wait] of list) {
    try {
      await page.goto(path);
      if (wait) await page.getByText(wait).first().waitFor({ timeout: 10000 });
      else await page.waitForTimeout(2500);
      await shot(page, `${who}-${name}`);
    } catch (e) { console.log('FAIL', who, name, String(e).split('\n')[0]); }
  }
}
await browser.close();
