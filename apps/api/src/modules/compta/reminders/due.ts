/**
 * Which reminder an overdue invoice is due for (issue 20), from the Union's settings: level n is due
 * `niveau<n>` days after the due date, and never less than `ecart` days after the previous letter. After
 * the formal notice (3) nothing more is due by itself: a further one is sent from the invoice's page.
 * Pure: the day and the facts in, the answer out.
 */
import { addDays, daysBetween, type ReminderSettings } from '@union/contract';
import { frenchDate } from '../../../lib/dates';

export interface DueFacts {
  dateEcheance: string;
  /** The last level sent, 0 when none. */
  niveauEnvoye: number;
  derniereRelance: string | null;
  reste: number;
  /** The entity's billing e-mail: without one, nothing can be sent. */
  email: string | null;
}

export interface DueLevel {
  prochainNiveau: number | null;
  dueLe: string | null;
  aEnvoyer: boolean;
  raison: string | null;
}

export const lateDays = (dateEcheance: string, today: string) => daysBetween(dateEcheance, today);

export function dueLevel(f: DueFacts, delais: ReminderSettings, today: string): DueLevel {
  if (f.reste <= 0)
    return { prochainNiveau: null, dueLe: null, aEnvoyer: false, raison: 'rien ne reste à payer' };
  if (f.niveauEnvoye >= 3)
    return {
      prochainNiveau: null,
      dueLe: null,
      aEnvoyer: false,
      raison: 'mise en demeure déjà envoyée : une nouvelle se décide depuis la fiche de la facture',
    };
  const prochainNiveau = f.niveauEnvoye + 1;
  const delay = [delais.niveau1, delais.niveau2, delais.niveau3][prochainNiveau - 1]!;
  const byDelay = addDays(f.dateEcheance, delay);
  const byGap = f.derniereRelance ? addDays(f.derniereRelance, delais.ecart) : byDelay;
  const dueLe = byDelay > byGap ? byDelay : byGap;
  if (dueLe > today)
    return {
      prochainNiveau,
      dueLe,
      aEnvoyer: false,
      raison:
        byGap > byDelay
          ? `${delais.ecart} jours au moins entre deux relances : possible à partir du ${frenchDate(dueLe)}`
          : `pas avant le ${frenchDate(dueLe)} (${delay} jours après l’échéance)`,
    };
  if (!f.email)
    return {
      prochainNiveau,
      dueLe,
      aEnvoyer: false,
      raison: 'pas d’adresse e-mail de facturation : renseignez-la ou envoyez le courrier par la poste',
    };
  return { prochainNiveau, dueLe, aEnvoyer: true, raison: null };
}
