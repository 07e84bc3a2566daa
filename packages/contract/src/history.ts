/**
 * The one history entry every history panel shows (a user, an entity, a reservation, an order): the
 * audit module's presenter builds it from the audit log, each module saying what its entries mean.
 */
import { z } from 'zod';
import { RecordIdSchema } from './ids';

export const HistoryEntrySchema = z.object({
  id: RecordIdSchema,
  date: z.string(),
  /** The audit action, a stable code (`user_created`, `ACCEPT_CREATION`…). */
  action: z.string(),
  /** What happened, in French. */
  libelle: z.string(),
  /** A readable summary of what changed, in French, when the module gives one. */
  resume: z.string().nullable(),
  /** Who did it; null for the system (a worker, the annual planning's removal…). */
  auteur: z.string().nullable(),
  /** The reason given with a refusal or a cancellation, shown apart. */
  motif: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export const HistorySchema = z.array(HistoryEntrySchema);

/** French labels of the audit actions the history panels show; unknown actions show their code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  user_created: 'Création du compte',
  user_updated: 'Modification du compte',
  user_state_changed: "Changement d'état",
  user_habilitations_changed: 'Modification des habilitations',
  user_anonymised: 'Anonymisation (RGPD)',
  invitation_sent: 'Invitation envoyée',
  personal_data_exported: 'Export des données personnelles',
  password_changed: 'Changement de mot de passe',
  password_set_invitation: 'Mot de passe choisi (invitation)',
  password_set_reset: 'Mot de passe réinitialisé',
  password_reset_requested: 'Demande de réinitialisation du mot de passe',
  second_factor_enrolled: 'Activation de la double authentification',
  second_factor_removed: 'Retrait de la double authentification',
  second_factor_codes_renewed: 'Nouveaux codes de secours',
  second_factor_reset: 'Réinitialisation de la double authentification',
  second_factor_settings_updated: 'Modification de la règle de double authentification',
  session_ended: 'Fin d’une session',
  sessions_ended_before_second_factor: 'Fin des sessions ouvertes avant la double authentification',
  email_changed: "Changement d'adresse e-mail",
  telephone_changed: 'Changement de téléphone',
  notification_changed: 'Changement des notifications par e-mail',
  NOTIFICATION_DOCUMENTS_OFF: 'Désinscription des e-mails de documents',
  NOTIFICATION_MESSAGES_OFF: 'Désinscription des e-mails de messages',
  NOTIFICATION_RESTAURATION_OFF: 'Désinscription des e-mails de menus',
  membership_added: 'Ajout d’une appartenance',
  membership_updated: 'Modification d’une appartenance',
  membership_ended: 'Fin d’une appartenance',
  membership_removed: 'Suppression d’une appartenance',
  entity_created: "Création de l'entité",
  entity_updated: "Modification de l'entité",
  room_created: 'Création de la salle',
  room_updated: 'Modification de la salle',
  settings_updated: 'Modification des paramètres',
  members_imported: 'Import de membres',
  members_exported: 'Export de la liste des membres',
  calendar_feed_created: 'Création de l’adresse d’agenda',
  calendar_feed_renewed: 'Renouvellement de l’adresse d’agenda',
};
