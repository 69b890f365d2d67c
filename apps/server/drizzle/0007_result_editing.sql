ALTER TABLE "transformations" ADD COLUMN "tone" text;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "reading_level" text;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "keep" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "writing_preferences" ADD COLUMN "keep" jsonb DEFAULT '[]'::jsonb NOT NULL;