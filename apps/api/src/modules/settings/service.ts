/**
 * Rooms and the Union's settings. `unionSettings()` is what quotes, invoices and fee calls read: it
 * always answers, with defaults until an administrator saves the settings.
 */
import {
  CHART_ROLES,
  EntityType,
  TVA_MENTIONS,
  type Room,
  type RoomCreateSchema,
  type RoomUpdateSchema,
  type UnionSettings,
  type UnionSettingsInputSchema,
} from '@union/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { inTransaction, type RequestContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import { audit, changedFields } from '../audit/audit';
import { may } from './policy';
import { settingsRepository, type RoomRow } from './repository';

/** What the documents carry until an administrator fills in the settings. */
export const DEFAULT_SETTINGS: UnionSettings = {
  identite: {
    raisonSociale: 'Union des Loges et Associations de Lyon',
    adresse: 'Adresse à compléter dans Administration › Paramètres',
    siret: null,
    rna: null,
    email: 'contact@union-lyon.fr',
    telephone: null,
  },
  mentionTva: TVA_MENTIONS[0],
  banque: { iban: null, bic: null },
  relances: { niveau1: 15, niveau2: 30, niveau3: 45, ecart: 10, automatique: false },
  cotisations: Object.fromEntries(EntityType.codes.map((c) => [c, 0])) as UnionSettings['cotisations'],
  // No notice (anything not yet begun, as before the rules) and 18 months ahead (issue 21).
  reservations: { preavisHeures: 0, horizonMois: 18 },
  // The books (issue 31 §2): payments before 2020 are typing errors; the chart's French defaults.
  comptabilite: { premierExercice: 2020, comptes: CHART_ROLES },
  comptesBancaires: [],
  ics: null,
};

export const presentRoom = (r: RoomRow): Room => ({
  id: r.id,
  nom: r.nom,
  capacite: r.capacite,
  couleur: r.couleur,
  tarifHoraire: r.tarifHoraire,
  active: r.active,
});

async function checkRoomName(db: Executor, nom: string, exceptId?: number) {
  const same = await settingsRepository.findRoomByName(db, nom);
  if (same && same.id !== exceptId)
    throw invalid(`Une salle s'appelle déjà « ${nom} » : choisissez un autre nom.`);
}

/** The Union's settings as the documents use them (defaults for what was never saved). */
export async function unionSettings(db: Executor): Promise<UnionSettings> {
  const [row, fees] = [await settingsRepository.findSettings(db), await settingsRepository.listFees(db)];
  const cotisations = { ...DEFAULT_SETTINGS.cotisations };
  for (const fee of fees) cotisations[fee.entityType] = fee.montantAnnuel;
  if (!row) return { ...DEFAULT_SETTINGS, cotisations };
  return {
    identite: {
      raisonSociale: row.raisonSociale,
      adresse: row.adresse,
      siret: row.siret,
      rna: row.rna,
      email: row.email,
      telephone: row.telephone,
    },
    mentionTva: row.mentionTva,
    banque: { iban: row.iban, bic: row.bic },
    relances: {
      niveau1: row.relanceJours1,
      niveau2: row.relanceJours2,
      niveau3: row.relanceJours3,
      ecart: row.relanceEcart,
      automatique: row.relanceAuto,
    },
    cotisations,
    reservations: { preavisHeures: row.preavisReservationHeures, horizonMois: row.horizonReservationMois },
    // A role added after the chart was saved takes its default.
    comptabilite: {
      premierExercice: row.premierExercice,
      comptes: { ...CHART_ROLES, ...row.planComptable },
    },
    comptesBancaires: row.comptesBancaires,
    ics: row.ics,
  };
}

export const settingsService = {
  /** Every room, retired ones included (the screens grey those out). */
  async rooms(ctx: RequestContext): Promise<Room[]> {
    return (await settingsRepository.listRooms(ctx.db)).map(presentRoom);
  },

  async createRoom(ctx: RequestContext, input: z.output<typeof RoomCreateSchema>): Promise<Room> {
    authorize(may({ caller: ctx.caller }, 'ADMINISTER', null));
    return inTransaction(ctx, async (tx) => {
      await checkRoomName(tx.db, input.nom);
      const room = await settingsRepository.insertRoom(tx.db, input, tx.clock.now());
      await audit.record(tx, {
        action: 'room_created',
        recordType: 'room',
        recordId: room.id,
        details: { nom: room.nom },
      });
      return presentRoom(room);
    });
  },

  /** Rooms are never deleted (reservations and invoices point to them): `active: false` retires one. */
  async updateRoom(ctx: RequestContext, input: z.output<typeof RoomUpdateSchema>): Promise<Room> {
    authorize(may({ caller: ctx.caller }, 'ADMINISTER', null));
    return inTransaction(ctx, async (tx) => {
      const room = await settingsRepository.findRoomById(tx.db, input.id);
      if (!room) throw notFound("Cette salle n'existe pas.");
      await checkRoomName(tx.db, input.nom, room.id);
      const { id: _id, ...changes } = input;
      const champs = changedFields(room, changes);
      await settingsRepository.updateRoom(tx.db, room.id, changes, tx.clock.now());
      if (champs.length)
        await audit.record(tx, {
          action: 'room_updated',
          recordType: 'room',
          recordId: room.id,
          details: { nom: changes.nom, champs },
        });
      return presentRoom({ ...room, ...changes });
    });
  },

  async settings(ctx: RequestContext): Promise<UnionSettings> {
    authorize(may({ caller: ctx.caller }, 'ADMINISTER', null));
    return unionSettings(ctx.db);
  },

  async saveSettings(
    ctx: RequestContext,
    input: z.output<typeof UnionSettingsInputSchema>,
  ): Promise<UnionSettings> {
    authorize(may({ caller: ctx.caller }, 'ADMINISTER', null));
    return inTransaction(ctx, async (tx) => {
      // Absent booking, bank or reminder settings (a client older than issues 20–21) keep what is stored.
      const stored = await unionSettings(tx.db);
      const reservations = input.reservations ?? stored.reservations;
      const banque = input.banque ?? stored.banque;
      const relances = input.relances ?? stored.relances;
      const comptabilite = input.comptabilite ?? stored.comptabilite;
      const comptesBancaires = input.comptesBancaires ?? stored.comptesBancaires;
      const ics = input.ics === undefined ? stored.ics : input.ics;
      await settingsRepository.saveSettings(
        tx.db,
        {
          ...input.identite,
          mentionTva: input.mentionTva,
          preavisReservationHeures: reservations.preavisHeures,
          horizonReservationMois: reservations.horizonMois,
          iban: banque.iban,
          bic: banque.bic,
          relanceJours1: relances.niveau1,
          relanceJours2: relances.niveau2,
          relanceJours3: relances.niveau3,
          relanceEcart: relances.ecart,
          relanceAuto: relances.automatique,
          premierExercice: comptabilite.premierExercice,
          planComptable: comptabilite.comptes,
          comptesBancaires,
          ics,
        },
        tx.clock.now(),
      );
      for (const type of EntityType.codes)
        await settingsRepository.saveFee(tx.db, type, input.cotisations[type], tx.clock.now());
      await audit.record(tx, {
        action: 'settings_updated',
        recordType: 'settings',
        recordId: 1,
        details: {
          mentionTva: input.mentionTva,
          cotisations: input.cotisations,
          reservations,
          ...(input.banque ? { iban: input.banque.iban, bic: input.banque.bic } : {}),
          ...(input.relances ? { relances: input.relances } : {}),
          ...(input.comptabilite ? { comptabilite: input.comptabilite } : {}),
          ...(input.comptesBancaires ? { comptesBancaires: input.comptesBancaires } : {}),
          ...(input.ics !== undefined ? { ics: input.ics } : {}),
        },
      });
      return unionSettings(tx.db);
    });
  },
};
