CREATE TABLE "word_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"words" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"transformation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "word_charges" ADD CONSTRAINT "word_charges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_charges_open_idx" ON "word_charges" USING btree ("expires_at") WHERE status = 'reserved';--> statement-breakpoint
CREATE INDEX "word_charges_user_idx" ON "word_charges" USING btree ("user_id");