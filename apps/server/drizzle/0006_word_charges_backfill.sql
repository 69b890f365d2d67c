-- Custom SQL migration file, put your code below! ---- Rewrites saved before the word ledger existed enter it as saved charges, so the ledger reconciles.
INSERT INTO "word_charges" ("user_id", "words", "mode", "status", "transformation_id", "created_at", "expires_at", "settled_at")
SELECT "user_id", "words_charged", "mode", 'saved', "id", "created_at", "created_at", "created_at"
FROM "transformations" WHERE "words_charged" > 0;
