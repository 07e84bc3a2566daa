/**
 * The lists of issue 18 at real size, added to the benchmarks' database (dataset.ts) by SQL
 * (generate_series): 10,000 documents of about 400 words, 20,000 accounting orders with their payments,
 * and one member's card with 2,000 movements and 400 top-ups; with the three people who read them, each
 * with a live session: a lodge's reader of documents, a treasurer, the card's holder.
 */
import { PAYMENTS_SQL, feeCallsSql, rentalsAndServicesSql } from './accounting-rows';

export const DOCUMENTS = 10_000;
export const ORDERS = 20_000;
export const MOVEMENTS = 2_000;
/** One movement in five is a top-up's credit (its top-up validated), the others meals and refunds. */
const TOP_UP_EVERY = 5;
/** Fee calls over 20 years; the rentals and services make up the 20,000 orders. */
const FEE_YEARS = 20;

/** The people of these lists, by identifiant: who they are, and the session token each one signs with. */
export const LIST_PEOPLE = {
  lecteur: { identifiant: 'bench-lecteur', habilitations: ['USER', 'DOCUMENTS_LECTURE'] },
  tresorier: { identifiant: 'bench-tresorier', habilitations: ['USER', 'COMPTA_LECTURE'] },
  carte: { identifiant: 'bench-carte', habilitations: ['USER', 'RESTAURATION', 'PAYMENT'] },
} as const;
export type ListPerson = keyof typeof LIST_PEOPLE;

/** Words of the documents' texts: each one is found in a share of the documents, not in all. */
export const VOCABULARY = (
  'tenue loge fraternité convocation ordre jour planche agapes solstice temple hiram salomon trésorerie ' +
  'cotisation assemblée générale bureau conseil procès verbal lettre information rituel initiation ' +
  'élévation banquet secrétariat vénérable orateur hospitalier travaux lumière équinoxe colonne'
).split(' ');

/**
 * Words a reader types into the documents' search: common ones (a document in twenty or more), a rare
 * one, a prefix, two words (lists.bench.ts and documents.bench.ts).
 */
export const READER_WORDS = [
  'solstice',
  'convocation tenue',
  'fraternite',
  'planche hiram',
  'mot4242',
  'tresorerie',
  'initiat',
];

const sqlArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * The SQL of these lists; `tokenHashes` are the stored hashes of each person's session token. The
 * lodges (type GODF) and `bench-admin` are already there.
 */
export function listsSql(tokenHashes: Record<ListPerson, string>): string {
  const people = Object.entries(LIST_PEOPLE) as [ListPerson, (typeof LIST_PEOPLE)[ListPerson]][];
  const lodge = `(SELECT min(id) FROM entities WHERE type = 'GODF')`;
  const lodges = `(SELECT count(*) FROM entities WHERE type = 'GODF')::int`;
  const vocabulary = sqlArray(VOCABULARY);
  return `
    ${people
      .map(
        ([who, p]) => `
    INSERT INTO users (identifiant, nom, prenom, email, habilitations)
      VALUES ('${p.identifiant}', 'Banc', '${who}', '${p.identifiant}@exemple.fr', ${sqlArray(p.habilitations)});
    INSERT INTO access_tokens (token_hash, user_id, expires_at)
      SELECT '${tokenHashes[who]}', id, now() + interval '1 day' FROM users WHERE identifiant = '${p.identifiant}';`,
      )
      .join('')}
    -- The reader is a member of the first lodge: they read its documents and those for everyone.
    INSERT INTO memberships (user_id, entity_id, debut)
      SELECT id, ${lodge}, DATE '2015-09-01' FROM users WHERE identifiant = '${LIST_PEOPLE.lecteur.identifiant}';

    -- Documents: one stored file shared (the search reads the documents' text, not their files); about
    -- 400 words each, one in twenty from the vocabulary; the text index built after the load.
    DROP INDEX IF EXISTS documents_recherche_idx;
    INSERT INTO document_files (nom, mime, taille, sha256) VALUES ('x.pdf', 'application/pdf', 1, '');
    INSERT INTO documents (type, titre, jour, entity_id, audience, file_id, texte)
      SELECT substr('VNIDCAB', 1 + i % 7, 1),
             (${vocabulary})[1 + i % ${VOCABULARY.length}] || ' ' || (${vocabulary})[1 + (i * 3) % ${VOCABULARY.length}] || ' n° ' || i,
             make_date(2005 + i % 21, 1 + i % 12, 15),
             ${lodge} + i % ${lodges},
             CASE WHEN i % 5 = 0 THEN 'TOUS' ELSE 'ENTITE' END,
             (SELECT max(id) FROM document_files),
             (SELECT string_agg(CASE WHEN w % 20 = 0 THEN (${vocabulary})[1 + (i * 7 + w * 13) % ${VOCABULARY.length}]
                                     ELSE 'mot' || (i * 31 + w * 17) % 50000 END, ' ')
                FROM generate_series(0, 399) w) || ' mot' || i
      FROM generate_series(0, ${DOCUMENTS - 1}) i;
    CREATE INDEX documents_recherche_idx ON documents USING gin (recherche);

    -- Accounting: the fee calls (one per lodge, year and instalment, issued, some paid), then rentals
    -- and services of every state over 20 years up to ${ORDERS.toLocaleString('en')} orders; payments
    -- for the paid invoices and a third of the issued ones (half paid).
    ${feeCallsSql(
      `SELECT id AS e FROM entities WHERE type = 'GODF'`,
      `generate_series(extract(year FROM current_date)::int - ${FEE_YEARS - 1}, extract(year FROM current_date)::int)`,
    )}
    ${rentalsAndServicesSql({
      count: `${ORDERS} - (SELECT count(*) FROM accounting_orders)`,
      from: `current_date - ${FEE_YEARS * 365}`,
      days: FEE_YEARS * 365,
      firstLodge: lodge,
      lodges,
    })}
    ${PAYMENTS_SQL}

    -- The card: ${MOVEMENTS} movements over about five years, newest last; one in ${TOP_UP_EVERY} the
    -- credit of a validated top-up, the others meals paid (a staff author on one in ten) and a refund
    -- now and then.
    INSERT INTO cards (user_id) SELECT id FROM users WHERE identifiant = '${LIST_PEOPLE.carte.identifiant}';
    INSERT INTO user_payments (user_id, montant, etat, trans_day, trans_id, trans_date, created_at, updated_at)
      SELECT u.id, 5000, 'V', d::date, lpad(k::text, 6, '0'), to_char(d, 'YYYYMMDDHH24MISS'), d, d
      FROM users u, generate_series(1, ${MOVEMENTS / TOP_UP_EVERY}) k,
           LATERAL (SELECT now() - (${MOVEMENTS} - k * ${TOP_UP_EVERY}) * interval '1 day' AS d) t
      WHERE u.identifiant = '${LIST_PEOPLE.carte.identifiant}';
    INSERT INTO card_movements (card_id, type, montant, payment_id, author_id, libelle, created_at)
      SELECT c.id,
             CASE WHEN k % ${TOP_UP_EVERY} = 0 THEN 'R' WHEN k % 50 = 1 THEN 'A' ELSE 'P' END,
             CASE WHEN k % ${TOP_UP_EVERY} = 0 THEN 5000 WHEN k % 50 = 1 THEN 1200 ELSE -1200 END,
             CASE WHEN k % ${TOP_UP_EVERY} = 0 THEN
               (SELECT min(id) FROM user_payments WHERE user_id = c.user_id) + k / ${TOP_UP_EVERY} - 1 END,
             CASE WHEN k % 10 = 3 THEN (SELECT id FROM users WHERE identifiant = 'bench-admin') END,
             CASE WHEN k % ${TOP_UP_EVERY} = 0 THEN 'Rechargement (carte bancaire)'
                  WHEN k % 50 = 1 THEN 'Remboursement du repas'
                  ELSE 'Repas du ' || to_char(current_date - (${MOVEMENTS} - k), 'DD/MM/YYYY') END,
             now() - (${MOVEMENTS} - k) * interval '1 day'
      FROM cards c, generate_series(1, ${MOVEMENTS}) k
      WHERE c.user_id = (SELECT id FROM users WHERE identifiant = '${LIST_PEOPLE.carte.identifiant}');`;
}
