/**
 * The restaurant manager's and the Union staff's dashboards (issue 33): each opens its section, is clean
 * under axe at 1280 and 380 px, and leads by the keyboard to the list a row counts.
 */
import { axeAtBothWidths } from './axe';
import { expect, signIn, test, pressOn } from './fixtures';

test('the restaurant manager opens on the dashboard, and reaches a meal’s week by the keyboard', async ({
  page,
}) => {
  await signIn(page, 'restaurant');
  await page.goto('/app/restauration');
  await expect(page).toHaveURL(/\/app\/restauration\/tableau-de-bord$/);
  await expect(page).toHaveTitle(/^Tableau de bord du restaurant/);
  await expect(page.getByRole('heading', { name: /^Prochain repas : / })).toBeVisible();
  // The demo's administrator ordered this week's lunch and bistrot with an allergy.
  await expect(page.getByRole('table', { name: 'Remarques et allergies' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Couverts par repas' })).toBeVisible();
  await axeAtBothWidths(page, 'tableau-de-bord-restaurant');

  // « Voir les chiffres » by the keyboard, then the first meal's link opens its week.
  const covers = page.getByRole('region', { name: 'Couverts par repas' });
  const toggle = covers.getByRole('button', { name: 'Voir les chiffres' });
  await pressOn(toggle);
  const table = covers.getByRole('table', { name: 'Couverts par repas' });
  await expect(table).toBeVisible();
  await axeAtBothWidths(page, 'tableau-de-bord-restaurant-chiffres');
  const link = table.getByRole('link').first();
  const href = await link.getAttribute('href');
  // axe's two widths resize the page: the walk starts again from the button the person pressed (its name
  // now says it hides the figures).
  await covers.getByRole('button', { name: 'Masquer les chiffres' }).focus();
  await page.keyboard.press('Tab'); // the table's scrolling box
  await page.keyboard.press('Tab'); // its first row's link
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('heading', { name: 'Restauration', exact: true })).toBeVisible();
});

test('the Union staff open on the planning’s dashboard, and reach a waiting request’s day by the keyboard', async ({
  page,
}) => {
  await signIn(page, 'secretariat');
  await page.goto('/app/reservations');
  await expect(page).toHaveURL(/\/app\/reservations\/tableau-de-bord$/);
  await expect(page).toHaveTitle(/^Tableau de bord du planning/);
  const heat = page.getByRole('table', { name: 'Réservations par salle et par jour de la semaine' });
  await expect(heat.getByRole('row', { name: /Temple Hiram/ })).toBeVisible();
  await axeAtBothWidths(page, 'tableau-de-bord-planning');

  // The demo's two requests wait; the first one's link, reached by Tab, opens its day in the planning.
  const waiting = page.getByRole('table', { name: 'Demandes en attente' });
  const first = waiting.getByRole('link').first();
  await expect(first).toBeVisible();
  const href = (await first.getAttribute('href'))!;
  await page.getByRole('link', { name: 'Planning annuel' }).focus();
  for (let i = 0; i < 3 && !(await first.evaluate((e) => e === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('heading', { name: 'Planning des salles' })).toBeVisible();
  // The sub-navigation keeps the dashboard one step away.
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await expect(page).toHaveURL(/\/app\/reservations\/tableau-de-bord$/);
});
