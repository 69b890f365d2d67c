ALTER TABLE "transformations" ADD COLUMN "rewrite_text" text;--> statement-breakpoint
UPDATE "transformations" SET "rewrite_text" = "transformed_text" WHERE "edited_at" IS NULL;
