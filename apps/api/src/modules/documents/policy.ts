/**
 * Who may do what with documents (DECISIONS §6). DOCUMENTS_LECTURE reads what is addressed to everyone
 * or to one of the reader's entities; DOCUMENTS_LECTURE_ALL reads everything; the managers (`gestion`)
 * of an entity and the Union's staff publish for it, and so read, edit, delete and distribute what they
 * may publish. Pure functions over a context loaded once per request, tested as a table.
 */
import type { DocumentAction, DocumentAudience } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface DocumentsContext {
  caller: Caller;
  /** Manages the Union entity (DECISIONS §1): publishes for every entity. */
  isStaff: boolean;
  /** Entities the caller is a current member of. */
  memberOf: ReadonlySet<number>;
  /** Entities the caller manages (`gestion`). */
  manages: ReadonlySet<number>;
}

/** The fields of a document the rules read. */
export interface DocumentFacts {
  entityId: number;
  audience: DocumentAudience;
}

/**
 * The document's workflow actions, and PUBLISH: the document as it would be once published or moved to
 * another entity (like the planning's BOOK), allowed to the managers of its entity and to staff.
 */
export type DocumentsAction = DocumentAction | 'PUBLISH';

const mayPublishFor = (ctx: DocumentsContext, entityId: number): boolean =>
  ctx.isStaff || ctx.manages.has(entityId);

/** Whether the caller may read the document (and its file). */
function mayRead(ctx: DocumentsContext, doc: DocumentFacts): boolean {
  if (hasHabilitation(ctx.caller, 'DOCUMENTS_LECTURE_ALL')) return true;
  if (mayPublishFor(ctx, doc.entityId)) return true;
  return (
    hasHabilitation(ctx.caller, 'DOCUMENTS_LECTURE') &&
    (doc.audience === 'TOUS' || ctx.memberOf.has(doc.entityId))
  );
}

/** The document's actions (the buttons, and the service's refusals): reading, or publishing for its entity. */
export const may: May<DocumentsContext, DocumentFacts, DocumentsAction> = (ctx, action, doc) => {
  switch (action) {
    case 'READ':
      return mayRead(ctx, doc);
    case 'EDIT':
    case 'DELETE':
    case 'DISTRIBUTE':
    case 'CANCEL_DISTRIBUTION':
    case 'PUBLISH':
      return mayPublishFor(ctx, doc.entityId);
  }
};

/**
 * The SQL-side form of `may(…, 'READ', …)` for lists and search: null when the caller reads everything, else the
 * entities whose documents they read whole and whether they read documents addressed to everyone.
 */
export function readScope(
  ctx: DocumentsContext,
): { all: true } | { all: false; entities: number[]; tous: boolean } {
  if (hasHabilitation(ctx.caller, 'DOCUMENTS_LECTURE_ALL') || ctx.isStaff) return { all: true };
  const reader = hasHabilitation(ctx.caller, 'DOCUMENTS_LECTURE');
  const entities = new Set(ctx.manages);
  if (reader) for (const id of ctx.memberOf) entities.add(id);
  return { all: false, entities: [...entities], tous: reader };
}
