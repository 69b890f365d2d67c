CREATE TABLE "extension_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prefix" text,
	"token_hash" text,
	"code_hash" text,
	"code_challenge" text,
	"code_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "extension_connections_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "extension_connections_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "extension_connections" ADD CONSTRAINT "extension_connections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extension_connections_user_idx" ON "extension_connections" USING btree ("user_id","created_at");