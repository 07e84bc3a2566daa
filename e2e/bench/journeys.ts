/**
 * The journeys the first-visit bench times: the same person's way from the sign-in page to the tenth row
 * of the member list, in the application, in the floor's bare page, and in Paheko (what an association
 * would use instead, `../shared/peers/paheko.sh`). Each says where it starts, how one signs in, which
 * links are clicked, and the selector whose first appearance marks each moment.
 */
import type { Locator, Page } from '@playwright/test';

export interface Journey {
  /** The path of the sign-in page. */
  address: string;
  /** Fills the sign-in form and clicks its button. */
  signIn: (page: Page) => Promise<void>;
  /** The sign-in form is shown; the signed-in home is shown. */
  marks: { form: string; home: string };
  /** The clicks after signing in, each with the selector that says its page is there; the last one's is the tenth row. */
  steps: { link: (page: Page) => Locator; mark: string }[];
}

const UNION_SIGN_IN = async (page: Page) => {
  await page.getByLabel('Identifiant').fill('admin');
  await page.getByLabel('Mot de passe').fill('Union-Demo-2026!');
  await page.getByRole('button', { name: 'Connecter', exact: true }).click();
};
const UNION_MARKS = { form: 'form input[name="password"]', home: 'nav[aria-label="Modules"]:not([hidden])' };
const USERS_LINK = 'main a[href$="/utilisateurs"]:not([hidden] *)';
const TENTH_ROW = 'main table tbody tr:nth-child(10)';
/** The users' list, not another table of the page before it (the administration's dashboard has some). */
const TENTH_USER = 'main table:has([aria-label="Tout sélectionner sur la page"]) tbody tr:nth-child(10)';

export const APPLICATION: Journey = {
  address: '/login',
  signIn: UNION_SIGN_IN,
  marks: UNION_MARKS,
  steps: [
    {
      link: (page) =>
        page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: /Administration/ }),
      mark: USERS_LINK,
    },
    // The section's own link: the administration's dashboard has a card « Utilisateurs » too.
    { link: (page) => page.getByRole('link', { name: 'Utilisateurs', exact: true }), mark: TENTH_USER },
  ],
};

export const FLOOR: Journey = {
  address: '/floor',
  signIn: UNION_SIGN_IN,
  marks: UNION_MARKS,
  steps: [
    { link: (page) => page.getByRole('link', { name: 'Administration' }), mark: USERS_LINK },
    { link: (page) => page.getByRole('link', { name: 'Utilisateurs' }), mark: TENTH_ROW },
  ],
};

/** Paheko 1.3.22 as paheko.sh installs it: its home lists « Membres » in the menu, one click from the list. */
export const PAHEKO: Journey = {
  address: '/admin/login.php',
  signIn: async (page) => {
    await page.getByRole('textbox', { name: 'Adresse E-Mail' }).fill('admin@example.org');
    // « Mot de passe » alone would also find the button « Voir le mot de passe ».
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill('Paheko-Demo-2026!');
    // Its button's name ends with the arrow its stylesheet draws.
    await page.getByRole('button', { name: /^Se connecter/ }).click();
  },
  marks: { form: 'form input[name="password"]', home: 'nav a[href="/admin/users/"]' },
  steps: [
    {
      link: (page) => page.getByRole('link', { name: 'Membres', exact: true }).first(),
      mark: 'table.list tbody tr:nth-child(10)',
    },
  ],
};
