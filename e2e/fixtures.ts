/**
 * What the journeys share: their `test` (each worker on its own server), signing in through the real
 * login form (a second person on a page of their own), API calls beside the screens, the e-mail outbox,
 * the text of a downloaded PDF.
 */
import { readFile } from 'node:fs/promises';
import {
  expect,
  test as playwrightTest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { serverUrl } from './servers';

/**
 * Every journey's `test`: its pages and API calls go to its worker's own server (servers.ts), so the
 * journeys run two at a time without two of them ever acting on the same database. A journey runs
 * after the others of its worker, as before after the others of the run: none assumes a fresh server.
 */
export const test = playwrightTest.extend<{ closeOwnContexts: void }>({
  // Playwright's fixture signature: the first argument lists the fixtures used, here none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
  // A second person's context (signedInPage, browser.newContext) is the journey's: closed when it ends.
  // Playwright closes only the contexts it made, and the others stayed open for the worker's next files,
  // each a live page using the processor (a failure's screenshots showed five of them).
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
export { expect };

export const DEMO_PASSWORD = 'Union-Demo-2026!';

/** Signs in through the login page and waits for the portal. */
export async function signIn(page: Page, identifiant: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(identifiant);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/portail$/);
}

/** A second person in a journey: a page of their own (own cookies and storage), signed in. */
export async function signedInPage(browser: Browser, identifiant: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, identifiant);
  return page;
}

/**
 * The text of a PDF the browser downloaded, read back with pdf.js (unpdf's build, as the server reads
 * uploads), its lines kept and its French spaces made plain. Loaded when first asked: most journeys read
 * no PDF.
 */
export async function downloadedPdfText(path: string): Promise<string> {
  const { getDocument } = await import('unpdf/pdfjs');
  const data = new Uint8Array(await readFile(path));
  // The text needs no font's glyphs; pdf.js would otherwise warn on each standard font it cannot load.
  const pdf = await getDocument({ data, isEvalSupported: false, disableFontFace: true, verbosity: 0 })
    .promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
  }
  await pdf.destroy();
  return text.replace(/[\u00a0\u202f]/g, ' ').replace(/ +/g, ' ');
}

/**
 * Signs out through the header: its « Déconnexion » button from 1408 px, the user's menu below (the
 * journeys run at 1280 and 380 px).
 */
export async function signOut(page: Page) {
  const menu = page.getByRole('button', { name: "Menu de l'utilisateur" });
  const button = page.getByRole('button', { name: 'Déconnexion' });
  // `isVisible` does not wait: the header is drawn first.
  await expect(menu.or(button).first()).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  } else {
    await button.click();
  }
  await expect(page).not.toHaveURL(/\/app\//);
}

/**
 * Chooses `option` in a list field (Mantine's Select or MultiSelect): opens it and clicks the option,
 * opening it again when its list was closed before the click landed (a page still settling, on a busy
 * machine, may redraw the field and close a list it had just opened).
 */
export async function choose(page: Page, field: Locator, option: string | RegExp) {
  const item = page.getByRole('option', { name: option, exact: typeof option === 'string' });
  await expect(async () => {
    if (!(await item.first().isVisible())) await field.click();
    await item.first().click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Presses `key` on `target` with the keyboard, as a person would after tabbing to it: once it is shown
 * and has the focus. A focus given while a redraw hides or replaces the element is lost, and the key
 * would go to the page.
 */
export async function pressOn(target: Locator, key = 'Enter') {
  await expect(target).toBeVisible();
  await target.focus();
  await expect(target).toBeFocused();
  await target.page().keyboard.press(key);
}

/**
 * Opens `opened` (a menu, a dialog) from `target` with the keyboard, pressing Enter on it again when a
 * redraw swallowed the first press (the page still settling on a busy machine).
 */
export async function openWithKeys(target: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await pressOn(target);
    await expect(opened).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Picks `to` (yyyy-mm-dd) in a date field, with the keyboard alone, as a person would: Enter opens the
 * calendar on the field's day; its arrows walk the days of the month shown (a week's row may begin in the
 * month before), so another month is reached through « Mois précédent » or « Mois suivant », then Tab
 * back to the first day of its grid.
 */
export async function pickDayWithKeys(page: Page, field: Locator, to: string) {
  const MONTHS = Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 1)),
  );
  /** The focused day's button, named « 29 novembre 2026 », as a time in ms (midnight UTC). */
  const focusedDay = async () => {
    const name = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const [d, month, y] = name.split(' ');
    expect(MONTHS, `the focus is on a day, not « ${name} »`).toContain(month);
    return Date.UTC(Number(y), MONTHS.indexOf(month!), Number(d));
  };
  const target = Date.parse(`${to}T00:00:00Z`);
  await field.focus();
  await page.keyboard.press('Enter');
  // A key pressed while the calendar opens is lost: wait for the focus to reach the field's day.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('table') !== null)).toBe(true);
  let at = await focusedDay();
  const shown = new Date(at);
  // Months between the one shown and the target's: « Mois précédent » is three Shift+Tab from the day,
  // « Mois suivant » one; Tab as many times comes back to the grid's first day.
  const months =
    (Number(to.slice(0, 4)) - shown.getUTCFullYear()) * 12 +
    (Number(to.slice(5, 7)) - 1 - shown.getUTCMonth());
  if (months !== 0) {
    const steps = months < 0 ? 3 : 1;
    for (let i = 0; i < steps; i++) await page.keyboard.press('Shift+Tab');
    await expect(
      page.getByRole('button', { name: months < 0 ? 'Mois précédent' : 'Mois suivant' }),
    ).toBeFocused();
    for (let i = 0; i < Math.abs(months); i++) await page.keyboard.press('Enter');
    for (let i = 0; i < steps; i++) await page.keyboard.press('Tab');
    at = await focusedDay();
  }
  // The arrows skip the days of the months around (from « 28 septembre », → goes to « 1 octobre »): read
  // where the focus is after each key.
  for (let keys = 0; at !== target && keys < 62; keys++) {
    await page.keyboard.press(at > target ? 'ArrowLeft' : 'ArrowRight');
    at = await focusedDay();
  }
  expect(at).toBe(target);
  await page.keyboard.press('Enter');
  await expect(field).toBeFocused();
}

/** A bearer token for API checks made beside the screens (e.g. reading the outbox as admin). */
export async function apiToken(request: APIRequestContext, identifiant: string, password = DEMO_PASSWORD) {
  const response = await request.post('/oauth/token', {
    headers: {
      authorization: `Basic ${Buffer.from('union-intranet:union-intranet-secret').toString('base64')}`,
    },
    form: { grant_type: 'password', username: identifiant, password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * A mutating API call beside the screens, with the bearer and the double-submit XSRF header (the cookie
 * read first); fails the journey unless it succeeds. Answers the JSON body, or null for a 204.
 */
export async function apiSend<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  await request.get('/api/health');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (response.status() === 204 ? null : await response.json()) as T;
}

/** The newest e-mail of the outbox sent to an address, read through the admin call. */
export async function lastEmailTo(request: APIRequestContext, address: string) {
  const token = await apiToken(request, 'admin');
  const response = await request.get('/api/admin/emails', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const emails = (await response.json()) as { destinataire: string; sujet: string; texte: string }[];
  return emails.find((e) => e.destinataire.toLowerCase() === address.toLowerCase());
}

/** The first link of an e-mail's text, made relative so it opens on the server under test. */
export function linkIn(text: string): string {
  const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
  return `${url.pathname}${url.search}`;
}
