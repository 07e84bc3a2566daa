/**
 * The Union's booking rules (issue 21, settings « Réservations »): the least notice before a member's
 * request and the furthest day a room may be booked. Pure functions over Paris days and minutes, so they
 * test as tables; the service loads the rules and the clock.
 */
import { addDays, hhmmOf, type BookingRules } from '@union/contract';
import { invalid } from '../../lib/errors';
import { frenchDate } from '../../lib/dates';

const MINUTES_PER_DAY = 24 * 60;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** The day `n` months after `day`, the last of the month when it has fewer days (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** « 48 heures », « 2 jours », « 1 heure ». */
export function noticeText(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? '1 jour' : `${hours / 24} jours`;
  return hours === 1 ? '1 heure' : `${hours} heures`;
}

export interface RulesNow {
  rules: BookingRules;
  /** Union staff book at the desk: the notice does not bind them, the horizon does. */
  isStaff: boolean;
  today: string;
  nowMinutes: number;
}

/**
 * The first day and minute a request may start (Paris), or null when no notice applies. Counted on the wall
 * clock: a change of time in between moves it by an hour, which nobody booking two days ahead notices.
 */
export function firstStart({
  rules,
  isStaff,
  today,
  nowMinutes,
}: RulesNow): { jour: string; debut: number } | null {
  if (isStaff || rules.preavisHeures === 0) return null;
  const at = nowMinutes + rules.preavisHeures * 60;
  return { jour: addDays(today, Math.floor(at / MINUTES_PER_DAY)), debut: at % MINUTES_PER_DAY };
}

/** The furthest day a room may be booked: `horizonMois` months after today. */
export const lastDay = ({ rules, today }: Pick<RulesNow, 'rules' | 'today'>) =>
  addMonths(today, rules.horizonMois);

/** What the week view tells the form (WeekSchema `regles`). */
export function rulesForScreen(now: RulesNow) {
  const first = firstStart(now);
  return {
    preavisHeures: now.isStaff ? 0 : now.rules.preavisHeures,
    premierCreneau: first ? `${first.jour}T${hhmmOf(first.debut)}` : null,
    dernierJour: lastDay(now),
  };
}

/** Throws the 412 the form shows when the slot breaks a rule. */
export function checkRules(now: RulesNow, slot: { jour: string; debut: number }): void {
  const last = lastDay(now);
  if (slot.jour > last) {
    throw invalid(
      `Date : les salles se réservent au plus ${now.rules.horizonMois} mois à l’avance. ` +
        `Choisissez une date jusqu’au ${frenchDate(last)}.`,
    );
  }
  const first = firstStart(now);
  if (
    first &&
    dayNumber(slot.jour) * MINUTES_PER_DAY + slot.debut <
      dayNumber(first.jour) * MINUTES_PER_DAY + first.debut
  ) {
    throw invalid(
      `Date : une demande de salle se fait au moins ${noticeText(now.rules.preavisHeures)} à l’avance. ` +
        `Choisissez un créneau commençant à partir du ${frenchDate(first.jour)} à ${hhmmOf(first.debut)}.`,
    );
  }
}
