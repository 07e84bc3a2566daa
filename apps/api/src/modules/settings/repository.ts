/** Rooms, the Union's settings row and the yearly membership fees. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { membershipFees, rooms, unionSettings } from '../../db/schema';
import { frenchOrder } from '../../db/french-order';

export type RoomRow = typeof rooms.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;
export type UnionSettingsRow = typeof unionSettings.$inferSelect;
export type NewUnionSettings = typeof unionSettings.$inferInsert;
export type MembershipFeeRow = typeof membershipFees.$inferSelect;

/**
 * Each room's name and hourly rate, as a subquery for a query of another module that needs them per row
 * (compta's rentals): it joins this instead of the rooms table. PostgreSQL flattens it into a plain join.
 */
export function roomRates(db: Executor) {
  return db
    .select({ roomId: rooms.id, salle: rooms.nom, tarifHoraire: rooms.tarifHoraire })
    .from(rooms)
    .as('room_rates');
}

/**
 * Each room's name and colour, as a subquery for a query of another module that shows them per row (the
 * reservations, the planning): it joins this instead of the rooms table. PostgreSQL flattens it.
 */
export function roomNames(db: Executor) {
  return db.select({ id: rooms.id, nom: rooms.nom, couleur: rooms.couleur }).from(rooms).as('room_names');
}

export const settingsRepository = {
  async listRooms(db: Executor) {
    return db
      .select()
      .from(rooms)
      .orderBy(...frenchOrder(rooms.nom));
  },

  async findRoomById(db: Executor, id: number): Promise<RoomRow | undefined> {
    const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
    return row;
  },

  async findRoomByName(db: Executor, nom: string): Promise<RoomRow | undefined> {
    const [row] = await db.select().from(rooms).where(eq(rooms.nom, nom));
    return row;
  },

  async insertRoom(db: Executor, room: NewRoom, at: Date): Promise<RoomRow> {
    const [row] = await db
      .insert(rooms)
      .values({ ...room, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  async updateRoom(db: Executor, id: number, changes: Partial<NewRoom>, at: Date): Promise<void> {
    await db
      .update(rooms)
      .set({ ...changes, updatedAt: at })
      .where(eq(rooms.id, id));
  },

  /** The one settings row, if it has been saved. */
  async findSettings(db: Executor): Promise<UnionSettingsRow | undefined> {
    const [row] = await db.select().from(unionSettings).where(eq(unionSettings.id, 1));
    return row;
  },

  async saveSettings(
    db: Executor,
    values: Omit<NewUnionSettings, 'id' | 'updatedAt'>,
    at: Date,
  ): Promise<void> {
    await db
      .insert(unionSettings)
      .values({ id: 1, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: unionSettings.id, set: { ...values, updatedAt: at } });
  },

  async listFees(db: Executor): Promise<MembershipFeeRow[]> {
    return db.select().from(membershipFees);
  },

  async saveFee(
    db: Executor,
    entityType: MembershipFeeRow['entityType'],
    montantAnnuel: number,
    at: Date,
  ): Promise<void> {
    await db
      .insert(membershipFees)
      .values({ entityType, montantAnnuel, updatedAt: at })
      .onConflictDoUpdate({
        target: membershipFees.entityType,
        set: { montantAnnuel, updatedAt: at },
      });
  },
};
