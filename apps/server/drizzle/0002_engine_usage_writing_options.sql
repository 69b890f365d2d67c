CREATE TABLE "engine_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engine_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mode" text NOT NULL,
	"engine" text NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"words" integer NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"candidates" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer NOT NULL,
	"fell_back" boolean DEFAULT false NOT NULL,
	"fallback_reason" text,
	"guard_rejected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "writing_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tone" text DEFAULT 'neutral' NOT NULL,
	"reading_level" text DEFAULT 'standard' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "writing_preferences" ADD CONSTRAINT "writing_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_usage_created_idx" ON "engine_usage" USING btree ("created_at");