/**
 * Accounting orders at real size for the benchmarks (compta.bench.ts, lists-dataset.ts), written by SQL
 * (generate_series): the lodges' fee calls, rentals and services of every state, and their payments.
 */

/**
 * Fee calls: one per lodge (`lodges`, a query of their ids as `e`), year (`years`, a set of years as
 * `y`) and instalment; issued, most of them paid; none dated after today.
 */
export const feeCallsSql = (lodges: string, years: string) => `
    INSERT INTO accounting_orders (type, entity_id, annee, tranche, objet, etat, total, numero_facture,
      date_facture, date_echeance, created_at)
    SELECT 'A', e, y, t, 'Cotisations ' || y || ', tranche ' || t, etat, 40000,
      'FA-' || y || '-C' || e || t, day, day + 30, day + time '09:00'
    FROM (SELECT e, y, t, CASE WHEN (e + y) % 4 = 0 THEN 'FE' ELSE 'FP' END AS etat,
                 make_date(y, CASE t WHEN 'A' THEN 10 WHEN 'B' THEN 1 WHEN 'C' THEN 4 ELSE 7 END, 5)
                   + CASE WHEN t = 'A' THEN 0 ELSE 365 END AS day
          FROM (${lodges}) l, ${years} AS y, unnest(ARRAY['A','B','C','D']) AS t) s
    WHERE day <= current_date;`;

/**
 * `count` rentals and services (an SQL expression), quotes and invoices of every state, spread evenly
 * over `days` days from `from` (an SQL date), lodge after lodge from `firstLodge` over `lodges` lodges.
 */
export const rentalsAndServicesSql = (rows: {
  count: string;
  from: string;
  days: number;
  firstLodge: string;
  lodges: string;
}) => `
    INSERT INTO accounting_orders (type, entity_id, annee, objet, etat, total, numero_devis, date_devis,
      numero_facture, date_facture, date_echeance, numero_avoir, date_avoir, created_at)
    SELECT CASE WHEN i % 3 = 0 THEN 'L' ELSE 'S' END, ${rows.firstLodge} + i % ${rows.lodges},
      extract(year FROM day)::int, 'Prestation ' || i, etat, 1000 + (i * 37) % 90000,
      CASE WHEN etat LIKE 'D%' THEN 'DE-' || extract(year FROM day) || '-' || lpad(i::text, 6, '0') END,
      CASE WHEN etat LIKE 'D%' THEN day END,
      CASE WHEN etat IN ('FE', 'FP', 'FA') THEN 'FA-' || extract(year FROM day) || '-' || lpad(i::text, 6, '0') END,
      CASE WHEN etat IN ('FE', 'FP', 'FA') THEN day END,
      CASE WHEN etat IN ('FE', 'FP', 'FA') THEN day + 30 END,
      CASE WHEN etat = 'FA' THEN 'AV-' || extract(year FROM day) || '-' || lpad(i::text, 6, '0') END,
      CASE WHEN etat = 'FA' THEN day + 10 END,
      day + time '10:00'
    FROM (SELECT i, (ARRAY['DC','DE','DR','DA','FC','FE','FP','FA','FE','FP'])[1 + i % 10] AS etat,
                 ${rows.from} + (i::bigint * ${rows.days} / n)::int AS day
          FROM (SELECT (${rows.count})::int AS n) c, generate_series(1, n) AS i) s;`;

/**
 * The payments: every paid invoice in full, one issued invoice in three by half; each settles its
 * invoice (the allocation's trigger keeps the sums).
 */
export const PAYMENTS_SQL = `
    INSERT INTO accounting_payments (entity_id, order_id, mode, date, montant)
    SELECT entity_id, id, 'V', date_facture + 10, CASE WHEN etat = 'FP' THEN total ELSE total / 2 END
    FROM accounting_orders WHERE etat = 'FP' OR (etat = 'FE' AND id % 3 = 0);
    INSERT INTO accounting_allocations (payment_id, order_id, montant)
    SELECT id, order_id, montant FROM accounting_payments;`;
