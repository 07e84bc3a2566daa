/**
 * Rooms and the Union's settings. `unionSettings()` is what quotes, invoices and fee calls read: it
 * always answers, with defaults until an administrator saves the settings.
 */
import {
  EntityType,
  TVA_MENTIONS,
  type Room,
  type RoomCreateSchema,
  type RoomUpdateSchema,
  type UnionSettings,
  type UnionSettingsInputSchema,
} from '@union/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import type { Caller } from '../../lib/authorize';
import { invalid, notFound } from '../../lib/errors';
import { auditRepository } from '../audit/repository';
import { changedFields } from '../users/history';
import { settingsPolicy } from './policy';
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
  cotisations: Object.fromEntries(EntityType.codes.map((c) => [c, 0])) as UnionSettings['cotisations'],
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
    cotisations,
  };
}

export const settingsService = {
  async createRoom(db: Database, caller: Caller, input: z.output<typeof RoomCreateSchema>): Promise<Room> {
    settingsPolicy.administer(caller);
    return db.transaction(async (tx) => {
      await checkRoomName(tx, input.nom);
      const room = await settingsRepository.insertRoom(tx, input);
      await auditRepository.record(tx, {
        actorId: caller.id,
        action: 'room_created',
        recordType: 'room',
        recordId: room.id,
        details: { nom: room.nom },
      });
      return presentRoom(room);
    });
  },

  /** Rooms are never deleted (reservations and invoices point to them): `active: false` retires one. */
  async updateRoom(db: Database, caller: Caller, input: z.output<typeof RoomUpdateSchema>): Promise<Room> {
    settingsPolicy.administer(caller);
    return db.transaction(async (tx) => {
      const room = await settingsRepository.findRoomById(tx, input.id);
      if (!room) throw notFound("Cette salle n'existe pas.");
      await checkRoomName(tx, input.nom, room.id);
      const { id: _id, ...changes } = input;
      const champs = changedFields(room, changes);
      await settingsRepository.updateRoom(tx, room.id, changes);
      if (champs.length)
        await auditRepository.record(tx, {
          actorId: caller.id,
          action: 'room_updated',
          recordType: 'room',
          recordId: room.id,
          details: { nom: changes.nom, champs },
        });
      return presentRoom({ ...room, ...changes });
    });
  },

  async settings(db: Database, caller: Caller): Promise<UnionSettings> {
    settingsPolicy.administer(caller);
    return unionSettings(db);
  },

  async saveSettings(
    db: Database,
    caller: Caller,
    input: z.output<typeof UnionSettingsInputSchema>,
  ): Promise<UnionSettings> {
    settingsPolicy.administer(caller);
    return db.transaction(async (tx) => {
      await settingsRepository.saveSettings(tx, { ...input.identite, mentionTva: input.mentionTva });
      for (const type of EntityType.codes)
        await settingsRepository.saveFee(tx, type, input.cotisations[type]);
      await auditRepository.record(tx, {
        actorId: caller.id,
        action: 'settings_updated',
        recordType: 'settings',
        recordId: 1,
        details: { mentionTva: input.mentionTva, cotisations: input.cotisations },
      });
      return unionSettings(tx);
    });
  },
};
