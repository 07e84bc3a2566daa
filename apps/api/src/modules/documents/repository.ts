/** Documents, their files and their distributions: the only code touching these tables. */
import type { DistributionCounts, DocumentSearch } from '@union/contract';
import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  appSecrets,
  documentDistributions,
  documentFileChunks,
  documentFiles,
  documents,
} from '../../db/schema';
import { currentMembersOf } from '../entities/current-members-repository';
import { entityNames } from '../entities/entity-repository';
import { emailStates } from '../mail/repository';
import { documentReaders } from '../users/active-account-repository';

export type DocumentRecord = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

/** A document with the file facts the screens show (and its entity's name: `selectJoined`). */
const joinedColumns = {
  document: {
    id: documents.id,
    type: documents.type,
    titre: documents.titre,
    jour: documents.jour,
    entityId: documents.entityId,
    audience: documents.audience,
    reservationId: documents.reservationId,
    fileId: documents.fileId,
    diffusion: documents.diffusion,
    createdAt: documents.createdAt,
  },
  nomFichier: documentFiles.nom,
  typeFichier: documentFiles.mime,
  taille: documentFiles.taille,
};

/** Documents joined with their entity's name (its owner's `entityNames`) and their file. */
function selectJoined(db: Executor) {
  const names = entityNames(db);
  return db
    .select({ ...joinedColumns, entite: names.nom })
    .from(documents)
    .innerJoin(names, eq(names.id, documents.entityId))
    .innerJoin(documentFiles, eq(documentFiles.id, documents.fileId));
}
export type DocumentRow = Awaited<ReturnType<ReturnType<typeof selectJoined>['where']>>[number];

/** What the caller reads (policy.readScope), as SQL. */
export type ReadScope = { all: true } | { all: false; entities: number[]; tous: boolean };

function scopeCondition(scope: ReadScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.tous) parts.push(eq(documents.audience, 'TOUS'));
  if (scope.entities.length > 0) parts.push(inArray(documents.entityId, scope.entities));
  return parts.length > 0 ? or(...parts) : sql`false`;
}

/**
 * The words of a search, as a prefix tsquery ("convoc fratern" → convoc:* & fratern:*): letters and digits
 * only, so nothing typed can break the query's syntax.
 */
export function searchQuery(words: string): string | undefined {
  const tokens = words.match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(tokens.map((t) => t.toLowerCase()))].slice(0, 10);
  return unique.length > 0 ? unique.map((t) => `${t}:*`).join(' & ') : undefined;
}

/**
 * The documents holding every word of a search (a `searchQuery`), accents and case aside: the stored
 * tsvector `recherche` (title weighted A, then the file's text) and its GIN index answer it.
 */
export const matchesWords = (query: string): SQL =>
  sql`${documents.recherche} @@ to_tsquery('french'::regconfig, immutable_unaccent(${query}))`;

/** Files are written and read in chunks of this size: never a whole file in memory. */
export const CHUNK_BYTES = 1024 * 1024;

export const documentsRepository = {
  /** One page of what the caller may read, newest first, with the total for the pager. */
  async search(db: Executor, scope: ReadScope, filters: DocumentSearch) {
    const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
    if (filters.type) conditions.push(eq(documents.type, filters.type));
    if (filters.idEntite) conditions.push(eq(documents.entityId, filters.idEntite));
    if (filters.idReservation) conditions.push(eq(documents.reservationId, filters.idReservation));
    if (filters.annee) {
      conditions.push(
        sql`${documents.jour} >= ${`${filters.annee}-01-01`} AND ${documents.jour} <= ${`${filters.annee}-12-31`}`,
      );
    }
    const query = filters.q ? searchQuery(filters.q) : undefined;
    if (filters.q && !query) return { total: 0, rows: [] };
    if (query) conditions.push(matchesWords(query));
    const where = and(...conditions);
    const [total] = await db.select({ n: count() }).from(documents).where(where);
    const rows = await selectJoined(db)
      .where(where)
      .orderBy(desc(documents.jour), desc(documents.id))
      .limit(filters.parPage)
      .offset((filters.page - 1) * filters.parPage);
    return { total: total?.n ?? 0, rows };
  },

  /** What the caller may read published after `since` (the portal's new documents): the newest few, and how many. */
  async publishedSince(db: Executor, scope: ReadScope, since: Date, limit: number) {
    const where = and(scopeCondition(scope), gt(documents.createdAt, since));
    const [total] = await db.select({ n: count() }).from(documents).where(where);
    const rows = await selectJoined(db)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(limit);
    return { total: total?.n ?? 0, rows };
  },

  async findJoined(db: Executor, id: number): Promise<DocumentRow | undefined> {
    const [row] = await selectJoined(db).where(eq(documents.id, id));
    return row;
  },

  /** The document row, locked until the transaction ends: distributions of one document queue up. */
  async lock(db: Executor, id: number): Promise<DocumentRecord | undefined> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).for('update');
    return row;
  },

  async insert(db: Executor, doc: NewDocument, at: Date): Promise<DocumentRecord> {
    const [row] = await db
      .insert(documents)
      .values({ ...doc, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  },

  /** Writes `changes`, stamped as made `at` (the service's `ctx.clock.now()`). */
  async update(db: Executor, id: number, changes: Partial<NewDocument>, at: Date): Promise<void> {
    await db
      .update(documents)
      .set({ ...changes, updatedAt: at })
      .where(eq(documents.id, id));
  },

  /** Deletes the document and its file (its chunks go with it). */
  async remove(db: Executor, doc: Pick<DocumentRecord, 'id' | 'fileId'>): Promise<void> {
    await db.delete(documents).where(eq(documents.id, doc.id));
    await db.delete(documentFiles).where(eq(documentFiles.id, doc.fileId));
  },

  async insertFile(db: Executor, file: typeof documentFiles.$inferInsert, at: Date) {
    const [row] = await db
      .insert(documentFiles)
      .values({ ...file, createdAt: at })
      .returning({ id: documentFiles.id });
    return row!.id;
  },

  /**
   * Chunks travel as base64 text, decoded and encoded by the database itself: PGlite's own conversion of
   * a binary parameter or column is about twenty times slower (1 s per MiB) and memory-hungry.
   */
  async insertChunk(db: Executor, fileId: number, seq: number, data: Buffer): Promise<void> {
    await db.execute(
      sql`INSERT INTO ${documentFileChunks} (file_id, seq, data) VALUES (${fileId}, ${seq}, decode(${data.toString('base64')}, 'base64'))`,
    );
  },

  async findFile(db: Executor, fileId: number) {
    const [row] = await db.select().from(documentFiles).where(eq(documentFiles.id, fileId));
    return row;
  },

  async chunk(db: Executor, fileId: number, seq: number): Promise<Buffer | undefined> {
    const [row] = await db
      .select({ data: sql<string>`encode(${documentFileChunks.data}, 'base64')` })
      .from(documentFileChunks)
      .where(and(eq(documentFileChunks.fileId, fileId), eq(documentFileChunks.seq, seq)));
    // PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
    return row ? Buffer.from(row.data, 'base64') : undefined;
  },

  /**
   * Who a distribution reaches: active users of the audience who read documents and want the e-mails,
   * minus those already sent (or about to be sent) this document.
   */
  async recipients(db: Executor, doc: Pick<DocumentRecord, 'id' | 'entityId' | 'audience'>, today: string) {
    const readers = documentReaders(db);
    const states = emailStates(db);
    const inAudience =
      doc.audience === 'TOUS' ? undefined : inArray(readers.id, currentMembersOf(db, doc.entityId, today));
    const reached = sql`EXISTS (SELECT 1 FROM ${documentDistributions}
        JOIN ${states} ON ${states.id} = ${documentDistributions.emailId}
        WHERE ${documentDistributions.documentId} = ${doc.id} AND ${documentDistributions.userId} = ${readers.id}
          AND ${states.statut} IN ('P', 'E'))`;
    return db
      .select({ id: readers.id, prenom: readers.prenom, email: readers.email })
      .from(readers)
      .where(and(inAudience, sql`NOT ${reached}`))
      .orderBy(readers.id);
  },

  /** Records that the user is (again) sent the document by this e-mail. */
  async recordDistribution(db: Executor, documentId: number, userId: number, emailId: number, at: Date) {
    await db
      .insert(documentDistributions)
      .values({ documentId, userId, emailId, createdAt: at })
      .onConflictDoUpdate({
        target: [documentDistributions.documentId, documentDistributions.userId],
        set: { emailId, createdAt: at },
      });
  },

  /** The e-mails of a document's distribution, as a subquery (the mail module cancels them). */
  distributionEmailIds(db: Executor, documentId: number) {
    return db
      .select({ id: documentDistributions.emailId })
      .from(documentDistributions)
      .where(eq(documentDistributions.documentId, documentId));
  },

  async counts(db: Executor, documentId: number): Promise<DistributionCounts> {
    const states = emailStates(db);
    const rows = await db
      .select({ statut: states.statut, n: count() })
      .from(documentDistributions)
      .innerJoin(states, eq(states.id, documentDistributions.emailId))
      .where(eq(documentDistributions.documentId, documentId))
      .groupBy(states.statut);
    const of = (s: string) => rows.find((r) => r.statut === s)?.n ?? 0;
    return { envoyes: of('E'), enAttente: of('P'), echecs: of('X'), annules: of('A') };
  },

  /** A key every instance shares, created on first use (the unsubscribe links' signature). */
  async secret(db: Executor, nom: string, fresh: string): Promise<string> {
    await db.insert(appSecrets).values({ nom, valeur: fresh }).onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.nom, nom));
    return row!.valeur;
  },
};
