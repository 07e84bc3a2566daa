/** The history of backups (DECISIONS §8): one row per backup finished, good or failed. */
import { bigint, boolean, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    /** `quotidienne`: the server's daily one; `manuelle`: `npm run backup`. */
    origine: text('origine').$type<'quotidienne' | 'manuelle'>().notNull(),
    debut: timestamp('debut', { withTimezone: true }).notNull(),
    fin: timestamp('fin', { withTimezone: true }).notNull(),
    reussie: boolean('reussie').notNull(),
    /** The file written (its full path on the server's machine); null when none was. */
    fichier: text('fichier'),
    /** Bytes of the file as written (encrypted or not). */
    taille: bigint('taille', { mode: 'number' }),
    chiffree: boolean('chiffree').notNull(),
    /** Why it failed, in French, for the administrators. */
    erreur: text('erreur'),
  },
  (t) => [index('backups_fin_idx').on(t.fin)],
);
