/**
 * The one error body every failing call answers (ARCHITECTURE, rule 5), and the catalogue of its codes.
 * Every `error` the API answers is a key of ERROR_CODES: the API's `AppError` takes only these codes
 * (a new refusal adds its line here first), the OpenAPI document lists them as the `error` enum of each
 * status, and the API's error plugin answers a 500 in tests when a body carries a code or a status the
 * catalogue does not have.
 */
import { z } from 'zod';

/** One code of the catalogue: the HTTP status it is answered with and what it means, in one line. */
export interface ErrorCodeEntry {
  status: 400 | 401 | 403 | 404 | 412 | 413 | 500 | 503;
  sens: string;
  /**
   * The only routes (`METHOD /path` as registered) that answer this code, for a code of one call (the
   * OAuth refusals of the token request, the payment notification's): the others do not declare it.
   */
  routes?: readonly string[];
}

const TOKEN = ['POST /oauth/token'] as const;
const IPN = ['POST /api/payment/systempay/ipn'] as const;
const READY = ['GET /api/ready'] as const;

export const ERROR_CODES = {
  // What the framework, the schemas and the database answer for any route.
  precondition_failed: {
    status: 412,
    sens: 'Saisie invalide (schéma du contrat) ou état qui ne permet pas l’action ; le message dit quoi corriger.',
  },
  bad_request: {
    status: 412,
    sens: 'Requête mal formée : JSON illisible, adresse mal encodée ou trop longue, envoi multipart cassé.',
  },
  too_large: {
    status: 413,
    sens: 'Requête trop volumineuse pour cet appel (taille, nombre de champs ou imbrication), refusée avant d’être lue.',
  },
  nul_character: {
    status: 400,
    sens: 'Un texte de la requête (adresse, paramètre ou corps) contient le caractère nul (U+0000), refusé avant la base.',
  },
  unsupported_media_type: {
    status: 412,
    sens: 'Le type de contenu (Content-Type) de l’envoi n’est pas accepté.',
  },
  invalid_value: {
    status: 412,
    sens: 'Valeur refusée par la base (caractère interdit, nombre ou date hors limites, règle non respectée).',
  },
  duplicate: {
    status: 412,
    sens: 'Valeur déjà utilisée : la base refuse le doublon (contrainte d’unicité).',
  },
  conflict: { status: 412, sens: 'Chevauchement refusé par la base (contrainte d’exclusion).' },
  unauthorized: { status: 401, sens: 'Pas de session valide : jeton absent, expiré ou révoqué.' },
  forbidden: {
    status: 403,
    sens: 'L’appelant n’a pas le droit de faire cela (habilitation, périmètre, jeton XSRF absent).',
  },
  not_found: { status: 404, sens: 'L’enregistrement n’existe pas, ou l’appelant ne peut pas le connaître.' },
  internal_error: { status: 500, sens: 'Erreur du serveur, journalisée ; la réponse n’en dit rien.' },

  // The readiness probe of the operators (issue 19): the message says why in a few words.
  not_ready: {
    status: 503,
    sens: 'Instance pas prête : base injoignable, migrations en attente ou arrêt en cours.',
    routes: READY,
  },

  // The token request (specification §8).
  invalid_grant: {
    status: 400,
    sens: 'Connexion refusée : identifiant ou mot de passe faux, compte inactif ou bloqué.',
    routes: TOKEN,
  },
  invalid_client: { status: 401, sens: 'Identifiants du client OAuth non reconnus.', routes: TOKEN },
  // The second factor (issue 22): the password step's answer when a second step is due.
  mfa_required: {
    status: 400,
    sens: 'Mot de passe correct : donnez un code de l’application d’authentification, un code de secours ou une clé d’accès (`mfa_token`).',
    routes: TOKEN,
  },
  codes_locked: {
    status: 412,
    sens: 'Trop de codes du second facteur erronés pour ce compte, d’où qu’ils viennent : il attend 15 minutes (son titulaire est prévenu par e-mail).',
  },
  mfa_enrolment_required: {
    status: 400,
    sens: 'Mot de passe correct : le compte doit d’abord activer un second facteur (`mfa_token`).',
    routes: TOKEN,
  },

  // Passkeys (issue 22).
  passkey_name_taken: { status: 412, sens: 'La personne a déjà une clé d’accès de ce nom.' },
  passkey_already_registered: { status: 412, sens: 'Cette clé d’accès est déjà enregistrée.' },
  passkey_challenges_exhausted: {
    status: 412,
    sens: 'Trop de connexions par clé d’accès en cours (50 par adresse, 1 000 en tout) : réessayer dans 5 minutes.',
    routes: ['POST /oauth/cle-acces/options'],
  },

  // Accounts and entities.
  identifiant_taken: { status: 412, sens: 'L’identifiant vient d’être pris par un autre compte.' },
  email_taken: { status: 412, sens: 'L’adresse e-mail est déjà celle d’un autre compte.' },
  entity_code_taken: { status: 412, sens: 'Le code d’entité est déjà celui d’une autre entité.' },
  already_member: {
    status: 412,
    sens: 'La période d’appartenance chevauche une autre appartenance de la personne à l’entité.',
  },
  import_conflict: {
    status: 412,
    sens: 'Des comptes ont été créés ou modifiés pendant l’import : rien n’est importé.',
  },

  // Reservations.
  slot_taken: { status: 412, sens: 'La salle est déjà réservée sur ce créneau.' },

  // Restaurant: meals, orders, cards and payments.
  meal_session_unknown: { status: 412, sens: 'Repas : la tenue choisie n’existe pas.' },
  meal_session_not_confirmed: { status: 412, sens: 'Repas : la tenue choisie n’est pas confirmée.' },
  meal_session_other_day: { status: 412, sens: 'Repas : la tenue choisie n’a pas lieu le jour du repas.' },
  meal_deadline_after_meal: { status: 412, sens: 'Repas : la date limite de commande est après le repas.' },
  meal_closed: { status: 412, sens: 'Repas : les commandes sont closes (date limite passée ou repas clos).' },
  meal_full: { status: 412, sens: 'Repas : il ne reste pas assez de places.' },
  meal_seats_below_orders: { status: 412, sens: 'Repas : moins de places que de places déjà commandées.' },
  meal_has_paid_orders: { status: 412, sens: 'Repas : des commandes payées empêchent sa suppression.' },
  meal_already_notified: { status: 412, sens: 'Repas : le menu a déjà été notifié et n’a pas changé.' },
  dish_not_on_menu: { status: 412, sens: 'Commande : un plat n’est pas au menu du repas.' },
  dish_twice: { status: 412, sens: 'Commande : un plat figure deux fois.' },
  dish_ordered: { status: 412, sens: 'Plat : il figure dans des commandes, il ne peut pas être supprimé.' },
  meal_order_exists: {
    status: 412,
    sens: 'Commande : il y en a déjà une pour ce repas et cette personne ou loge.',
  },
  meal_order_entity_fixed: {
    status: 412,
    sens: 'Commande : la personne ou la loge commandée ne change pas.',
  },
  meal_order_lodge_card: {
    status: 412,
    sens: 'Commande pour une loge : elle se paie avec la carte de la loge.',
  },
  meal_order_not_for_lodge: {
    status: 412,
    sens: 'Carte de loge choisie pour une commande qui n’est pas pour une loge.',
  },
  meal_order_no_lodge_card: { status: 412, sens: 'La personne n’a pas la carte Union de la loge.' },
  card_adjustment_reason_required: {
    status: 412,
    sens: 'Carte Union : un ajustement de plus de 500 € (solde lu sur la carte) demande un motif.',
  },
  card_insufficient_balance: { status: 412, sens: 'Carte Union : solde insuffisant pour ce montant.' },
  card_top_up_awaiting_validation: {
    status: 412,
    sens: 'Carte Union : solde insuffisant, un rechargement payé attend la validation du trésorier.',
  },
  top_up_not_pending: { status: 412, sens: 'Rechargement : il n’est plus en attente de paiement.' },
  top_up_already_credited: { status: 412, sens: 'Rechargement : il a déjà crédité la carte.' },
  till_already_open: { status: 412, sens: 'Caisse : une session est déjà ouverte sur cette caisse.' },
  till_closed: { status: 412, sens: 'Caisse : la session est clôturée, elle ne prend plus de mouvement.' },
  till_difference_reason_required: {
    status: 412,
    sens: 'Caisse : un écart entre les espèces comptées et attendues demande un motif.',
  },
  trans_ids_exhausted: { status: 412, sens: 'Paiement : plus de numéro de transaction libre aujourd’hui.' },
  ipn_bad_signature: { status: 412, sens: 'Notification de paiement : signature invalide.', routes: IPN },
  ipn_mismatch: {
    status: 412,
    sens: 'Notification de paiement : boutique, mode, devise ou montant différents.',
    routes: IPN,
  },
  ipn_unknown_payment: { status: 412, sens: 'Notification de paiement : transaction inconnue.', routes: IPN },

  // Accounting.
  entity_deleted: { status: 412, sens: 'Comptabilité : l’entité est supprimée.' },
  entity_union: { status: 412, sens: 'Comptabilité : l’Union ne se facture pas elle-même.' },
  negative_total: { status: 412, sens: 'Comptabilité : le total de la pièce est négatif.' },
  no_billing_email: { status: 412, sens: 'Comptabilité : l’entité n’a pas d’adresse e-mail de facturation.' },
  overpayment: { status: 412, sens: 'Comptabilité : le paiement dépasse le reste à payer.' },
  no_cheque_to_deposit: {
    status: 412,
    sens: 'Comptabilité : aucun chèque à remettre sur cette période.',
  },
  cheque_deposited: {
    status: 412,
    sens: 'Comptabilité : un de ces chèques vient d’être remis par une autre personne.',
  },
  payment_date_out_of_range: {
    status: 412,
    sens: 'Comptabilité : la date du règlement est avant le premier exercice ou trop loin dans le futur.',
  },
  fee_call_exists: { status: 412, sens: 'Comptabilité : cette tranche de cotisation est déjà appelée.' },
  nothing_to_change: { status: 412, sens: 'Comptabilité : la modification ne change rien.' },
  invoice_issued: { status: 412, sens: 'Comptabilité : une facture émise ne se modifie plus.' },
  invoice_has_payments: { status: 412, sens: 'Comptabilité : des paiements empêchent l’avoir.' },
  payment_missing: { status: 412, sens: 'Comptabilité : le paiement (mode, date, montant) manque.' },
  invoice_not_paid: { status: 412, sens: 'Comptabilité : la facture n’est pas soldée.' },
  not_overdue: { status: 412, sens: 'Comptabilité : la facture n’est pas échue, pas de relance.' },
  no_credit_note: { status: 412, sens: 'Comptabilité : la facture n’a pas d’avoir.' },
  no_reminder: { status: 412, sens: 'Comptabilité : aucune relance envoyée pour la facture.' },
  over_credit: { status: 412, sens: 'Comptabilité : l’avoir dépasse ce qui reste à créditer.' },
  line_credited: { status: 412, sens: 'Comptabilité : une ligne est déjà créditée par un avoir.' },
  unknown_line: { status: 412, sens: 'Comptabilité : la ligne à créditer n’existe pas sur la facture.' },
  credit_note_missing: { status: 412, sens: 'Comptabilité : l’avoir (lignes ou montant) manque.' },
  payment_unknown: { status: 412, sens: 'Comptabilité : le paiement n’existe pas sur cette facture.' },
  payment_reversed: { status: 412, sens: 'Comptabilité : le paiement est déjà contre-passé.' },
  payment_refunded: { status: 412, sens: 'Comptabilité : le paiement est entièrement remboursé.' },
  online_settled: {
    status: 412,
    sens: 'Comptabilité : le paiement en ligne n’est pas à régulariser (déjà traité).',
  },
  reason_missing: { status: 412, sens: 'Comptabilité : le motif manque.' },
  no_credit: { status: 412, sens: 'Comptabilité : l’entité n’a pas de crédit disponible.' },
  nothing_due: { status: 412, sens: 'Comptabilité : la facture n’a plus rien à payer.' },
  over_allocation: { status: 412, sens: 'Comptabilité : les affectations dépassent le paiement ou le dû.' },
  invoice_not_open: {
    status: 412,
    sens: 'Comptabilité : la facture n’est pas ouverte ou d’une autre entité.',
  },
  already_reminded: { status: 412, sens: 'Comptabilité : une relance est déjà partie aujourd’hui.' },
  bulk_changed: {
    status: 412,
    sens: 'Comptabilité : les factures à émettre ont changé depuis l’aperçu (rechargez l’aperçu).',
  },
  bulk_empty: { status: 412, sens: 'Comptabilité : rien à émettre ou à relancer dans la sélection.' },
  selection_refused: {
    status: 412,
    sens: 'Utilisateurs : un compte sélectionné refuse le changement (nommé) ; aucun n’a changé.',
  },
  selection_changed: {
    status: 412,
    sens: 'Utilisateurs : un compte sélectionné n’existe plus (rechargez la liste).',
  },
  no_document: { status: 412, sens: 'Compte de la loge : la pièce n’a pas ce document.' },
  period_invalid: { status: 412, sens: 'Comptabilité : la période demandée est invalide ou trop longue.' },

  bank_line_done: {
    status: 412,
    sens: 'Banque : la ligne du relevé est déjà rapprochée d’un paiement, imputée ou laissée de côté.',
  },
  bank_card_settled: {
    status: 412,
    sens: 'Banque : un des paiements par carte choisis est déjà réglé par un autre virement, ou n’en est pas un.',
  },
  bank_card_amount: {
    status: 412,
    sens: 'Banque : le virement dépasse les paiements par carte choisis, ou n’est pas un crédit.',
  },
  bank_account_invalid: {
    status: 412,
    sens: 'Banque : ce compte ne peut pas recevoir l’imputation d’une ligne du relevé.',
  },
  bank_csv_columns: {
    status: 412,
    sens: 'Banque : une colonne choisie pour le relevé CSV n’est pas dans le fichier (ou le choix est incomplet).',
  },
  bank_account_unknown: {
    status: 412,
    sens: 'Banque : le relevé porte sur un compte qui n’est pas parmi les comptes bancaires de l’Union.',
  },
  bank_reconciled: {
    status: 412,
    sens: 'Banque : la période est rapprochée (validée) ; ses lignes et les écritures du compte 512 n’y changent plus.',
  },
  bank_reconciliation_refused: {
    status: 412,
    sens: 'Banque : le rapprochement ne peut pas être validé à cette date (écart, ligne en attente, relevé manquant).',
  },

  sepa_ics_missing: {
    status: 412,
    sens: 'Prélèvements : l’identifiant créancier SEPA (ICS) ou le compte bancaire de l’Union manque.',
  },
  sepa_too_soon: {
    status: 412,
    sens: 'Prélèvements : la date de prélèvement est à moins de 14 jours (délai de pré-notification).',
  },
  sepa_not_business_day: {
    status: 412,
    sens: 'Prélèvements : la date de prélèvement n’est pas un jour de règlement SEPA (TARGET2 : week-end ou jour férié).',
  },
  sepa_rum_taken: { status: 412, sens: 'Prélèvements : cette référence de mandat (RUM) existe déjà.' },
  sepa_mandate_live: {
    status: 412,
    sens: 'Prélèvements : la loge a déjà un mandat en cours ; révoquez-le avant d’en saisir un autre.',
  },
  sepa_mandate_revoked: { status: 412, sens: 'Prélèvements : le mandat est déjà révoqué.' },
  sepa_batch_state: {
    status: 412,
    sens: 'Prélèvements : le lot n’est pas dans l’état que l’action demande (déjà transmis, annulé ou encaissé).',
  },
  sepa_amount: {
    status: 412,
    sens: 'Prélèvements : la ligne du relevé n’est pas le montant du lot ou du prélèvement, ou précède son jour.',
  },
  sepa_return_unknown: {
    status: 412,
    sens: 'Prélèvements : la ligne du relevé n’est pas le retour d’un prélèvement de ce lot.',
  },
  sepa_returned: { status: 412, sens: 'Prélèvements : ce prélèvement est déjà enregistré comme rejeté.' },
  sepa_invoice_batched: {
    status: 412,
    sens: 'Prélèvements : une facture est déjà dans un autre lot de prélèvements en cours.',
  },
  sepa_nothing: { status: 412, sens: 'Prélèvements : aucune facture due d’une loge ayant un mandat valide.' },

  // Documents and messages.
  upload_incomplete: { status: 412, sens: 'Fichier : l’envoi n’a pas été reçu en entier.' },
  file_too_large: { status: 412, sens: 'Fichier : il dépasse la taille maximale.' },
  file_empty: { status: 412, sens: 'Fichier : il est vide.' },
  file_type: { status: 412, sens: 'Fichier : ni PDF, ni image, ni document bureautique.' },
  file_limit: {
    status: 412,
    sens: 'Fichier : sa lecture a dépassé une limite (temps, mémoire, décompression) ou le serveur est occupé.',
    routes: [
      'POST /api/user/import',
      'POST /api/compta/banque/releves',
      'PUT /api/compta/banque/mandats/:id/pdf',
      'POST /api/document',
    ],
  },
  document_entity: { status: 412, sens: 'Document : l’entité n’existe pas ou est supprimée.' },
  document_type_b: {
    status: 412,
    sens: 'Document : un procès-verbal de bureau est pour une association ou l’Union.',
  },
  document_session_type: { status: 412, sens: 'Document : seule une convocation se rattache à une tenue.' },
  document_session: { status: 412, sens: 'Document : la tenue n’existe pas ou est supprimée.' },
  document_session_entity: { status: 412, sens: 'Document : la tenue n’est pas de l’entité qui publie.' },
  distribution_nobody: { status: 412, sens: 'Diffusion : aucun destinataire n’a activé la notification.' },
  distribution_already_sent: {
    status: 412,
    sens: 'Diffusion : tous les e-mails sont partis, rien à annuler.',
  },
  unsubscribe_token: { status: 412, sens: 'Désinscription : le lien est invalide.' },
  message_entity: { status: 412, sens: 'Message : une entité destinataire n’existe pas ou est supprimée.' },
} as const satisfies Record<string, ErrorCodeEntry>;

/** A code of the catalogue: the only values `AppError` and the error plugin answer. */
export type ErrorCode = keyof typeof ERROR_CODES;
/** The statuses an error is answered with: the web has one message for each. */
export type ErrorStatus = ErrorCodeEntry['status'];

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

/** The catalogue's codes answered with `status` (for the `error` enum of the OpenAPI document). */
export const errorCodesOf = (status: number): ErrorCode[] =>
  ERROR_CODE_LIST.filter((code) => ERROR_CODES[code].status === status);

/**
 * The body as the client reads it: `error` stays any string, so that a client older than the server
 * still reads a code it does not know; the server's bodies are typed by `ErrorCode` (apps/api).
 */
export const ErrorBodySchema = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(z.string()).optional(),
  /** `mfa_required`, `mfa_enrolment_required`: the message again, under OAuth's name for it. */
  error_description: z.string().optional(),
  /** `mfa_required`, `mfa_enrolment_required`: what the second step of the sign-in sends back. */
  mfa_token: z.string().optional(),
  /**
   * `mfa_required`: the factors the account can give (`totp`: an authenticator's code; `cle_acces`: a
   * passkey; `code_secours`: one of its unused recovery codes).
   */
  facteurs: z.array(z.enum(['totp', 'cle_acces', 'code_secours'])).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
