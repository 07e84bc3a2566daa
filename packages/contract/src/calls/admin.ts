/** Reference data and the administration: rights, rooms, the Union's settings, outbox, backups, probes. */
import { z } from 'zod';
import { BackupsOverviewSchema } from '../backups';
import { DroitSchema } from '../habilitations';
import { OutboxListSchema, OutboxQuerySchema } from '../mail';
import { HealthSchema, ReadySchema } from '../operations';
import { API } from '../routes';
import {
  RoomCreateSchema,
  RoomListSchema,
  RoomSchema,
  RoomUpdateSchema,
  UnionSettingsInputSchema,
  UnionSettingsSchema,
} from '../settings';
import { defineCall } from './define';

export const SETTINGS_CALLS = {
  droits: defineCall({ method: 'GET', path: API.settings.droits, responses: { 200: z.array(DroitSchema) } }),
  rooms: defineCall({ method: 'GET', path: API.settings.rooms, responses: { 200: RoomListSchema } }),
  createRoom: defineCall({
    method: 'POST',
    path: API.settings.rooms,
    body: RoomCreateSchema,
    responses: { 201: RoomSchema },
  }),
  updateRoom: defineCall({
    method: 'PUT',
    path: API.settings.rooms,
    body: RoomUpdateSchema,
    responses: { 200: RoomSchema },
  }),
  union: defineCall({ method: 'GET', path: API.settings.union, responses: { 200: UnionSettingsSchema } }),
  saveUnion: defineCall({
    method: 'PUT',
    path: API.settings.union,
    body: UnionSettingsInputSchema,
    responses: { 200: UnionSettingsSchema },
  }),
} as const;

export const MAIL_CALLS = {
  outbox: defineCall({
    method: 'GET',
    path: API.mail.outbox,
    query: OutboxQuerySchema,
    responses: { 200: OutboxListSchema },
  }),
} as const;

export const BACKUP_CALLS = {
  overview: defineCall({
    method: 'GET',
    path: API.backups.overview,
    responses: { 200: BackupsOverviewSchema },
  }),
} as const;

export const OPERATION_CALLS = {
  health: defineCall({ method: 'GET', path: API.operations.health, responses: { 200: HealthSchema } }),
  ready: defineCall({ method: 'GET', path: API.operations.ready, responses: { 200: ReadySchema } }),
  /** Prometheus' text format behind its own token, outside the OpenAPI document. */
  metrics: defineCall({ method: 'GET', path: API.operations.metrics }),
} as const;
