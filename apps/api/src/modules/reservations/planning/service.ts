/**
 * The annual planning (DECISIONS §3): masonic years, the regular sessions of each lodge, and their
 * materialisation as confirmed reservations. Reading needs PLANNING; changing needs Union staff.
 */
import {
  laSalle,
  minutesOf,
  yearLabel,
  type PlanningEntry,
  type PlanningEntryDetail,
  type PlanningInput,
  type PlanningSaveResult,
  type PlanningUpdate,
  type PlanningYearOpened,
  type PlanningYears,
  masonicYearOf,
} from '@union/contract';
import type { Executor } from '../../../db/client';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { authorize } from '../../../lib/authorize';
import { invalid, notFound } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { entityRepository } from '../../entities/entity-repository';
import { settingsRepository } from '../../settings/repository';
import { checkSlot } from '../calendar';
import { may } from '../policy';
import { presentReservation } from '../presenter';
import { reservationsRepository } from '../repository';
import { loadPlanningContext } from '../context';
import { materialise, removeFuture } from './generate';
import { presentEntry } from './presenter';
import { planningRepository, type PlanningEntryRecord } from './repository';

/** Checks what an entry names and returns its stored fields. */
async function entryFields(tx: Executor, input: PlanningInput) {
  const debut = minutesOf(input.heureDebut);
  const fin = minutesOf(input.heureFin);
  checkSlot(debut, fin);
  if (!(await planningRepository.yearExists(tx, input.annee))) {
    throw invalid(`Année : l'année ${yearLabel(input.annee)} n'est pas ouverte. Ouvrez-la d'abord.`);
  }
  const room = await settingsRepository.findRoomById(tx, input.idSalle);
  if (!room) throw invalid("Salle : la salle choisie n'existe pas.");
  if (!room.active) throw invalid(`Salle : « ${room.nom} » n'est pas ouverte à la réservation.`);
  const entity = await entityRepository.find(tx, input.idEntite);
  if (!entity || entity.etat !== 'A') {
    throw invalid("Loge ou association : elle n'existe pas ou a été supprimée.");
  }
  return {
    annee: input.annee,
    entityId: input.idEntite,
    roomId: input.idSalle,
    type: input.type,
    libelle: input.libelle,
    debut,
    fin,
    regle: input.regle,
    mois: [...new Set(input.mois)].sort((a, b) => a - b),
  };
}

/** Why last year's entry cannot be copied into a new year, if it cannot. */
async function notCarriedOver(tx: Executor, entry: PlanningEntryRecord): Promise<string | null> {
  const room = await settingsRepository.findRoomById(tx, entry.roomId);
  if (!room?.active)
    return `Tenue non reprise : ${laSalle(room?.nom ?? '?', false)} n'est plus ouverte à la réservation.`;
  const entity = await entityRepository.find(tx, entry.entityId);
  if (entity?.etat !== 'A') return "Tenue non reprise : la loge ou l'association a été supprimée.";
  return null;
}

async function presentEntryById(tx: Executor, id: number): Promise<PlanningEntry> {
  return presentEntry((await planningRepository.findJoined(tx, id))!);
}

async function auditEntry(tx: TxContext, action: string, entry: PlanningEntryRecord) {
  await audit.record(tx, {
    action,
    recordType: 'planning_entry',
    recordId: entry.id,
    details: { annee: entry.annee, entite: entry.entityId, salle: entry.roomId },
  });
}

export const planningService = {
  async years(ctx: RequestContext): Promise<PlanningYears> {
    const { db } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    const rows = await planningRepository.years(db);
    return {
      annees: rows.map((y) => ({ annee: y.annee, libelle: yearLabel(y.annee), entrees: y.entrees })),
      gestion: may(planning, 'MANAGE', null),
    };
  },

  /**
   * Opens the year after the last one (or the current one when there is none), copying the last year's
   * entries and materialising them.
   */
  async openYear(ctx: RequestContext): Promise<PlanningYearOpened> {
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'MANAGE', null));
    const today = ctx.clock.today();
    return inTransaction(ctx, async (tx) => {
      const [last] = await planningRepository.years(tx.db);
      const annee = last ? last.annee + 1 : masonicYearOf(today);
      // Further ahead nobody knows the lodges' calendars yet, and a slip of the button would book years.
      const latest = masonicYearOf(today) + 2;
      if (annee > latest) {
        throw invalid(
          `Année : l'année ${yearLabel(annee)} ne peut pas encore être ouverte ; le planning s'ouvre au plus deux ans à l'avance (jusqu'à ${yearLabel(latest)}).`,
        );
      }
      if (!(await planningRepository.insertYear(tx.db, annee, tx.clock.now()))) {
        throw invalid(`L'année ${yearLabel(annee)} est déjà ouverte. Actualisez la page.`);
      }
      const previous = last ? await planningRepository.search(tx.db, last.annee, null, null) : [];
      let creees = 0;
      let entrees = 0;
      const conflits: PlanningYearOpened['conflits'] = [];
      for (const { entry, entite } of previous) {
        // A room retired or an entity deleted since last year: the entry is not carried over, and the
        // report says so on the year's first day.
        const left = await notCarriedOver(tx.db, entry);
        if (left) {
          conflits.push({ date: `${annee}-09-01`, raison: left, entree: `${entite} – ${entry.libelle}` });
          continue;
        }
        entrees += 1;
        const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = entry;
        const copy = await planningRepository.insert(tx.db, { ...fields, annee }, tx.clock.now());
        await auditEntry(tx, 'CREATE', copy);
        const result = await materialise(tx, copy, today);
        creees += result.creees;
        conflits.push(...result.conflits.map((c) => ({ ...c, entree: `${entite} – ${entry.libelle}` })));
      }
      conflits.sort((a, b) => a.date.localeCompare(b.date));
      return { annee: { annee, libelle: yearLabel(annee), entrees }, creees, conflits };
    });
  },

  /** Entries of a year, optionally of one entity and one room (null = all). */
  async search(
    ctx: RequestContext,
    annee: number,
    entityId: number | null,
    roomId: number | null,
  ): Promise<PlanningEntry[]> {
    const { db } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    if (!(await planningRepository.yearExists(db, annee))) {
      throw notFound(`L'année ${yearLabel(annee)} du planning n'existe pas.`);
    }
    const rows = await planningRepository.search(db, annee, entityId, roomId);
    return rows.map(presentEntry);
  },

  async infos(ctx: RequestContext, id: number): Promise<PlanningEntryDetail> {
    const { db } = ctx;
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'READ', null));
    const row = await planningRepository.findJoined(db, id);
    if (!row) throw notFound("Cette entrée du planning n'existe pas.");
    const reservations = await reservationsRepository.activeOfPlanningEntry(db, id);
    return { ...presentEntry(row), reservations: reservations.map((r) => presentReservation(planning, r)) };
  },

  async create(ctx: RequestContext, input: PlanningInput): Promise<PlanningSaveResult> {
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'MANAGE', null));
    return inTransaction(ctx, async (tx) => {
      const entry = await planningRepository.insert(tx.db, await entryFields(tx.db, input), tx.clock.now());
      await auditEntry(tx, 'CREATE', entry);
      const result = await materialise(tx, entry, ctx.clock.today());
      return { entree: await presentEntryById(tx.db, entry.id), ...result };
    });
  },

  /**
   * Changes an entry: its future reservations nobody changed by hand are replaced by those of the new
   * rule; the ones changed by hand stay as they are.
   */
  async update(ctx: RequestContext, input: PlanningUpdate): Promise<PlanningSaveResult> {
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'MANAGE', null));
    const today = ctx.clock.today();
    return inTransaction(ctx, async (tx) => {
      const existing = await planningRepository.findById(tx.db, input.id);
      if (!existing) throw notFound("Cette entrée du planning n'existe pas.");
      if (existing.annee !== input.annee) {
        throw invalid("Année : une entrée ne change pas d'année ; créez-en une dans l'autre année.");
      }
      const entry = await planningRepository.update(
        tx.db,
        existing.id,
        await entryFields(tx.db, input),
        tx.clock.now(),
      );
      await auditEntry(tx, 'EDIT', entry);
      await removeFuture(tx, entry.id, today);
      const result = await materialise(tx, entry, today);
      return { entree: await presentEntryById(tx.db, entry.id), ...result };
    });
  },

  /** Deletes an entry and its future reservations nobody changed by hand; the others stay, detached. */
  async remove(ctx: RequestContext, id: number): Promise<{ supprimees: number }> {
    const planning = await loadPlanningContext(ctx);
    authorize(may(planning, 'MANAGE', null));
    return inTransaction(ctx, async (tx) => {
      const entry = await planningRepository.findById(tx.db, id);
      if (!entry) throw notFound("Cette entrée du planning n'existe pas.");
      const supprimees = await removeFuture(tx, id, ctx.clock.today());
      await auditEntry(tx, 'DELETE', entry);
      await planningRepository.remove(tx.db, id);
      return { supprimees };
    });
  },
};
