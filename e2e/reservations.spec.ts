/** The planning journeys of issue 4: a request accepted then deleted on request, and a refused request. */
import { type Page } from '@playwright/test';
import { expect, test, signIn, signedInPage } from './fixtures';

/** A day ten days ahead (Paris), away from the demo's closed days. */
function dayAhead(days: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  return day.endsWith('-12-25') || day.endsWith('-05-01') ? dayAhead(days + 1) : day;
}

/** Selects a free range in a room of the day view and sends the request form. */
async function request(
  page: Page,
  day: string,
  room: string,
  from: string,
  lastSlot: string,
  libelle: string,
) {
  await page.goto(`/app/reservations?date=${day}&vue=jour`);
  await page
    .getByRole('button', { name: `${room}, ${from} à`, exact: false })
    .first()
    .click();
  await page.getByRole('button', { name: new RegExp(`^${room}, ${lastSlot} à`) }).click();
  await page.getByRole('button', { name: 'Demander ce créneau' }).click();
  const form = page.getByRole('dialog', { name: 'Demander une salle' });
  await form.getByRole('textbox', { name: /Libellé/ }).fill(libelle);
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(page.getByText('Votre demande est envoyée au secrétariat de l’Union')).toBeVisible();
}

/** Opens a request from "Mes demandes" and returns its panel. */
async function openFromRequests(page: Page, libelle: string) {
  await page.goto('/app/reservations/demandes');
  await page
    .getByRole('button', { name: `Ouvrir « ${libelle} »`, exact: false })
    .first()
    .click();
  return page.getByRole('dialog', { name: 'Réservation' });
}

/** Clicks an action of the panel and confirms it with the dialog's button, named as the action. */
async function confirmAction(page: Page, panel: ReturnType<Page['getByRole']>, action: string) {
  await panel.getByRole('button', { name: action, exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `${action} pour` })
    .getByRole('button', { name: action, exact: true })
    .click();
}

test('venerable requests a slot, secretariat accepts; venerable asks its deletion, secretariat accepts', async ({
  browser,
}) => {
  const day = dayAhead(10);
  const libelle = 'Répétition de l’initiation (e2e)';
  const venerable = await signedInPage(browser, 'venerable');
  const secretariat = await signedInPage(browser, 'secretariat');

  await request(venerable, day, 'Salle Condorcet', '10:00', '11:00', libelle);
  const block = venerable.getByRole('button', {
    name: `${libelle}, Les Chevaliers du Rhône, 10:00 à 11:30`,
    exact: false,
  });
  await expect(block).toBeVisible();
  await expect(block).toContainText('Création demandée');

  let panel = await openFromRequests(secretariat, libelle);
  await expect(panel.getByRole('button', { name: 'Refuser la demande' })).toBeVisible();
  await confirmAction(secretariat, panel, 'Accepter la demande');
  await expect(secretariat.getByText('La demande est acceptée : la salle est réservée.')).toBeVisible();
  await expect(panel.getByText('Confirmée', { exact: true })).toBeVisible();

  await venerable.reload();
  await block.click();
  panel = venerable.getByRole('dialog', { name: 'Réservation' });
  await expect(panel.getByText('Confirmée', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Supprimer', exact: true })).toHaveCount(0);
  await confirmAction(venerable, panel, 'Demander la suppression');
  await expect(venerable.getByText('La demande de suppression est envoyée')).toBeVisible();
  await expect(panel.getByText('Suppression demandée', { exact: true })).toBeVisible();

  panel = await openFromRequests(secretariat, libelle);
  await confirmAction(secretariat, panel, 'Accepter la suppression');
  await expect(secretariat.getByText('La réservation est supprimée.')).toBeVisible();
  await expect(panel.getByText('Supprimée', { exact: true })).toBeVisible();
  // The history reads as what happened, by whom.
  await expect(panel.getByText(/^Suppression acceptée par Sophie Secrétan le /)).toBeVisible();

  await venerable.goto(`/app/reservations?date=${day}&vue=jour`);
  await expect(
    venerable.getByRole('button', { name: 'Salle Condorcet, 10:00 à 10:30', exact: true }),
  ).not.toHaveAttribute('aria-disabled', 'true');
  await expect(venerable.getByRole('button', { name: `${libelle},`, exact: false })).toHaveCount(0);
});

test('a refused request shows its reason to the requester', async ({ browser }) => {
  const day = dayAhead(11);
  const libelle = 'Collège des maîtres (e2e)';
  const reason = 'Le secrétariat réserve la salle pour l’assemblée générale.';
  const venerable = await signedInPage(browser, 'venerable');
  const secretariat = await signedInPage(browser, 'secretariat');

  await request(venerable, day, 'Salle Condorcet', '14:00', '14:30', libelle);

  const panel = await openFromRequests(secretariat, libelle);
  await panel.getByRole('button', { name: 'Refuser la demande' }).click();
  const reasonDialog = secretariat.getByRole('dialog', { name: 'Refuser la demande' });
  await reasonDialog.getByRole('textbox', { name: /Motif du refus/ }).fill(reason);
  await reasonDialog.getByRole('button', { name: 'Refuser' }).click();
  await expect(secretariat.getByText('La demande est refusée ; le demandeur est prévenu.')).toBeVisible();

  await venerable.goto('/app/reservations/demandes');
  await expect(venerable.getByText(`Refusée : ${reason}`)).toBeVisible();
  await venerable.getByRole('button', { name: `Ouvrir « ${libelle} »`, exact: false }).click();
  const refused = venerable.getByRole('dialog', { name: 'Réservation' });
  await expect(refused.getByText('Demande refusée', { exact: true })).toBeVisible();
  await expect(refused.getByText(`Motif : ${reason}`)).toBeVisible();
});

/** The accessible name of the focused element: its aria-label, its label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const input = el as HTMLInputElement;
    return (
      (el.getAttribute('aria-label') ?? (input.labels?.[0]?.textContent ?? '').trim() ?? '') ||
      (el.textContent ?? '').trim()
    );
  });

/** Presses Tab until the focused element's name matches, counting the presses (at most `max`). */
async function tabTo(page: Page, name: RegExp, max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return presses;
  }
  throw new Error(`${name} not reached in ${max} Tab presses (at « ${await focusedName(page)} »)`);
}

test('a room is requested with the keyboard alone, in a reasonable number of Tab presses', async ({
  browser,
}) => {
  const day = dayAhead(12);
  const libelle = 'Réunion au clavier (e2e)';
  const page = await signedInPage(browser, 'venerable');
  await page.goto(`/app/reservations?date=${day}&vue=jour`);
  await expect(page.getByRole('region', { name: /une colonne par salle/ })).toBeVisible();

  // Into the grid: one tab stop for all its half-hours.
  let presses = await tabTo(page, /^[^,]+, \d{2}:\d{2} à \d{2}:\d{2}/, 40);
  for (let i = 0; i < 10 && !(await focusedName(page)).startsWith('Salle Condorcet,'); i++) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Home');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowDown');
  expect(await focusedName(page)).toBe('Salle Condorcet, 10:00 à 10:30');
  // The focused slot is visibly outlined.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineWidth);
  expect(parseFloat(outline)).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Créneau choisi' })).toContainText('10:00 – 11:30');

  // The booking button comes right after the grid (and the day's reservation blocks).
  const toButton = await tabTo(page, /^Demander ce créneau$/, 10);
  presses += toButton;
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Demander une salle' });
  await expect(form).toBeVisible();
  presses += await tabTo(page, /^Libellé/, 20);
  await page.keyboard.type(libelle);
  presses += await tabTo(page, /^Envoyer la demande$/, 20);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Votre demande est envoyée au secrétariat de l’Union')).toBeVisible();
  test
    .info()
    .annotations.push({ type: 'Tab presses', description: `${presses} (${toButton} from the slot)` });
  expect(toButton).toBeLessThanOrEqual(5);
  expect(presses).toBeLessThan(60);

  // Focus comes back to the grid, not to the top of the page.
  await expect(form).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.classList.contains('day-slot') ?? false))
    .toBe(true);
  await expect(
    page.getByRole('button', { name: `${libelle}, Les Chevaliers du Rhône, 10:00 à 11:30`, exact: false }),
  ).toBeVisible();
});

test('on a phone every room is reachable, the day runs to 23:00 and the hint speaks of touching', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 380, height: 800 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await signIn(page, 'venerable');
  await page.goto(`/app/reservations?date=${dayAhead(12)}&vue=jour`);
  await expect(page.getByText(/^Touchez un créneau libre/)).toBeVisible();
  await expect(page.getByText(/^Cliquez sur un créneau libre/)).toHaveCount(0);

  const switcher = page.getByRole('combobox', { name: 'Salle affichée' });
  await expect(switcher).toBeVisible();
  const rooms = await switcher.locator('option').allTextContents();
  expect(rooms.length).toBeGreaterThan(1);
  for (const room of rooms) {
    await switcher.selectOption({ label: room });
    const head = page.locator('.day-head', { hasText: room });
    await expect.poll(async () => (await head.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(50);
    await expect.poll(async () => (await head.boundingBox())?.x ?? 999).toBeLessThan(120);
  }
  // No inner vertical scroller: the page itself shows the day down to 23 h.
  const grid = page.locator('.day-scroll');
  const { scrollHeight, clientHeight } = await grid.evaluate((el) => ({
    scrollHeight: el.scrollHeight,
    clientHeight: el.clientHeight,
  }));
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
  await page.getByText('23 h', { exact: true }).scrollIntoViewIfNeeded();
  await expect(page.getByText('23 h', { exact: true })).toBeInViewport();
  await context.close();
});
