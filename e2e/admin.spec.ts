/** Administration journeys of issue 3: a user created by admin signs in from the invitation. */
import { readFileSync } from 'node:fs';
import { expect, test, lastEmailTo, linkIn, signIn } from './fixtures';

test('admin creates a user, the invitation reaches the outbox, the new user chooses a password and signs in', async ({
  browser,
  page,
  request,
}) => {
  const address = `lucie.aubrac.${Date.now()}@exemple.fr`;
  await signIn(page, 'admin');
  await page.goto('/app/admin');
  await page
    .getByRole('navigation', { name: 'Sections de l’administration' })
    .getByRole('link', { name: 'Utilisateurs' })
    .click();
  await expect(page).toHaveURL(/\/app\/admin\/utilisateurs$/);
  await page.getByRole('link', { name: 'Nouvel utilisateur' }).click();

  await page.getByLabel(/^Nom/).fill('Aubrac');
  await page.getByLabel(/^Prénom/).fill('Lucie');
  await page.getByLabel(/^E-mail/).fill(address);
  await page.getByRole('button', { name: 'Membre', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Carte Union' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Administration' })).not.toBeChecked();
  await page.getByRole('button', { name: "Créer et envoyer l'invitation" }).click();

  await expect(page).toHaveURL(/\/app\/admin\/utilisateurs\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Lucie Aubrac' })).toBeVisible();
  await expect(page.getByText(/invitation en attente/)).toBeVisible();
  await expect(page.getByRole('button', { name: "Renvoyer l'invitation" })).toBeVisible();
  const identifiant = (await page.getByLabel(/^Identifiant/).inputValue()).trim();
  expect(identifiant).toMatch(/^lucie\.aubrac\d*$/);

  // The invitation is in the outbox screen.
  await page.goto('/app/admin/emails');
  await expect(page.getByText(address).first()).toBeVisible();

  // The new user follows the link in a fresh browser, chooses a password and signs in.
  const email = await lastEmailTo(request, address);
  expect(email?.sujet).toBe("Votre accès à l'Intranet de l'Union");
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(linkIn(email!.texte));
  const password = 'Liberte-Egalite-2026';
  const fields = visitor.locator('input[type="password"]');
  await fields.nth(0).fill(password);
  await fields.nth(1).fill(password);
  await visitor.getByRole('button', { name: /Enregistrer|Valider|Changer/ }).click();
  await expect(visitor.getByText('Mot de passe enregistré')).toBeVisible();
  await signIn(visitor, identifiant, password);
  await expect(visitor.getByText('Lucie Aubrac').first()).toBeVisible();
  await context.close();

  // Back in admin: the history shows the creation and the invitation.
  await page.goBack();
  await expect(page.getByText('Création du compte')).toBeVisible();
});

test('admin searches users without accents and opens an entity with its members', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/app/admin/utilisateurs');
  await page.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('venerable');
  await expect(page.getByText('1 utilisateur')).toBeVisible();
  await page.getByRole('link', { name: 'Vénérable' }).click();
  await expect(page.getByRole('heading', { name: 'Victor Vénérable' })).toBeVisible();
  await page.getByRole('link', { name: 'Les Chevaliers du Rhône' }).click();
  await expect(page.getByRole('heading', { name: 'Les Chevaliers du Rhône' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Membres' })).toBeVisible();
});

test('membre downloads their personal data from the account page', async ({ page }) => {
  await signIn(page, 'membre');
  await page.goto('/app/account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mes-donnees-intranet-union-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(data.compte).toMatchObject({ identifiant: 'membre', nom: 'Membre', prenom: 'Marie' });
  expect(data.appartenances[0]).toMatchObject({ entite: 'Les Chevaliers du Rhône' });
  expect(data.connexions.length).toBeGreaterThan(0);
});
