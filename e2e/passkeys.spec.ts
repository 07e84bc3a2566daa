/**
 * Passkeys (issue 22) in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn
 * domain): a passkey added from the account page, then the sign-in with the password and the passkey as
 * the second step, then with the passkey alone; renamed and removed at the end (the demo account is
 * left as it was). The panel, the dialogs and the login buttons pass axe at 1280 and 380 px.
 *
 * WebAuthn needs a secure context and a domain as the relying party's id: the journey runs on
 * `localhost` (the server's default public address), not 127.0.0.1.
 */
import { axeAtBothWidths } from './axe';
import { serverUrl } from './servers';
import { expect, test, DEMO_PASSWORD, signOut } from './fixtures';

// The server of this journey's worker (fixtures.ts), reached by its name.
test.use({
  // Playwright's fixture signature: the first argument lists the fixtures used, here none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex, 'localhost')),
});

const WHO = 'membre2';


test('a passkey: added from the account page, second step, then alone; renamed and removed', async ({
  page,
}) => {
  test.setTimeout(300_000); // axe, eight times, on a shared machine
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Se connecter avec une clé d’accès' })).toBeVisible();
  await axeAtBothWidths(page, 'login');

  // Signed in with the password (no factor yet), the account page adds a passkey.
  await page.getByLabel('Identifiant').fill(WHO);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/portail$/);
  await page.goto('/app/account');
  await expect(page.getByText('Aucune clé d’accès pour le moment.')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  const add = page.getByRole('dialog', { name: 'Ajouter une clé d’accès' });
  await add.getByLabel('Nom de la clé').fill('Ordinateur portable');
  await add.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
  await axeAtBothWidths(page, 'ajout');
  await add.getByRole('button', { name: 'Continuer' }).click();
  // The account's first factor comes with its recovery codes, shown once.
  await expect(add.getByText(/notez-les maintenant/)).toBeVisible();
  await axeAtBothWidths(page, 'codes-de-secours');
  await add.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Ordinateur portable')).toBeVisible();
  await expect(page.getByText(/jamais utilisée/)).toBeVisible();
  await page.getByText('Ordinateur portable').scrollIntoViewIfNeeded();
  await axeAtBothWidths(page, 'panneau');
  await signOut(page);

  // The password, then the passkey as the second step.
  await page.goto('/login');
  await page.getByLabel('Identifiant').fill(WHO);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
  await axeAtBothWidths(page, 'second-step');
  await page.getByRole('button', { name: 'Utiliser une clé d’accès' }).click();
  await expect(page).toHaveURL(/\/app\/portail$/);
  await signOut(page);

  // The passkey alone.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await expect(page).toHaveURL(/\/app\/portail$/);

  // Renamed, then removed after a confirmation naming it: the account is as it was.
  await page.goto('/app/account');
  await expect(page.getByText(/dernière utilisation le/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Renommer la clé d’accès Ordinateur portable' }).click();
  const rename = page.getByRole('dialog');
  await rename.getByLabel('Nouveau nom').fill('Portable du bureau');
  await rename.getByRole('button', { name: 'Renommer' }).click();
  await expect(page.getByText('Portable du bureau')).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer la clé d’accès Portable du bureau' }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer la clé d’accès' });
  await expect(confirm.getByText('Supprimer la clé d’accès « Portable du bureau » ?')).toBeVisible();
  await axeAtBothWidths(page, 'suppression');
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Aucune clé d’accès pour le moment.')).toBeVisible();
  await signOut(page);
});
