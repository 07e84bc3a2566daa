-- The entries of the card movements and till sessions recorded before the books (migration 0036), which
-- posted only invoices, credit notes and payments: without them 4191 counted the cards' money from the
-- upgrade on. Each is posted as restaurant/cards/books.ts and restaurant/desk/books.ts post it today
-- (same journal, accounts of the chart in the settings, auxiliary accounts, piece and label, zero lines
-- left out), dated the Paris day it was recorded. An event already posted (its `source` is in the
-- journal) is left alone, so the file may run again and post nothing twice. The ranks follow each
-- journal's counter (numbers already given, and perhaps exported, never change), in the order the events
-- were recorded; the entries are validated today, the day they enter the books.
CREATE TEMPORARY TABLE "card_books_chart" AS
SELECT d.role, coalesce(s."plan_comptable" -> d.role ->> 'num', d.num) AS num,
  coalesce(s."plan_comptable" -> d.role ->> 'lib', d.lib) AS lib
FROM (VALUES
  ('cartes', '4191', 'Avances des porteurs de cartes'),
  ('caisse', '530', 'Caisse'),
  ('caisses', '531', 'Caisses du restaurant'),
  ('cheques', '5112', 'Chèques à encaisser'),
  ('banque', '512', 'Banque'),
  ('ventes', '706', 'Prestations de services'),
  ('ecartsCharges', '658', 'Charges diverses de gestion courante'),
  ('ecartsProduits', '758', 'Produits divers de gestion courante')
) AS d(role, num, lib)
LEFT JOIN "union_settings" s ON s."id" = 1;
--> statement-breakpoint
-- One row per line to post: `kind` orders an opening, the movements and a close recorded at one instant.
CREATE TEMPORARY TABLE "card_books_lines" AS
WITH movements AS (
  SELECT m.*, t."caisse",
    coalesce(e."nom", trim(coalesce(u."prenom", '') || ' ' || coalesce(u."nom", ''))) AS holder
  FROM "card_movements" m
  JOIN "cards" c ON c."id" = m."card_id"
  LEFT JOIN "users" u ON u."id" = c."user_id"
  LEFT JOIN "entities" e ON e."id" = c."entity_id"
  LEFT JOIN "till_sessions" t ON t."id" = m."till_session_id"
  WHERE NOT EXISTS (SELECT 1 FROM "journal_entries" j WHERE j."source" = 'card_movement:' || m."id")
),
tills AS (
  SELECT t.*, CASE t."caisse" WHEN 'B' THEN 'Bar du restaurant' ELSE 'Accueil' END AS label,
    '531' || t."caisse" AS till_aux,
    CASE t."caisse" WHEN 'B' THEN 'Caisse du bar' ELSE 'Caisse de l’accueil' END AS till_lib
  FROM "till_sessions" t
)
SELECT 'card_movement:' || m."id" AS source,
  CASE m."type" WHEN 'R' THEN 'BQ' WHEN 'G' THEN 'CA' WHEN 'J' THEN 'OD' ELSE 'VT' END AS journal,
  m."created_at" AS recorded, 1 AS kind, m."id" AS id,
  coalesce(nullif(m."reference", ''), 'CARTE-' || m."id") AS piece,
  m."libelle" || ' – ' || m.holder AS libelle,
  l.position, l.role, l.aux, l.aux_lib, l.amount
FROM movements m CROSS JOIN LATERAL (VALUES
  (0,
   CASE m."type"
     WHEN 'R' THEN 'banque'
     WHEN 'G' THEN CASE WHEN m."moyen" = 'E' THEN 'caisses' ELSE 'cheques' END
     WHEN 'J' THEN CASE WHEN m."montant" > 0 THEN 'ecartsCharges' ELSE 'ecartsProduits' END
     ELSE 'ventes'
   END,
   CASE WHEN m."type" = 'G' AND m."moyen" = 'E' THEN '531' || m."caisse" END,
   CASE WHEN m."type" = 'G' AND m."moyen" = 'E'
     THEN CASE m."caisse" WHEN 'B' THEN 'Caisse du bar' ELSE 'Caisse de l’accueil' END END,
   m."montant"),
  (1, 'cartes', '4191C' || m."card_id", m.holder, -m."montant")
) AS l(position, role, aux, aux_lib, amount)
UNION ALL
SELECT 'till_opened:' || t."id", 'CA', t."opened_at", 0, t."id", 'CAISSE-' || t."id",
  'Ouverture de la caisse « ' || t.label || ' » : fond de caisse',
  l.position, l.role, l.aux, l.aux_lib, l.amount
FROM tills t CROSS JOIN LATERAL (VALUES
  (0, 'caisses', t.till_aux, t.till_lib, t."fond_initial"),
  (1, 'caisse', NULL, NULL, -t."fond_initial")
) AS l(position, role, aux, aux_lib, amount)
WHERE NOT EXISTS (SELECT 1 FROM "journal_entries" j WHERE j."source" = 'till_opened:' || t."id")
UNION ALL
SELECT 'till_closed:' || t."id", 'CA', t."closed_at", 2, t."id", 'CAISSE-' || t."id",
  'Clôture de la caisse « ' || t.label || ' »' || CASE WHEN t."compte" = t."attendu" THEN '' ELSE ' : écart de caisse' END,
  l.position, l.role, l.aux, l.aux_lib, l.amount
FROM tills t CROSS JOIN LATERAL (VALUES
  (0, 'caisse', NULL, NULL, t."compte"),
  (1, 'caisses', t.till_aux, t.till_lib, -t."attendu"),
  (2, CASE WHEN t."compte" < t."attendu" THEN 'ecartsCharges' ELSE 'ecartsProduits' END, NULL, NULL,
   t."attendu" - t."compte")
) AS l(position, role, aux, aux_lib, amount)
WHERE t."closed_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "journal_entries" j WHERE j."source" = 'till_closed:' || t."id");
--> statement-breakpoint
-- Lines of zero are left out; an event left with none (a float of nothing) is not an entry.
DELETE FROM "card_books_lines" WHERE amount = 0;
--> statement-breakpoint
CREATE TEMPORARY TABLE "card_books_entries" AS
SELECT e.*, coalesce(c."dernier", 0)
  + row_number() OVER (PARTITION BY e.journal, e.annee ORDER BY e.recorded, e.kind, e.id)::integer AS rang
FROM (
  SELECT DISTINCT source, journal, recorded, kind, id, piece, libelle,
    (recorded AT TIME ZONE 'Europe/Paris')::date AS date,
    extract(year FROM (recorded AT TIME ZONE 'Europe/Paris')::date)::integer AS annee
  FROM "card_books_lines"
) e
LEFT JOIN "journal_counters" c ON c."journal" = e.journal AND c."annee" = e.annee;
--> statement-breakpoint
INSERT INTO "journal_entries" ("journal", "annee", "rang", "numero", "date", "valide_le", "piece", "piece_date", "libelle", "source", "created_at")
SELECT journal, annee, rang, journal || annee || '-' || lpad(rang::text, 6, '0'), date,
  greatest(date, (now() AT TIME ZONE 'Europe/Paris')::date), piece, date, libelle, source, now()
FROM "card_books_entries" ORDER BY journal, annee, rang;
--> statement-breakpoint
INSERT INTO "journal_lines" ("entry_id", "compte", "compte_lib", "aux", "aux_lib", "debit", "credit")
SELECT j."id", a.num, a.lib, l.aux, l.aux_lib, greatest(l.amount, 0), greatest(-l.amount, 0)
FROM "card_books_lines" l
JOIN "journal_entries" j ON j."source" = l.source
JOIN "card_books_chart" a ON a.role = l.role
ORDER BY j."id", l.position;
--> statement-breakpoint
INSERT INTO "journal_counters" ("journal", "annee", "dernier")
SELECT journal, annee, max(rang) FROM "card_books_entries" GROUP BY journal, annee
ON CONFLICT ("journal", "annee") DO UPDATE SET "dernier" = excluded."dernier";
--> statement-breakpoint
DROP TABLE "card_books_entries";
--> statement-breakpoint
DROP TABLE "card_books_lines";
--> statement-breakpoint
DROP TABLE "card_books_chart";
