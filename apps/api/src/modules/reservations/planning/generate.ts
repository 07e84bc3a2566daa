/**
 * Materialises a planning entry: one confirmed reservation per date of its rule, from tomorrow to the
 * end of its year, skipping closed days and reporting the dates another reservation holds.
 */
import type { PlanningConflict } from '@union/contract';
import type { TxContext } from '../../../lib/context';
import { audit } from '../../audit/audit';
import { addDays, datesOfRule } from '@union/contract';
import { closuresRepository } from '../closures/repository';
import { reservationsRepository, type NewReservation } from '../repository';
import { overlapReason } from '../bookable';
import type { PlanningEntryRecord } from './repository';

export interface Materialised {
  creees: number;
  conflits: PlanningConflict[];
}

/** Creates the entry's missing reservations; dates already held by the entry are left as they are. */
export async function materialise(
  ctx: TxContext,
  entry: PlanningEntryRecord,
  today: string,
): Promise<Materialised> {
  const tx = ctx.db;
  const days = datesOfRule(entry.annee, entry.regle, entry.mois).filter((d) => d > today);
  if (days.length === 0) return { creees: 0, conflits: [] };
  const first = days[0]!;
  const last = days[days.length - 1]!;
  // One after the other: a transaction is one connection, which runs one query at a time anyway.
  const kept = await reservationsRepository.keptDaysOfPlanningEntry(tx, entry.id);
  const closed = await closuresRepository.between(tx, first, last);
  const busy = await reservationsRepository.activeInRoom(tx, entry.roomId, first, last);
  const closedOn = new Map(closed.map((c) => [c.jour, c.motif]));
  const conflits: PlanningConflict[] = [];
  const wanted: NewReservation[] = [];
  for (const day of days) {
    if (kept.has(day)) continue;
    const motif = closedOn.get(day);
    if (motif !== undefined) {
      conflits.push({ date: day, raison: `Le bâtiment est fermé ce jour-là (${motif}).` });
      continue;
    }
    const clash = busy.find(
      (b) => b.reservation.jour === day && b.reservation.debut < entry.fin && b.reservation.fin > entry.debut,
    );
    if (clash) {
      conflits.push({ date: day, raison: overlapReason(clash) });
      continue;
    }
    wanted.push({
      roomId: entry.roomId,
      entityId: entry.entityId,
      jour: day,
      debut: entry.debut,
      fin: entry.fin,
      type: entry.type,
      libelle: entry.libelle,
      etat: 'CR',
      requestedById: ctx.caller.id,
      planningEntryId: entry.id,
      changedByHand: false,
    });
  }
  const inserted = await reservationsRepository.insertManySkippingOverlaps(tx, wanted, ctx.clock.now());
  const placed = new Set(inserted.map((r) => r.jour));
  for (const w of wanted) {
    if (!placed.has(w.jour)) {
      conflits.push({ date: w.jour, raison: 'La salle vient d’être réservée par une autre demande.' });
    }
  }
  await audit.recordMany(
    ctx,
    inserted.map((r) => ({ action: 'PLANNING_GENERATE', recordType: 'reservation', recordId: r.id })),
  );
  conflits.sort((a, b) => a.date.localeCompare(b.date));
  return { creees: inserted.length, conflits };
}

/** Ends the entry's future reservations nobody changed by hand (from tomorrow); returns how many. */
export async function removeFuture(ctx: TxContext, entryId: number, today: string) {
  const ids = await reservationsRepository.removeGeneratedFrom(
    ctx.db,
    entryId,
    addDays(today, 1),
    ctx.clock.now(),
  );
  await audit.recordMany(
    ctx,
    ids.map((recordId) => ({ action: 'PLANNING_REMOVE', recordType: 'reservation', recordId })),
  );
  return ids.length;
}
