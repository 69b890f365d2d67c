ALTER TABLE "transformations" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;