/**
 * The header's search (issue 33): GET /api/recherche?q=… finds people, documents, invoices and quotes,
 * and reservations by what one types, each section holding only what the caller may see there, a few
 * lines each, every line with the address of its screen (`lien`).
 */
import { z } from 'zod';

/** Fewer characters find too much to be useful: the box waits for two. */
export const GLOBAL_SEARCH_MIN = 2;
/** The longest text searched (a name, a number, a title's words). */
export const GLOBAL_SEARCH_MAX = 100;
/** How many lines each section shows; `plus` says more matched. */
export const GLOBAL_SEARCH_LINES = 5;

export const GlobalSearchQuerySchema = z.object({
  q: z
    .string({ message: 'Tapez au moins 2 caractères à rechercher.' })
    .trim()
    .min(GLOBAL_SEARCH_MIN, 'Tapez au moins 2 caractères à rechercher.')
    .max(GLOBAL_SEARCH_MAX, `La recherche tient en ${GLOBAL_SEARCH_MAX} caractères au plus.`),
});
export type GlobalSearchQuery = z.infer<typeof GlobalSearchQuerySchema>;

/** One line found: what it is (`titre`), a few words that tell it apart (`detail`), where it opens. */
export const SearchHitSchema = z.object({
  id: z.number().int(),
  titre: z.string(),
  detail: z.string(),
  lien: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

const section = z.object({ lignes: z.array(SearchHitSchema), plus: z.boolean() });
export type SearchSection = z.infer<typeof section>;

/** The four kinds, in the order the header lists them. */
export const SEARCH_KINDS = ['personnes', 'documents', 'pieces', 'reservations'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  personnes: 'Personnes',
  documents: 'Documents',
  pieces: 'Factures et devis',
  reservations: 'Réservations',
};

export const GlobalSearchResultSchema = z.object({
  personnes: section,
  documents: section,
  pieces: section,
  reservations: section,
});
export type GlobalSearchResult = z.infer<typeof GlobalSearchResultSchema>;
