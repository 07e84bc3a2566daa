/**
 * The demo data goes through the modules' services, as the people themselves would: each step is made in
 * the name of one demo account, on the real clock unless a step says otherwise.
 */
import type { Habilitation } from '@union/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Caller } from '../lib/authorize';
import { systemClock, type Clock, type RequestContext } from '../lib/context';

/** A demo account as the services see their caller. */
export async function demoCaller(db: Database, identifiant: string): Promise<Caller> {
  const [user] = await db.select().from(users).where(eq(users.identifiant, identifiant));
  return { id: user!.id, habilitations: user!.habilitations as Habilitation[] };
}

/** A request made by a demo account. */
export async function demoContext(
  db: Database,
  identifiant: string,
  clock: Clock = systemClock,
): Promise<RequestContext> {
  return { db, caller: await demoCaller(db, identifiant), clock, publicUrl: 'http://localhost:8080' };
}
