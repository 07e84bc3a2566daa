/**
 * Accessibility journeys (issue 7): the phone at 380 px (sign in, open the menu, reach a section, do its
 * main action), and the keyboard alone (sign in, change a notification setting, find focus back after a
 * dialog). The collapsed menu keeps no hidden tab stop.
 */
import { type Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, pickDayWithKeys, signIn, pressOn } from './fixtures';

test.describe('au téléphone (380 px)', () => {
  test.use({ viewport: { width: 380, height: 800 } });

  test('a lodge manager signs in, opens the menu, reaches Gestion Loge and adds a member', async ({
    page,
  }) => {
    const email = `bertrand.lac.${Date.now()}@exemple.fr`;
    await signIn(page, 'venerable');
    // The collapsed menu is out of the way; the burger opens it.
    await expect(page.locator('#menu-principal')).toHaveAttribute('inert', '');
    const burger = page.getByRole('button', { name: 'Déplier le menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Gestion Loge' }).click();
    await expect(page).toHaveURL(/\/app\/loge/);
    // Chosen: the menu closes itself on a phone.
    await expect(page.locator('#menu-principal')).toHaveAttribute('inert', '');

    // Gestion Loge opens on the lodge's dashboard (issue 33); the members are the next tab.
    await page.getByRole('tab', { name: 'Membres' }).click();
    await page.getByRole('button', { name: 'Ajouter un membre' }).click();
    const modal = page.getByRole('dialog', { name: /Ajouter un membre/ });
    await modal.getByText('Nouveau membre').click();
    await modal.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lac');
    await modal.getByRole('textbox', { name: 'Prénom' }).fill('Bertrand');
    await modal.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await modal.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(`Membre créé : une invitation a été envoyée à ${email}.`)).toBeVisible();
    await expect(page.getByText('Bertrand').first()).toBeVisible();

    // The user menu of the header holds the account links.
    await page.getByRole('button', { name: "Menu de l'utilisateur" }).click();
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
  });
});

/** Presses Tab until `target` has the focus (at most `max` times); fails otherwise. */
async function tabTo(page: Page, isTarget: () => Promise<boolean>, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await isTarget()) return;
  }
  throw new Error('élément jamais atteint au clavier');
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    // The page itself (a key pressed while the header is drawn again): its text is every word on the
    // page, the hidden menu's « Accueil » included, yet no link of the menu has the focus.
    if (!el || el === document.body) return '(page)';
    return `${el?.getAttribute('aria-label') ?? ''}|${el?.textContent?.trim() ?? ''}|${(el as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''}`;
  });

test('keyboard only: sign in, change a notification setting, focus comes back after a dialog', async ({
  page,
}) => {
  await page.goto('/login');
  const identifiant = page.getByLabel('Identifiant');
  await tabTo(page, () => identifiant.evaluate((el) => el === document.activeElement));
  await page.keyboard.type('membre');
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/portail$/);

  // The collapsed menu is skipped: from the top of the page, Tab reaches the burger, the logo, then the
  // header's buttons, never a hidden menu link.
  await page.keyboard.press('Tab');
  const visited: string[] = [];
  for (let i = 0; i < 8; i++) {
    visited.push(await focusedName(page));
    await page.keyboard.press('Tab');
  }
  const hiddenMenuLinks = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('#menu-principal a')).filter((a) => a === document.activeElement)
        .length,
  );
  expect(hiddenMenuLinks).toBe(0);
  expect(visited.some((v) => v.includes('Accueil'))).toBe(false);

  // Reach the account page with the keyboard, through the header's user menu (below 1408 px the
  // header's links are in it): Enter opens it on its first item, « Mon compte ». A key pressed while the
  // header is drawn again can still be lost; a user would press it again, as this does.
  const userMenu = page.getByRole('banner').getByRole('button', { name: "Menu de l'utilisateur" });
  await expect(async () => {
    await tabTo(page, () => userMenu.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Mon compte' })).toBeFocused({ timeout: 3_000 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/account$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  const documentsSwitch = page.getByRole('switch', { name: /Documents/ });
  const before = await documentsSwitch.isChecked();
  await tabTo(page, async () => documentsSwitch.evaluate((el) => el === document.activeElement));
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Notifications « Documents » (activées|désactivées)\.$/)).toBeVisible();
  await expect(documentsSwitch).toBeChecked({ checked: !before });
  // Back as it was, still with the keyboard: the focus stayed on the switch while it was saved.
  await expect(documentsSwitch).not.toHaveAttribute('aria-busy', 'true');
  await expect(documentsSwitch).toBeFocused();
  await page.keyboard.press('Space');
  await expect(documentsSwitch).toBeChecked({ checked: before });
});

test('keyboard only: « Aller au contenu » is the first stop and takes the focus past the header', async ({
  page,
}) => {
  await signIn(page, 'membre');
  await page.goto('/app/account');
  await expect(page.getByRole('heading', { name: 'Mon compte' })).toBeVisible();
  // From the top of the page: the first Tab shows the link (hidden until focused), Enter moves to the page.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#contenu')).toBeFocused();
  await expect(page).toHaveURL(/\/app\/account$/);
  // The next Tab lands inside the page, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('keyboard only: a dialog takes the focus and gives it back to the button that opened it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin/salles');
  const create = page.getByRole('button', { name: 'Nouvelle salle' });
  await pressOn(create);
  const dialog = page.getByRole('dialog', { name: 'Nouvelle salle' });
  await expect(dialog).toBeVisible();
  // The focus is inside the dialog, and Escape closes it.
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeVisible();
  await expect(create).toBeFocused();
});

test('keyboard only: a confirmation dialog gives the focus back to the button that opened it', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin/utilisateurs');
  await page.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('Vénérable');
  await page
    .getByRole('link', { name: /Vénérable/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Victor Vénérable' })).toBeVisible();
  const deactivate = page.getByRole('button', { name: 'Désactiver', exact: true });
  await pressOn(deactivate);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // « Annuler », the harmless answer, has the focus; « Désactiver » (what the button does) is after it.
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Désactiver', exact: true })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).not.toBeVisible();
  await expect(deactivate).toBeFocused();
  // Cancelled: the account is still active.
  await expect(deactivate).toBeVisible();
});

test('keyboard only: the error modal gives the focus back to the button whose request failed', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin/entites/nouvelle');
  await expect(page.getByRole('heading', { name: 'Nouvelle entité' })).toBeVisible();
  // A code already taken passes the contract's schema: only the server knows, and answers 412.
  await page.getByLabel(/^Nom/).focus();
  await page.keyboard.type('Doublon de code');
  await page.getByLabel(/^Code/).focus();
  await page.keyboard.type('CHEV-RHONE');
  const create = page.getByRole('button', { name: "Créer l'entité" });
  await pressOn(create);
  const dialog = page.getByRole('dialog', { name: /Erreur de saisie/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('CHEV-RHONE');
  await expect(dialog.getByRole('button', { name: 'Ok' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).not.toBeVisible();
  await expect(create).toBeFocused();
});

test('a form checks its fields with the contract before sending: the message shows on the field', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin/entites/nouvelle');
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/entite')) posted = true;
  });
  await page.getByLabel(/^Nom/).fill('Sans code valable');
  await page.getByLabel(/^Code/).fill('C');
  await page.getByRole('button', { name: "Créer l'entité" }).click();
  const code = page.getByLabel(/^Code/);
  await expect(page.getByText('Le code doit contenir au moins 2 caractères.')).toBeVisible();
  // The first field in error takes the focus, its message read with it.
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('keyboard only: the date field’s calendar, from month to month, gives the focus back to its field', async ({
  page,
}) => {
  await signIn(page, 'tresorier');
  await page.goto('/app/compta/banque/rapprochement');
  const field = page.getByRole('button', { name: /Date du rapprochement/ });
  // Back two months, forward one, back within the month, then today (pickDayWithKeys checks the focus).
  for (const daysAgo of [62, 29, 3, 0]) {
    const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await pickDayWithKeys(page, field, day);
    const written = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
    await expect(field).toContainText(written.replace(/^1 /, '1er '));
  }
});
