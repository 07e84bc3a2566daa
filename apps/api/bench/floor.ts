/**
 * The floor of each benchmark figure: a bare Fastify (no plugins, no schema validation or serialisation,
 * no logging) that sends the very same SQL as the application for the same request (it calls the same
 * repository functions, over the same driver) and answers the raw rows as JSON. What the application
 * costs above it is the price of its stack: security headers, cookies, XSRF, validation, policies,
 * presenters, serialisation. Run in its own process: `tsx bench/floor.ts` with DATA_DIR or DATABASE_URL.
 *
 * `GET /api/user/info` on PostgreSQL is barer still: the session's SQL text, taken once from the
 * application's query, sent through a bare `pg` pool of the same size (issue 18: « a bare Fastify + pg
 * route »), so the floor pays nothing of Drizzle.
 */
import { fillPlaceholders } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/context';
import { parisDay } from '../src/lib/dates';
import { findSessionQuery } from '../src/modules/auth/repository';
import { authService } from '../src/modules/auth/service';
import { tokenHash } from '../src/lib/secrets';
import { closuresRepository } from '../src/modules/reservations/closures/repository';
import { weekOf } from '@union/contract';
import { reservationsRepository } from '../src/modules/reservations/repository';
import { loadPlanningContext } from '../src/modules/reservations/context';
import { userSearchRepository } from '../src/modules/users/user-search-repository';
import { orderRecords } from '../src/modules/compta/order-records/repository';
import { readScope } from '../src/modules/documents/policy';
import { documentsRepository } from '../src/modules/documents/repository';
import { loadDocumentsContext } from '../src/modules/documents/service';
import { entityRepository } from '../src/modules/entities/entity-repository';
import { cardsRepository } from '../src/modules/restaurant/cards/repository';

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? '' });
const app = Fastify();
const publicContext = { db: db.db, clock: systemClock, publicUrl: '' };

const caller = async (authorization: string | undefined) => {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token ? authService.authenticate(publicContext, token) : undefined;
};

const bare = process.env.DATABASE_URL
  ? {
      pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }),
      // Its parameters in order: the subquery's own (`etat = 'A'`) and the two placeholders, filled per call.
      query: findSessionQuery(db.db).toSQL(),
    }
  : undefined;

app.get('/api/user/info', async (request, reply) => {
  if (bare) {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const { rows } = token
      ? await bare.pool.query({
          name: 'floor_session',
          text: bare.query.sql,
          values: fillPlaceholders(bare.query.params, {
            hash: tokenHash(token),
            now: new Date().toISOString(),
          }),
        })
      : { rows: [] };
    if (!rows[0]) return reply.status(401).send({ status: 401 });
    return rows[0];
  }
  const session = await caller(request.headers.authorization);
  if (!session) return reply.status(401).send({ status: 401 });
  return session;
});

app.get<{ Params: { date: string } }>('/api/reservation/search/:date', async (request, reply) => {
  const session = await caller(request.headers.authorization);
  if (!session) return reply.status(401).send({ status: 401 });
  const ctx = await loadPlanningContext({ db: db.db, caller: session, clock: systemClock, publicUrl: '' });
  const { debut, fin } = weekOf(request.params.date);
  const [rows, closed] = await Promise.all([
    reservationsRepository.activeBetween(db.db, debut, fin),
    closuresRepository.between(db.db, debut, fin),
  ]);
  return { debut, fin, reservations: rows, fermetures: closed, staff: ctx.isStaff };
});

app.post<{ Body: Record<string, unknown> }>('/api/user/search', async (request, reply) => {
  const session = await caller(request.headers.authorization);
  if (!session) return reply.status(401).send({ status: 401 });
  const criteria = { tri: 'nom', sens: 'asc', page: 1, taille: 20, ...request.body };
  return userSearchRepository.search(db.db, criteria as Parameters<typeof userSearchRepository.search>[1]);
});

// The lists of issue 18 (lists.bench.ts): the same repository calls as the services, in the same order.
app.get<{ Querystring: Record<string, string> }>('/api/document/all', async (request, reply) => {
  const session = await caller(request.headers.authorization);
  if (!session) return reply.status(401).send({ status: 401 });
  const policy = await loadDocumentsContext({ ...publicContext, caller: session });
  const filters = { page: 1, parPage: 50, ...request.query };
  const { total, rows } = await documentsRepository.search(db.db, readScope(policy), filters);
  const publishable =
    policy.isStaff || policy.manages.size > 0
      ? await entityRepository.activeAmong(db.db, policy.isStaff ? 'all' : policy.manages)
      : [];
  return { total, rows, publishable };
});

app.post<{ Body: Record<string, unknown> }>('/api/compta/commande/search', async (request, reply) => {
  const session = await caller(request.headers.authorization);
  if (!session) return reply.status(401).send({ status: 401 });
  const criteria = { tri: 'creeLe', sens: 'desc', page: 1, taille: 50, ...request.body };
  return orderRecords.search(db.db, criteria as Parameters<typeof orderRecords.search>[1], parisDay());
});

app.get('/api/user/payments', async (request, reply) => {
  const session = await caller(request.headers.authorization);
  if (!session) return reply.status(401).send({ status: 401 });
  const solde = await cardsRepository.balanceOfUser(db.db, session.id);
  const movements = await cardsRepository.movementsOfUser(db.db, session.id);
  const topUps = await cardsRepository.topUpsOfUser(db.db, session.id);
  return { solde, movements, topUps };
});

process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => db.close())
    .then(() => bare?.pool.end())
    .then(() => process.exit(0));
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('floor ready');
