/** The foundation journeys of issue 2: sign-in, rights, password reset, logout. */
import { expect, test, DEMO_PASSWORD, lastEmailTo, linkIn, signIn, signOut } from './fixtures';

test('membre signs in and sees only the entries of their habilitations', async ({ page }) => {
  await signIn(page, 'membre');
  await expect(page.getByText("Intranet de l'Union").first()).toBeVisible();
  await expect(page.getByText('Marie Membre').first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Restauration', { exact: true })).toBeVisible();
  await expect(main.getByText('Documents', { exact: true })).toBeVisible();
  for (const hidden of ['Messages', 'Planning', 'Gestion Loge', 'Comptabilité Union', 'Administration']) {
    await expect(main.getByText(hidden, { exact: true })).toHaveCount(0);
  }
});

test('forgotten password: the e-mail in the outbox, the reset page, then sign-in with the new password', async ({
  page,
  request,
}) => {
  const address = 'jean.martin@demo.union-lyon.fr';
  await page.goto('/mdp-oublie');
  await page.getByRole('textbox').fill(address);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Un e-mail va être envoyé !')).toBeVisible();

  // The e-mail is queued just after the answer (which takes the same time for any address).
  await expect.poll(async () => (await lastEmailTo(request, address))?.sujet).toContain('Réinitialisation');
  const email = await lastEmailTo(request, address);
  await page.goto(linkIn(email!.texte));
  const newPassword = 'Fraternite-Lyon-2026';
  const fields = page.locator('input[type="password"]');
  await fields.nth(0).fill(newPassword);
  await fields.nth(1).fill(newPassword);
  await page.getByRole('button', { name: /Enregistrer|Valider|Changer/ }).click();
  await expect(page.getByText('Mot de passe enregistré')).toBeVisible();

  await signIn(page, 'jean.martin', newPassword);
});

test('logout returns to / and the old token no longer works', async ({ page, request }) => {
  let bearer: string | undefined;
  page.on('request', (r) => {
    const header = r.headers()['authorization'];
    if (header?.startsWith('Bearer ')) bearer = header;
  });
  await signIn(page, 'membre', DEMO_PASSWORD);
  await expect.poll(() => bearer).toBeTruthy();
  expect((await request.get('/api/user/info', { headers: { authorization: bearer! } })).status()).toBe(200);

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Me connecter' })).toBeVisible();
  expect((await request.get('/api/user/info', { headers: { authorization: bearer! } })).status()).toBe(401);
});
