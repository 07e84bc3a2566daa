/**
 * Every path the server answers (specification §7), in one object grouped by the module that serves it, so
 * the server and the client cannot disagree.
 *
 * One convention: a path is written once, as the server's route pattern, with `:name` for a parameter. The
 * server registers the pattern as it is; the client fills it with {@link pathTo}, whose type asks for exactly
 * the pattern's parameters.
 */
export const API = {
  auth: {
    token: '/oauth/token',
    userInfo: '/api/user/info',
    passwordReset: '/api/user/password/reinitialiser',
    /** GET: where the person is signed in (issue 22); DELETE one (`:id`). */
    sessions: '/api/user/sessions',
    session: '/api/user/sessions/:id',
    /** DELETE: ends one's sessions opened before the second factor, but the current one. */
    sessionsBeforeSecondFactor: '/api/user/sessions/avant-second-facteur',
  },
  /** The signed-in user's own account, and the administration of users. */
  users: {
    account: '/api/user/compte',
    password: '/api/user/password',
    email: '/api/user/email',
    telephone: '/api/user/telephone',
    notificationRestauration: '/api/user/notification/restauration',
    notificationDocuments: '/api/user/notification/documents',
    /** Beside the specification's two: the broadcast messages' e-mails (issue 21). */
    notificationMessages: '/api/user/notification/messages',
    personalData: '/api/user/donnees-personnelles',
    search: '/api/user/search',
    /** POST creates, PUT updates. */
    user: '/api/user',
    infos: '/api/user/:id/infos',
    history: '/api/user/:id/historique',
    anonymise: '/api/user/:id/anonymiser',
    invitation: '/api/user/:id/invitation',
    /** The accounts selected in the list (issue 33): their workbook, and habilitations changed at once. */
    selectionExcel: '/api/user/selection/excel',
    bulkHabilitations: '/api/user/habilitations',
  },
  /** Passkeys (WebAuthn, issue 22): one's own, and the public options of a sign-in with one. */
  passkeys: {
    /** GET lists one's passkeys; POST adds one (the name and the browser's registration response). */
    mine: '/api/user/cles-acces',
    /** POST: the options of a registration, after the current password. */
    registrationOptions: '/api/user/cles-acces/options',
    /** PATCH renames, DELETE removes. */
    one: '/api/user/cles-acces/:id',
    /** POST (public): the options of a sign-in, password-less or as the second step of an `mfa_token`. */
    signInOptions: '/oauth/cle-acces/options',
  },
  /** The second factor (issue 22): one's own, the enrolment a sign-in requires, the rule. */
  secondFactor: {
    /** GET: what the account has and must have. */
    mine: '/api/user/second-facteur',
    /** POST starts an enrolment (new secret), PUT confirms it with a first code, DELETE removes it. */
    totp: '/api/user/second-facteur/totp',
    /** POST: ten new recovery codes (the old ones stop working). */
    recoveryCodes: '/api/user/second-facteur/codes-secours',
    /** The enrolment a sign-in requires, before any session (public: the `mfa_token` is the proof). */
    enrolment: '/oauth/second-facteur/totp',
    /** DELETE: an administrator resets someone's factors. */
    reset: '/api/user/:id/second-facteur',
    /** GET and PUT: who must have a second factor (ADMIN). */
    settings: '/api/parametres/second-facteur',
  },
  /** Entities and memberships. */
  entities: {
    /** The user's entities for a purpose (`reservation`, `gestion`, …). */
    mine: '/api/user/entites/:purpose',
    all: '/api/entite/all',
    /** POST creates, PUT updates. */
    entity: '/api/entite',
    infos: '/api/entite/:id/infos',
    history: '/api/entite/:id/historique',
    members: '/api/entite/:id/appartenances',
    userMemberships: '/api/user/:id/appartenances',
    userMembership: '/api/user/:id/appartenances/:membershipId',
  },
  settings: {
    droits: '/api/parametres/droits',
    rooms: '/api/parametres/salles',
    union: '/api/parametres/union',
  },
  mail: {
    /** The outbox (ADMIN); filters in the query string. */
    outbox: '/api/admin/emails',
  },
  backups: {
    /** The last backups and whether the last good one is too old (ADMIN). */
    overview: '/api/admin/sauvegardes',
  },
  /** The dashboards of issue 33 for lodge officers and administrators. */
  peopleDashboards: {
    /** A lodge's dashboard for its officers. */
    lodge: '/api/loge/:idEntite/tableau-de-bord',
    /** The administration's dashboard (ADMIN). */
    admin: '/api/admin/tableau-de-bord',
    /** Their figures in Excel, a sheet per chart. */
    lodgeExcel: '/api/loge/:idEntite/tableau-de-bord/excel',
    adminExcel: '/api/admin/tableau-de-bord/excel',
  },
  imports: {
    /** The query string carries `idEntite` and `dryRun`. */
    userImport: '/api/user/import',
    membersExcel: '/api/entite/:id/membres/excel',
  },
  reservations: {
    search: '/api/reservation/search/:date',
    infos: '/api/reservation/:id/infos',
    /** POST creates, PUT changes (the query string carries `action`). */
    reservation: '/api/reservation',
    pending: '/api/reservation/demandes',
    /** The Union staff's dashboard (issue 33). */
    dashboard: '/api/reservation/tableau-de-bord',
    dashboardExcel: '/api/reservation/tableau-de-bord/excel',
  },
  closures: {
    closure: '/api/fermeture/:date',
  },
  planning: {
    years: '/api/planning/annees',
    search: '/api/planning/search/:annee/:idEntite/:idSalle',
    infos: '/api/planning/:id/infos',
    /** POST creates, PUT updates. */
    planning: '/api/planning',
    remove: '/api/planning/:id',
  },
  /** The iCalendar feeds of the reservations. */
  calendar: {
    /** Own feeds: GET (state), POST (create or renew the secret; answers the addresses once). */
    account: '/api/user/calendrier',
    /** Confirmed reservations of the user's entities; `fichier` is `<jeton>.ics`. */
    personal: '/api/calendrier/:fichier',
    /** Union staff: one room; `fichier` is `<idSalle>.ics`. */
    room: '/api/calendrier/:jeton/salle/:fichier',
    /** Union staff: the whole building. */
    building: '/api/calendrier/:jeton/batiment.ics',
  },
  restaurant: {
    search: '/api/repas/search/:date',
    /** The lodges' sessions of a day, for the meal editor (MENUS). */
    sessions: '/api/repas/seances/:date',
    /** POST creates, PUT updates. */
    meals: '/api/repas',
    meal: '/api/repas/:id',
    notify: '/api/repas/:id/notifier',
    dishes: '/api/repas/:id/plat',
    dish: '/api/repas/:id/plat/:platId',
    orders: '/api/repas/:id/commande',
    /** MENUS: every order of one meal, read when the bar of that meal is opened (not in the week). */
    mealOrders: '/api/repas/:id/commandes',
    order: '/api/repas/:id/commande/:commandeId',
    pay: '/api/repas/:id/commande/:commandeId/payer/:moyen',
    refuse: '/api/repas/:id/commande/:commandeId/refuser',
    payment: '/api/repas/:id/commande/:commandeId/paiement',
    recap: '/api/repas/:id/document/recap',
    myOrders: '/api/user/commandes',
    /** The restaurant manager's dashboard (issue 33). */
    dashboard: '/api/repas/tableau-de-bord',
    dashboardExcel: '/api/repas/tableau-de-bord/excel',
  },
  /** The prepaid card: top-ups and their payment. */
  payments: {
    mine: '/api/user/payments',
    providerForm: '/api/user/payments/:id/systempay',
    search: '/api/payment/search',
    /** How many top-ups wait for validation (COMPTA_SAISIE): the portal's count (issue 21). */
    waiting: '/api/payment/en-attente',
    /** `action`: `validate`, `transfer` or `cancel`. */
    act: '/api/payment/:id/:action',
    ipn: '/api/payment/systempay/ipn',
    /** The built-in provider simulator (no real credentials): not under /api, a page of its own. */
    simulator: '/simulateur-paiement',
    simulatorAnswer: '/simulateur-paiement/reponse',
  },
  /** The card desk (issue 21): till sessions, cash or cheque credits and bar sales, receipts, balances. */
  desk: {
    /** GET lists the sessions (MENUS, COMPTA_LECTURE); POST opens one (MENUS). */
    sessions: '/api/caisse/sessions',
    session: '/api/caisse/sessions/:id',
    close: '/api/caisse/sessions/:id/cloture',
    /** POST a credit (cash or cheque) or a bar sale on a card, within the open session. */
    movements: '/api/caisse/sessions/:id/mouvements',
    receipt: '/api/caisse/mouvements/:id/recu',
    /** The cards staff may credit or debit, found by name, with their balance. */
    cards: '/api/caisse/cartes',
    /** The total of the cards' balances at a date (COMPTA_LECTURE), on screen and in Excel. */
    balances: '/api/cartes/soldes',
    balancesExcel: '/api/cartes/soldes/excel',
  },
  documents: {
    all: '/api/document/all',
    /** POST creates, PUT updates. */
    document: '/api/document',
    infos: '/api/document/:id/infos',
    remove: '/api/document/:id',
    distribution: '/api/document/:id/diffusion',
    file: '/api/fichier/:id',
    produced: '/api/files/:name',
    /** Public: the e-mail's unsubscribe link lands on /desinscription?jeton=…, which posts here. */
    unsubscribe: '/api/public/desinscription-documents',
  },
  messages: {
    appli: '/api/diffusion/appli',
    all: '/api/diffusion/all',
    infos: '/api/diffusion/:id/infos',
    /** POST creates, PUT updates. */
    message: '/api/diffusion',
    remove: '/api/diffusion/:id',
    /** Hides a message for the signed-in user only. */
    hide: '/api/diffusion/:id/masquer',
    /** How many people a message's e-mail would reach, before it is saved (issue 21). */
    recipients: '/api/diffusion/destinataires',
  },
  compta: {
    search: '/api/compta/commande/search',
    excel: '/api/compta/commande/excel',
    /** POST creates, PUT updates. */
    order: '/api/compta/commande',
    infos: '/api/compta/commande/:id/infos',
    preload: '/api/compta/commande/preload',
    /** `kind`: `devis`, `facture`, `avoir` or `relance`. */
    document: '/api/compta/commande/:id/document/:kind',
    feeTable: '/api/compta/cotisation',
    feeTableExcel: '/api/compta/cotisation/excel',
    bulkCall: '/api/compta/cotisation/appel',
    /** A credit note's PDF (Factur-X, type 381). */
    creditNote: '/api/compta/avoir/:id/document',
    /** What an entity owes and its credit. */
    account: '/api/compta/entite/:id/compte',
    /** One payment of an entity allocated across its invoices. */
    payment: '/api/compta/paiement',
    refund: '/api/compta/entite/:id/remboursement',
    /** The deposit slip (bordereau de remise) of the cheques received in a period, PDF. */
    depositSlip: '/api/compta/remise-cheques',
    /** POST: records the deposit of the cheques of a period not yet deposited (5112 → 512). */
    deposits: '/api/compta/remises-cheques',
    /** GET: the slip of a recorded deposit, PDF. */
    deposit: '/api/compta/remises-cheques/:id',
    /** GET previews, POST issues and e-mails the drafts of a fee call (issue 20). */
    bulkIssue: '/api/compta/cotisation/emission',
    /** The overdue invoices and the level each is due for (issue 20). */
    reminders: '/api/compta/relances',
    remindersPreview: '/api/compta/relances/apercu',
    remindersSend: '/api/compta/relances/envoi',
    /** The `rang`-th reminder letter of an invoice (from 1), as it was sent. */
    reminderLetter: '/api/compta/commande/:id/relances/:rang',
    /** Aged receivables (issue 20): on screen, and the Excel. */
    agedReceivables: '/api/compta/balance-agee',
    agedReceivablesExcel: '/api/compta/balance-agee/excel',
    /** The FEC file of the Union's sales and receipts for a period (`du`, `au`). */
    fec: '/api/compta/fec',
    /** Online card payments « à régulariser » (issue 20), and the treasurer's settling of one. */
    unappliedOnline: '/api/compta/paiement-cb/a-regulariser',
    settleOnline: '/api/compta/paiement-cb/:id/regularisation',
    /** The treasurer's dashboard (issue 33): one call per chart group, and all its figures in Excel. */
    dashboardReceivables: '/api/compta/tableau-de-bord/creances',
    dashboardMonths: '/api/compta/tableau-de-bord/mois',
    dashboardCards: '/api/compta/tableau-de-bord/cartes',
    dashboardDue: '/api/compta/tableau-de-bord/echeances',
    dashboardExcel: '/api/compta/tableau-de-bord/excel',
  },
  /** The Union's bank (issue 34): statements imported (CAMT.053), their lines matched to invoices. */
  bank: {
    /** GET lists the statements, POST imports one (multipart, one file). */
    statements: '/api/compta/banque/releves',
    /** One statement with its lines and what each one is proposed to pay. */
    statement: '/api/compta/banque/releves/:id',
    /** Confirms every exact match of a statement at once. */
    confirmExact: '/api/compta/banque/releves/:id/confirmation',
    /** Confirms one line: the payment it records. */
    confirmLine: '/api/compta/banque/lignes/:id/confirmation',
    /** Leaves one line unmatched, with a note (a gift, a refund). */
    ignoreLine: '/api/compta/banque/lignes/:id/ignorer',
    /** Gives one line an account of the chart (an expense): its entry against the bank's 512x. */
    imputeLine: '/api/compta/banque/lignes/:id/imputation',
    /** Records a card provider's transfer as the settlement of online card payments (fees to 627). */
    settleCards: '/api/compta/banque/lignes/:id/reglement-carte',
    /** A statement line confirmed as a SEPA batch's collection, or as the return of one of its debits. */
    sepaLine: '/api/compta/banque/lignes/:id/prelevement',
  },
  /** The bank reconciled (issue 34 §3): an account at a date (`?iban=&date=`), its period validated. */
  bankReconciliation: {
    state: '/api/compta/banque/rapprochement',
    validate: '/api/compta/banque/rapprochement/validation',
  },
  /** SEPA direct debit of the dues (issue 34 §4): mandates, batches and their pain.008 files. */
  sepa: {
    /** GET lists the mandates, POST records one. */
    mandates: '/api/compta/banque/mandats',
    /** The signed mandate's PDF: PUT stores it (multipart), GET downloads it. */
    mandatePdf: '/api/compta/banque/mandats/:id/pdf',
    revokeMandate: '/api/compta/banque/mandats/:id/revocation',
    /** GET lists the batches, POST makes one from the invoices due (and pre-notifies the lodges). */
    batches: '/api/compta/banque/prelevements',
    /** The batch's pain.008 file (`?version=001.02`, the default, or `001.08`). */
    batchFile: '/api/compta/banque/prelevements/:id/pain008',
    /** Marks the batch sent to the bank: its mandates go from FRST to RCUR. */
    sendBatch: '/api/compta/banque/prelevements/:id/transmission',
    /** Cancels a batch not yet sent: its invoices are free again. */
    cancelBatch: '/api/compta/banque/prelevements/:id/annulation',
    /** The lodge's mandate and debits announced, for its officers. */
    lodge: '/api/loge/:idEntite/prelevements',
  },
  /** A lodge's or association's account, for its officers (issue 20). */
  accounts: {
    account: '/api/loge/:idEntite/compte',
    /** `kind`: `devis`, `facture`, `avoir` or `relance` (with `niveau`). */
    document: '/api/loge/:idEntite/compte/commande/:id/document/:kind',
    /** One credit note's PDF (partial or whole), by the credit note's id. */
    creditNote: '/api/loge/:idEntite/compte/avoir/:id',
    /** Starts the online card payment of what remains due: the provider's signed form. */
    pay: '/api/loge/:idEntite/compte/commande/:id/paiement-cb',
    /** `format`: `pdf` or `xlsx`; query `du`, `au`. */
    statement: '/api/loge/:idEntite/compte/releve/:format',
  },
  /** The portal (issue 33): what awaits the signed-in user, in one call. */
  portal: {
    summary: '/api/portail',
  },
  /** The header's search (issue 33): people, documents, invoices and quotes, reservations. */
  search: {
    search: '/api/recherche',
  },
  /** For the operators (issue 19): liveness, readiness, Prometheus metrics (outside /api, own token). */
  operations: {
    health: '/api/health',
    ready: '/api/ready',
    metrics: '/metrics',
  },
} as const;

/**
 * The web application's screens that the server links to (e-mails, the payment provider's return), written
 * like the calls and filled with {@link pathTo}; the web router's tests check that each one is a screen.
 */
export const PAGES = {
  resetPassword: '/reinitialiser-mdp',
  unsubscribe: '/desinscription',
  portal: '/app/portail',
  reservations: '/app/reservations',
  requests: '/app/reservations/demandes',
  restaurant: '/app/restauration',
  card: '/app/account/payments',
  topUps: '/app/restauration/rechargements',
  loge: '/app/loge',
  documents: '/app/doc',
  document: '/app/doc/:id',
  user: '/app/admin/utilisateurs/:id',
  order: '/app/compta/commandes/:id',
  planning: '/app/reservations/planning',
} as const;

/** The names of a pattern's `:name` parameters. */
type ParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a pattern's parameters take: exactly its names, nothing else. */
export type PathParams<P extends string> = { [Name in ParamName<P>]: string | number };

/** A query string's values; an absent or empty value leaves its key out (an empty filter is no filter). */
export type PathQuery = Record<string, string | number | boolean | null | undefined>;

/**
 * The address of a call: the pattern with each `:name` replaced by its value (URI-encoded), and the query
 * string if any. A pattern without parameters takes `{}`.
 */
export function pathTo<P extends string>(pattern: P, params: PathParams<P>, query?: PathQuery): string {
  const values = params as Record<string, string | number>;
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name])),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
