import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// The audit every axe journey relies on finds what it must, so that passing it means something: a
// nameless button, grey on white, a field without a label, in a page and in a frame of a page (the two
// ways axe.ts runs); and not a best-practice rule outside WCAG 2.1 AA (text outside any region).
const PAGE = `<!doctype html><html lang="fr"><head><title>Essai</title></head><body>
  <main><h1>Essai</h1><button></button><p style="color:#bbb;background:#fff">Texte trop pâle</p>FRAME</main>
  <div>Hors des régions</div></body></html>`;
const FRAME = `<iframe title="Cadre" srcdoc="<!doctype html><html lang='fr'><title>Cadre</title><body><input type='text'></body></html>"></iframe>`;

const found = async (page: Page) =>
  (await seriousViolations(page)).map((v) => `${v.id} ×${v.nodes.length}`).sort();

test('the axe audit finds the WCAG failures of a page, and only those', async ({ page }) => {
  await page.setContent(PAGE.replace('FRAME', ''));
  expect(await found(page)).toEqual(['button-name ×1', 'color-contrast ×1']);
});

test('the axe audit finds the WCAG failures inside a frame of the page', async ({ page }) => {
  await page.setContent(PAGE.replace('FRAME', FRAME));
  await expect(page.frameLocator('iframe').locator('input')).toBeVisible();
  expect(await found(page)).toEqual(['button-name ×1', 'color-contrast ×1', 'label ×1']);
});
