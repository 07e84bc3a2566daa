/**
 * Accessibility (issue 7, RGAA 4.1 / WCAG 2.1 AA): axe visits every screen, plus an open modal, a
 * confirmation dialog, a date picker and a toast, at 1280 px and at 380 px, and fails on any serious or
 * critical violation. Every violation of a screen is printed with its rule, its nodes and their targets,
 * so a failure says what to fix.
 */
import { type Page } from '@playwright/test';
import { seriousViolations, untilShown } from './axe';
import { expect, test, signIn, pressOn } from './fixtures';

const WIDTHS = [
  { name: 'large', width: 1280, height: 900 },
  { name: 'phone', width: 380, height: 800 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** Waits for the screen's content (so axe does not read a loader), then optionally opens something. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible({ timeout: 8_000 });
};

const PUBLIC_SCREENS: Screen[] = [
  { name: 'accueil', path: '/', ready: heading(/Intranet de l'Union/) },
  { name: 'login', path: '/login', ready: async (p) => expect(p.getByLabel('Identifiant')).toBeVisible() },
  {
    name: 'mdp-oublie',
    path: '/mdp-oublie',
    ready: async (p) => expect(p.getByLabel(/e-mail/i)).toBeVisible(),
  },
  {
    name: 'reinitialiser-mdp',
    path: '/reinitialiser-mdp?jeton=jeton-inconnu',
    ready: async (p) => expect(p.locator('input[type="password"]').first()).toBeVisible(),
  },
  { name: '404', path: '/page-not-found', ready: heading(/404/) },
  {
    name: 'access-denied',
    path: '/access-denied',
    ready: async (p) => expect(p.getByRole('link')).not.toHaveCount(0, { timeout: 8_000 }),
  },
  { name: 'mentions-legales', path: '/mentions-legales', ready: heading(/Mentions légales/) },
];

const firstRowLink = (page: Page) => page.locator('main a[href*="/app/admin/"]');

const ADMIN_SCREENS: Screen[] = [
  {
    name: 'portail',
    path: '/app/portail',
    ready: async (p) => expect(p.getByText('Gestion Loge').first()).toBeVisible(),
  },
  {
    name: 'portail menu ouvert',
    path: '/app/portail',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Déplier le menu' }).click();
      await expect(p.getByRole('navigation', { name: 'Menu principal' })).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: "menu de l'utilisateur",
    path: '/app/portail',
    ready: async (p) => {
      const phoneMenu = p.getByRole('button', { name: "Menu de l'utilisateur" });
      const accountLink = p.getByRole('link', { name: 'Mon compte' });
      // Wait for the shell first: `isVisible` does not wait, and a slow first paint read as "no phone menu".
      await expect(phoneMenu.or(accountLink).first()).toBeVisible({ timeout: 8_000 });
      if (await phoneMenu.isVisible()) {
        await phoneMenu.click();
        await expect(p.getByRole('menu')).toBeVisible({ timeout: 8_000 });
      }
    },
  },
  { name: 'compte', path: '/app/account', ready: heading('Mon compte') },
  {
    name: 'compte avec toast',
    path: '/app/account',
    ready: async (p) => {
      const sw = p.getByRole('switch').first();
      await sw.click();
      await expect(p.getByText(/^Notifications « .* » (activées|désactivées)\.$/)).toBeVisible({
        timeout: 8_000,
      });
    },
  },
  { name: 'mes commandes', path: '/app/account/commandes', ready: heading(/commandes/i) },
  { name: 'ma carte', path: '/app/account/payments', ready: heading(/carte/i) },
  { name: 'messages', path: '/app/diffusions', ready: heading('Messages') },
  { name: 'restauration', path: '/app/restauration/repas', ready: heading('Restauration') },
  {
    name: 'restauration, tableau de bord',
    path: '/app/restauration/tableau-de-bord',
    ready: heading('Tableau de bord du restaurant'),
  },
  {
    // The meal's dialog with its dishes and the copy from a previous meal (issue 21).
    name: 'restauration, nouveau repas',
    path: '/app/restauration/repas',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Nouveau repas' }).click();
      await expect(p.getByRole('dialog').getByLabel('Libellé du plat 1')).toBeVisible({ timeout: 8_000 });
    },
  },
  { name: 'documents', path: '/app/doc', ready: heading('Documents') },
  { name: 'compta', path: '/app/compta/commandes', ready: heading('Factures et devis') },
  { name: 'compta, tableau de bord', path: '/app/compta', ready: heading('Ce que doit chaque loge') },
  { name: 'admin', path: '/app/admin', ready: heading('Administration') },
  {
    name: 'utilisateurs',
    path: '/app/admin/utilisateurs',
    ready: async (p) => expect(firstRowLink(p).first()).toBeVisible(),
  },
  {
    name: 'nouvel utilisateur',
    path: '/app/admin/utilisateurs/nouveau',
    ready: heading(/Nouvel utilisateur/),
  },
  {
    name: 'fiche utilisateur',
    path: '/app/admin/utilisateurs',
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('Vénérable');
      await p
        .getByRole('link', { name: /Vénérable/ })
        .first()
        .click();
      await expect(p.getByRole('heading', { name: 'Victor Vénérable' })).toBeVisible({ timeout: 8_000 });
      await expect(p.getByText('Les Chevaliers du Rhône').first()).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'fiche utilisateur, appartenance avec calendrier',
    path: '/app/admin/utilisateurs',
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('Vénérable');
      await p
        .getByRole('link', { name: /Vénérable/ })
        .first()
        .click();
      await p.getByRole('button', { name: 'Ajouter une appartenance' }).click();
      const dialog = p.getByRole('dialog');
      await expect(dialog).toBeVisible({ timeout: 8_000 });
      await dialog.getByRole('button', { name: /^Début/ }).click();
      await expect(p.locator('.mantine-DatePickerInput-dropdown, [data-dates-dropdown]').first()).toBeVisible(
        { timeout: 8_000 },
      );
    },
  },
  {
    name: 'fiche utilisateur, confirmation',
    path: '/app/admin/utilisateurs',
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Rechercher', exact: true }).fill('Vénérable');
      await p
        .getByRole('link', { name: /Vénérable/ })
        .first()
        .click();
      await expect(p.getByRole('heading', { name: 'Victor Vénérable' })).toBeVisible({ timeout: 8_000 });
      await p.getByRole('button', { name: 'Désactiver', exact: true }).click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'entités',
    path: '/app/admin/entites',
    ready: async (p) => expect(firstRowLink(p).first()).toBeVisible(),
  },
  { name: 'nouvelle entité', path: '/app/admin/entites/nouvelle', ready: heading(/Nouvelle entité/) },
  {
    name: 'fiche entité',
    path: '/app/admin/entites',
    ready: async (p) => {
      await p
        .getByRole('link', { name: /Chevaliers du Rhône/ })
        .first()
        .click();
      await expect(p.getByRole('heading', { name: /Chevaliers du Rhône/ }).first()).toBeVisible({
        timeout: 8_000,
      });
      await expect(p.getByText('Victor').first()).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: "assistant d'import",
    path: '/app/admin/entites',
    ready: async (p) => {
      await p
        .getByRole('link', { name: /Chevaliers du Rhône/ })
        .first()
        .click();
      await p.getByRole('button', { name: 'Importer des membres' }).click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
      await expect(p.getByRole('dialog').getByText(/CSV/).first()).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'salles',
    path: '/app/admin/salles',
    ready: async (p) => expect(p.getByText('Temple Hiram').first()).toBeVisible(),
  },
  {
    name: 'salles, fenêtre',
    path: '/app/admin/salles',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Nouvelle salle' }).click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
    },
  },
  { name: 'paramètres', path: '/app/admin/parametres', ready: heading(/Paramètres/) },
  {
    name: 'sauvegardes',
    path: '/app/admin/sauvegardes',
    ready: async (p) => expect(p.getByText('Sauvegarde quotidienne désactivée')).toBeVisible(),
  },
  {
    name: "boîte d'envoi",
    path: '/app/admin/emails',
    ready: async (p) => expect(p.getByText(/demo\.union-lyon\.fr|@/).first()).toBeVisible(),
  },
  {
    name: "boîte d'envoi, lecture",
    path: '/app/admin/emails',
    ready: async (p) => {
      await p
        .getByRole('button', { name: /Lire l'e-mail/ })
        .or(p.getByRole('row', { name: /Lire l'e-mail/ }))
        .first()
        .click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'gestion loge',
    path: '/app/loge?onglet=membres',
    ready: async (p) => expect(p.getByRole('button', { name: 'Ajouter un membre' })).toBeVisible(),
  },
  {
    name: 'gestion loge, ajout',
    path: '/app/loge?onglet=membres',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Ajouter un membre' }).click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'gestion loge, import',
    path: '/app/loge?onglet=membres',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Importer', exact: true }).click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'planning, tableau de bord',
    path: '/app/reservations/tableau-de-bord',
    ready: heading('Tableau de bord du planning'),
  },
  {
    name: 'planning',
    path: '/app/reservations/planning',
    ready: async (p) => expect(p.getByText('Temple Hiram').first()).toBeVisible(),
  },
  {
    name: 'planning, calendrier',
    path: '/app/reservations/planning',
    ready: async (p) => {
      await expect(p.getByText('Temple Hiram').first()).toBeVisible({ timeout: 8_000 });
      await p
        .getByRole('button', { name: /Date|Choisir/ })
        .first()
        .click();
      await expect(p.locator('.mantine-DatePickerInput-dropdown, [data-dates-dropdown]').first()).toBeVisible(
        { timeout: 8_000 },
      );
    },
  },
  { name: 'mes demandes', path: '/app/reservations/demandes', ready: heading(/demandes/i) },
  { name: 'fermetures', path: '/app/reservations/fermetures', ready: heading('Jours de fermeture') },
  { name: 'planning annuel', path: '/app/reservations/annuel', ready: heading(/Planning annuel/) },
  {
    name: 'rechargements de cartes',
    path: '/app/restauration/rechargements',
    ready: heading(/Rechargements/),
  },
  { name: 'caisse des cartes', path: '/app/restauration/caisse', ready: heading('Caisse des cartes Union') },
  { name: 'soldes des cartes', path: '/app/restauration/soldes', ready: heading('Soldes des cartes Union') },
  { name: 'publier un document', path: '/app/doc/publier', ready: heading('Publier un document') },
  { name: 'nouveau message', path: '/app/diffusions/nouveau', ready: heading('Nouveau message') },
  {
    // Issue 21: before a message is e-mailed, the dialog says to how many people (keyboard only).
    name: "nouveau message, confirmation de l'envoi par e-mail",
    path: '/app/diffusions/nouveau',
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Titre', exact: true }).fill('Fermeture du restaurant');
      await p.getByRole('textbox', { name: 'Texte', exact: true }).fill('Le restaurant est fermé lundi.');
      await p.getByRole('checkbox', { name: /Envoyer aussi par e-mail/ }).check();
      await pressOn(p.getByRole('button', { name: 'Publier le message' }));
      await expect(p.getByRole('dialog', { name: 'Envoyer le message par e-mail' })).toBeVisible({
        timeout: 8_000,
      });
      await expect(
        p.getByRole('button', { name: /^Envoyer à \d+ personne|Publier sans e-mail/ }),
      ).toBeVisible();
    },
  },
  { name: 'nouvelle commande', path: '/app/compta/nouvelle', ready: heading('Nouvelle pièce') },
  { name: 'banque', path: '/app/compta/banque', ready: heading('Banque') },
  {
    name: 'rapprochement bancaire',
    path: '/app/compta/banque/rapprochement',
    ready: heading('Rapprochement bancaire'),
  },
  {
    // The demo's card payment « à régulariser » shows its section (issue 20).
    name: 'balance âgée et FEC',
    path: '/app/compta/balance-agee',
    ready: async (p) =>
      expect(
        p.getByRole('region', { name: 'Paiements par carte à régulariser' }).getByRole('row').nth(1),
      ).toBeVisible({ timeout: 8_000 }),
  },
  {
    name: 'balance âgée, régularisation d’un paiement par carte',
    path: '/app/compta/balance-agee',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Porter au crédit de la loge' }).first().click();
      await expect(p.getByRole('dialog', { name: 'Régulariser le paiement par carte' })).toBeVisible({
        timeout: 8_000,
      });
    },
  },
  {
    name: 'relances',
    path: '/app/compta/relances',
    ready: async (p) =>
      expect(p.getByRole('region', { name: 'Factures en retard de paiement' })).toBeVisible({
        timeout: 8_000,
      }),
  },
  {
    name: 'relances, aperçu',
    path: '/app/compta/relances',
    ready: async (p) => {
      await p.getByRole('checkbox', { name: /^Choisir toutes les relances/ }).check();
      await p.getByRole('button', { name: /^Aperçu de l’envoi/ }).click();
      await expect(p.getByRole('dialog', { name: 'Aperçu de l’envoi des relances' })).toBeVisible({
        timeout: 8_000,
      });
    },
  },
  {
    name: 'émission d’un appel, aperçu',
    path: '/app/compta/commandes',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Émettre et envoyer l’appel' }).click();
      const dialog = p.getByRole('dialog', { name: 'Émettre et envoyer les factures d’un appel' });
      await dialog.getByRole('button', { name: 'Voir l’aperçu' }).click();
      await expect(dialog.getByText('Aperçu', { exact: true })).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    // A paid invoice with a partial credit note (demo): its credit-note form.
    name: 'fiche commande, avoir',
    path: '/app/compta/commandes',
    ready: async (p) => {
      await p
        .locator('main tbody tr', { hasText: 'Régularisation' })
        .first()
        .getByRole('link')
        .first()
        .click();
      await p.getByRole('button', { name: 'Établir un avoir' }).click();
      await expect(p.getByRole('dialog', { name: 'Établir un avoir' })).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'tableau des cotisations',
    path: '/app/compta/cotisations',
    ready: heading('Tableau des cotisations'),
  },
  {
    name: 'fiche commande',
    path: '/app/compta/commandes',
    ready: async (p) => {
      await p.locator('main tbody a').first().click();
      await expect(p.getByRole('heading', { name: 'Lignes' })).toBeVisible({ timeout: 8_000 });
    },
  },
  {
    name: 'fiche commande, paiement',
    path: '/app/compta/commandes',
    ready: async (p) => {
      await p.getByRole('checkbox', { name: 'En retard de paiement' }).check();
      // The list keeps showing the previous answer until the filtered one arrives: pick a row whose badge
      // says it is overdue, so the invoice opened still has something to pay whichever list is shown.
      await p
        .locator('main tbody tr', { hasText: '· en retard' })
        .first()
        .getByRole('link', { name: /^FA-/ })
        .click();
      await p.getByRole('button', { name: 'Enregistrer un paiement' }).click();
      await expect(p.getByRole('dialog')).toBeVisible({ timeout: 8_000 });
    },
  },
];

interface Finding {
  screen: string;
  width: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

async function audit(page: Page, screen: string, width: string): Promise<Finding[]> {
  // Dialogs and menus fully shown, so colours are read at rest (axe.ts).
  await untilShown(page);
  const violations = await seriousViolations(page);
  // Reflow (WCAG 1.4.10), which axe does not check: at 380 px nothing may make the page scroll sideways
  // (a wide table scrolls in its own box).
  const reflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map((el) => el.outerHTML.slice(0, 160));
  });
  // A label cut short (« Devis… ») hides its meaning: buttons, badges and choices show their whole text.
  const cut = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll(
        '.mantine-Button-label, .mantine-Badge-label, .mantine-SegmentedControl-label, .mantine-Tabs-tabLabel',
      ),
    )
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)
      .map((el) => el.outerHTML.slice(0, 160)),
  );
  const layout: Finding[] = reflow.length
    ? [
        {
          screen,
          width,
          rule: 'reflow',
          impact: 'serious',
          help: 'La page défile horizontalement (WCAG 1.4.10)',
          nodes: reflow.map((html) => ({ target: '', html, summary: '' })),
        },
      ]
    : [];
  if (cut.length) {
    layout.push({
      screen,
      width,
      rule: 'texte-coupé',
      impact: 'serious',
      help: 'Un libellé est coupé',
      nodes: cut.map((html) => ({ target: '', html, summary: '' })),
    });
  }
  return violations
    .map((v) => ({
      screen,
      width,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(' '),
        html: n.html.slice(0, 160),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
      })),
    }))
    .concat(layout);
}

/** Opens a screen and audits it; a screen that cannot be reached is a finding too (the run goes on). */
async function visit(page: Page, screen: Screen, width: string): Promise<Finding[]> {
  try {
    await page.goto(screen.path);
    await screen.ready(page);
  } catch (error) {
    const message = String(error instanceof Error ? error.message : error).split('\n')[0] ?? '';
    return [
      { screen: screen.name, width, rule: 'écran-non-atteint', impact: 'critical', help: message, nodes: [] },
    ];
  }
  return audit(page, screen.name, width);
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.width}] ${f.screen}: ${f.rule} (${f.impact}, ${f.nodes.length} nœud(s)) — ${f.help}\n` +
        f.nodes.map((n) => `    ${n.target}\n      ${n.html}\n      ${n.summary}`).join('\n'),
    )
    .join('\n');
}

for (const size of WIDTHS) {
  test.describe(`axe à ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, actionTimeout: 8_000 });

    test(`pages publiques (${size.name})`, async ({ page }) => {
      const findings: Finding[] = [];
      for (const screen of PUBLIC_SCREENS) {
        findings.push(...(await visit(page, screen, size.name)));
      }
      expect(findings, report(findings)).toEqual([]);
    });

    test(`écrans de l'intranet (${size.name})`, async ({ page }) => {
      // About ninety screens, each loaded and audited: minutes on a shared two-core machine.
      test.setTimeout(480_000);
      await signIn(page, 'admin');
      const findings: Finding[] = [];
      for (const screen of ADMIN_SCREENS) {
        findings.push(...(await visit(page, screen, size.name)));
      }
      expect(findings, report(findings)).toEqual([]);
    });

    test(`écrans d'un membre et d'un vénérable (${size.name})`, async ({ page }) => {
      await signIn(page, 'venerable');
      const findings: Finding[] = [];
      for (const screen of [
        { name: 'portail (vénérable)', path: '/app/portail', ready: heading(/Bonjour|Accueil|Portail/) },
        {
          name: 'planning (vénérable)',
          path: '/app/reservations',
          ready: async (p: Page) => expect(p.getByText('Temple Hiram').first()).toBeVisible(),
        },
        {
          name: 'gestion loge (vénérable)',
          path: '/app/loge',
          ready: heading('Prochaines tenues et leurs agapes'),
        },
        {
          name: 'gestion loge, membres (vénérable)',
          path: '/app/loge?onglet=membres',
          ready: heading(/Chevaliers du Rhône/),
        },
        {
          name: 'gestion loge, compte avec l’Union (vénérable)',
          path: '/app/loge?onglet=compte',
          // Every table of the account filled by the demo, the credit notes' included (issue 20).
          ready: async (p: Page) => {
            await expect(p.getByRole('heading', { name: 'Factures et devis' })).toBeVisible();
            await expect(p.getByRole('region', { name: 'Avoirs' }).getByRole('row').nth(1)).toBeVisible();
            await expect(
              p.getByRole('region', { name: 'Relances reçues' }).getByRole('row').nth(1),
            ).toBeVisible();
          },
        },
        {
          // One lodge to publish for: the convocation's session picker shows, its list opened.
          name: 'publier une convocation, choix de la tenue (vénérable)',
          path: '/app/doc/publier',
          ready: async (p: Page) => {
            const picker = p.getByRole('textbox', { name: 'Tenue convoquée (facultatif)' });
            await expect(p.getByRole('textbox', { name: 'Mois de la tenue' })).toBeVisible({
              timeout: 8_000,
            });
            // The document's month may hold no session of the lodge (the picker is then disabled):
            // the next months do (one a month, demo planning). Each month is read before it is judged.
            const settled = () =>
              expect(picker).not.toHaveAttribute('placeholder', 'Chargement des tenues…', { timeout: 8_000 });
            await settled();
            const month = p.getByRole('textbox', { name: 'Mois de la tenue' });
            for (let i = 0; i < 12 && (await picker.isDisabled()); i++) {
              const shown = await month.inputValue();
              await p.getByRole('button', { name: /^Mois suivant/ }).click();
              // The next month is shown, then its sessions read.
              await expect(month).not.toHaveValue(shown);
              await settled();
            }
            await picker.click();
            await expect(p.getByRole('listbox')).toBeVisible();
          },
        },
      ]) {
        findings.push(...(await visit(page, screen, size.name)));
      }
      expect(findings, report(findings)).toEqual([]);
    });
  });
}
