/** The portal's lines in words (issue 33): what each one says, pure so that it tests as a table. */
import { MealType, plural, type PortalMeal, type PortalSession, type PortalTask } from '@union/contract';
import { formatCents } from '../../lib/format';
import { formatLongDate, formatTime } from '../../lib/dates';

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** « Mardi 5 mars 2026, 19:00–21:00 : Tenue au 1er degré (Temple Hiram) ». */
export const sessionText = (s: PortalSession) =>
  `${capitalize(formatLongDate(s.date))}, ${s.debut}–${s.fin} : ${s.libelle} (${s.salle})`;

/** « Jeudi 5 mars 2026 – Agapes du midi : Pot-au-feu ». */
export const mealText = (m: PortalMeal) =>
  `${capitalize(formatLongDate(m.date))} – ${MealType.labels[m.type]} : ${m.titre}`;

/** « commandes jusqu’au 05/03/2026 à 10:00 », the deadline read as Paris time. */
export const deadlineText = (m: PortalMeal) => {
  const [day, time] = m.limite.split('T');
  return `commande possible jusqu’au ${day!.split('-').reverse().join('/')} à ${time ?? formatTime(m.limite)}`;
};

/** What waits for an officer, in one sentence. */
export function taskText(task: PortalTask): string {
  switch (task.nature) {
    case 'DEMANDES':
      return `${plural(task.nombre, 'demande')} de réservation à traiter`;
    case 'FACTURES':
      return `${task.entite} : ${plural(task.nombre, 'facture')} à régler (${formatCents(task.montant ?? 0)})`;
    case 'MEMBRES':
      return `${task.entite} : ${plural(task.nombre, 'membre')} n’${task.nombre > 1 ? 'ont' : 'a'} pas encore choisi de mot de passe`;
  }
}
