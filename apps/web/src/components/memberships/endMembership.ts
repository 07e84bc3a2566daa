/**
 * What ending a membership does, in the words of both screens that end one (administration, Gestion
 * Loge). The server sets the end to yesterday in Paris (docs/decisions/entities-and-memberships.md), so
 * the dialog announces that very day, in the format the list then shows (« Jusqu’au 22/11/2026 »).
 */
import { addDays, de, parisDay } from '@union/contract';
import { formatDay } from '../../lib/dates';

/** Today in Lyon: what « current » and « ended » mean for memberships. */
export const membershipToday = () => parisDay();

/** The last day an ending gives a membership: yesterday, Paris. */
const endingLastDay = () => addDays(parisDay(), -1);

export const formatMembershipDay = (day: string | null) => formatDay(day);

/** « Terminer l’appartenance d’Anaïs Martin à « Loge » ? Son dernier jour sera hier, le 22/11/2026… ». */
export function endMembershipText(person: string, entite: string, debut: string | null): string {
  const question = `Terminer l’appartenance ${de(person)} à « ${entite} » ?`;
  if (debut && debut > membershipToday()) {
    return `${question} Elle n’a pas encore commencé : elle sera retirée.`;
  }
  return `${question} Son dernier jour sera hier, le ${formatMembershipDay(endingLastDay())} : elle ne compte plus dès aujourd’hui et reste dans l’historique.`;
}
