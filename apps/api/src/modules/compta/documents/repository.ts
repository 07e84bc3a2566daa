/** The issued documents' stored PDFs (migration 0035): written once, read back as they were. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { issuedDocuments } from '../../../db/schema';

export type IssuedKind = (typeof issuedDocuments.$inferSelect)['kind'];

export const issuedRepository = {
  async find(db: Executor, kind: IssuedKind, documentId: number) {
    const [row] = await db
      .select({ pdf: issuedDocuments.pdf, sha256: issuedDocuments.sha256 })
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.documentId, documentId)));
    return row;
  },

  /** Keeps the bytes unless the document already has some (two first readings at once: one wins). */
  async keep(db: Executor, kind: IssuedKind, documentId: number, pdf: Buffer, at: Date) {
    await db
      .insert(issuedDocuments)
      .values({ kind, documentId, pdf, createdAt: at })
      .onConflictDoNothing({ target: [issuedDocuments.kind, issuedDocuments.documentId] });
  },
};
