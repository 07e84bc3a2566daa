-- Documents' search, faster (docs/decisions.md « Documents : la recherche ») : the words are already
-- matched by the GIN index of the stored tsvector (0011), but the read rule, the count and the sort then
-- read the matching rows, and a row held its compressed PDF text and tsvector inline (1 to 2 kB): 20,000
-- documents made a 23 MB table around a few bytes of useful columns per row. With a TOAST target of 128
-- bytes, a row that needs TOAST at all (over 2 kB) keeps only pointers to its long values: the table
-- shrinks about eightfold and the read rule and the count walk few pages. Rows written before keep their
-- layout until rewritten (`VACUUM FULL documents`, which a migration's transaction cannot run).
ALTER TABLE "documents" SET (toast_tuple_target = 128);
