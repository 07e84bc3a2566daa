/**
 * The planning as a calendar (issue 33): the month grid, the keyboard through it to a day, the week's time
 * grid walked with the arrows to a free half-hour that opens the request form filled, a booking moved and
 * resized from the keyboard into its modification request; axe at both widths.
 */
import { type Page } from '@playwright/test';
import { expect, test, signIn } from './fixtures';
import { axeAtBothWidths } from './axe';

/** A day some weeks ahead (Paris). */
function dayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A booking the secretariat may change, in this week or one of the next eight: the first block of the
 * week grid whose shortcuts include `keys`, pinned by its name (another journey's booking may come first
 * once the week is read again), with the hours its name says.
 */
async function aChangeableBooking(page: Page, keys: string) {
  await page.goto(`/app/reservations/planning?date=${dayAhead(0)}&vue=semaine`);
  // A week is counted once read: the grid is `aria-busy` while the next week's answer comes.
  const week = page.getByRole('grid', { name: /^Semaine du/ });
  const read = async () => {
    await expect(week).toBeVisible();
    await expect(week).not.toHaveAttribute('aria-busy');
  };
  await read();
  const blocks = week.locator(`button[aria-keyshortcuts*="${keys}"]`);
  for (let i = 0; i < 8 && (await blocks.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Semaine suivante' }).click();
    await read();
  }
  const label = (await blocks.first().getAttribute('aria-label')) ?? '';
  const [, start, end] = /, (\d\d:\d\d) à (\d\d:\d\d),/.exec(label) ?? [];
  expect(start, label).toBeTruthy();
  return { block: week.getByRole('button', { name: label, exact: true }), start: start!, end: end! };
}

test('the secretariat reads the month, goes to a day with the keys, and books a free half-hour of the week from the keyboard', async ({
  page,
}) => {
  await signIn(page, 'secretariat');
  const day = dayAhead(40);
  await page.goto(`/app/reservations?date=${day}&vue=mois`);
  await expect(page).toHaveTitle(/^Planning des salles/);
  const month = page.getByRole('grid', { name: /^Planning du mois :/ });
  await expect(month.getByRole('columnheader').first()).toHaveText(/lundi/);
  await axeAtBothWidths(page, 'planning-mois');

  // One tab stop, on the day asked for; a week down, then Enter opens that day.
  const stop = month.locator('[role="gridcell"][tabindex="0"]');
  await expect(stop).toHaveAttribute('data-day', day);
  await stop.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveAttribute('data-day', addDays(day, 7));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date=${addDays(day, 7)}&vue=jour`));

  // The week of one room as a time grid.
  await page.goto(`/app/reservations?date=${day}&vue=semaine`);
  await page.getByRole('combobox', { name: 'Filtrer par salle' }).selectOption({ label: 'Salle Voltaire' });
  const week = page.getByRole('grid', { name: /^Semaine du/ });
  await expect(week).toBeVisible();
  await axeAtBothWidths(page, 'planning-semaine');

  await week.locator('[tabindex="0"]').focus();
  await page.keyboard.press('Home');
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'ArrowDown'])
    await page.keyboard.press(key);
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('role', 'gridcell');
  const label = (await focused.getAttribute('aria-label')) ?? '';
  const [, start, end] = /, (\d\d:\d\d) à (\d\d:\d\d), libre$/.exec(label) ?? [];
  expect(start, label).toBeTruthy();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Réserver une salle' });
  await expect(form.getByRole('textbox', { name: 'Salle' })).toHaveValue('Salle Voltaire');
  await expect(form.getByRole('textbox', { name: 'Heure de début' })).toHaveValue(start!);
  expect(end).toBeTruthy();
  await expect(form.getByRole('textbox', { name: 'Heure de fin' })).not.toHaveValue('');
  await axeAtBothWidths(page, 'planning-semaine-demande');
});

test('the secretariat reads a room’s year in the annual planning and walks it with the keys to a day', async ({
  page,
}) => {
  await signIn(page, 'secretariat');
  await page.goto('/app/reservations/annuel');
  await expect(page).toHaveTitle(/^Planning annuel/);
  await page.getByRole('combobox', { name: 'Salle affichée' }).selectOption({ label: 'Salle Voltaire' });
  const year = page.getByRole('grid', { name: /^Année \d{4}-\d{4} : Salle Voltaire$/ });
  await expect(year.getByRole('row')).toHaveCount(13);
  // Said in words once every week has come: the room's bookings and whether any two clash.
  await expect(page.getByText(/^Salle Voltaire : .* dans l’année|avec un chevauchement/)).toBeVisible({
    timeout: 30_000,
  });
  await axeAtBothWidths(page, 'planning-annee');

  const stop = year.locator('[role="gridcell"][tabindex="0"]');
  const first = (await stop.getAttribute('data-day'))!;
  expect(first).toMatch(/-09-01$/);
  await stop.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveAttribute('data-day', first.replace('-09-', '-10-'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date=${first.replace('-09-', '-10-')}&vue=jour`));
});

test('the secretariat moves a booking half an hour later from the keyboard: its modification request opens filled', async ({
  page,
}) => {
  await signIn(page, 'secretariat');
  // The staff may change every booking: each block offers Shift and the arrows.
  const { block, start, end } = await aChangeableBooking(page, 'Shift+ArrowDown');
  await block.focus();
  await page.keyboard.press('Shift+ArrowDown');
  const form = page.getByRole('dialog', { name: 'Modifier la réservation' });
  const later = (hhmm: string) => {
    const [h, m] = hhmm.split(':').map(Number) as [number, number];
    const t = Math.min(h * 60 + m + 30, 23 * 60);
    return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
  };
  if (end !== '23:00') {
    await expect(form.getByRole('textbox', { name: 'Heure de début' })).toHaveValue(later(start));
    await expect(form.getByRole('textbox', { name: 'Heure de fin' })).toHaveValue(later(end));
  }
  await axeAtBothWidths(page, 'planning-deplacer');
  await form.getByRole('button', { name: 'Annuler' }).click();
});

test('the secretariat changes a booking’s end from the keyboard in the week and in the day: its modification request opens with the new hours, said aloud', async ({
  page,
}) => {
  await signIn(page, 'secretariat');
  // The staff may change every booking: each block offers Shift, Alt and Up or Down.
  const { block, start, end } = await aChangeableBooking(page, 'Shift+Alt+ArrowUp');
  await expect(block).toHaveAccessibleDescription(/Maj, Alt et haut ou bas pour changer sa fin/);
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const hhmm = (t: number) =>
    `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
  // Shorter by half an hour when it lasts longer than that, else longer (it cannot end before start + 30).
  const shorter = minutes(end) - minutes(start) > 30;
  const fin = hhmm(minutes(end) + (shorter ? -30 : 30));
  await block.focus();
  await page.keyboard.press(shorter ? 'Shift+Alt+ArrowUp' : 'Shift+Alt+ArrowDown');
  const form = page.getByRole('dialog', { name: 'Modifier la réservation' });
  await expect(form.getByRole('textbox', { name: 'Heure de début' })).toHaveValue(start);
  await expect(form.getByRole('textbox', { name: 'Heure de fin' })).toHaveValue(fin);
  await expect(page.locator('.week-grid ~ [aria-live="polite"]')).toHaveText(
    `Nouveaux horaires : ${start} à ${fin}, dans la demande de modification.`,
  );
  await axeAtBothWidths(page, 'planning-redimensionner');
  await form.getByRole('button', { name: 'Annuler' }).click();
  await expect(form).toBeHidden();

  // The same in its day's view: the block takes the same keys there.
  const day = (await block.getAttribute('data-target'))!.split('|')[0]!;
  await page.goto(`/app/reservations/planning?date=${day}&vue=jour`);
  const inDay = page
    .getByRole('region', { name: 'Planning du jour, une colonne par salle' })
    .getByRole('button', { name: new RegExp(`, ${start} à ${end}, `) })
    .and(page.locator('[aria-keyshortcuts]'))
    .first();
  await inDay.focus();
  await page.keyboard.press(shorter ? 'Shift+Alt+ArrowUp' : 'Shift+Alt+ArrowDown');
  await expect(form.getByRole('textbox', { name: 'Heure de début' })).toHaveValue(start);
  await expect(form.getByRole('textbox', { name: 'Heure de fin' })).toHaveValue(fin);
  await expect(page.locator('.day-scroll ~ [aria-live="polite"]')).toHaveText(
    `Nouveaux horaires : ${start} à ${fin}, dans la demande de modification.`,
  );
  await axeAtBothWidths(page, 'planning-jour-redimensionner');
  await form.getByRole('button', { name: 'Annuler' }).click();
  await expect(form).toBeHidden();
});
