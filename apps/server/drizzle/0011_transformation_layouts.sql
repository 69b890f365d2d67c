CREATE TABLE "transformation_layouts" (
	"transformation_id" uuid PRIMARY KEY NOT NULL,
	"styles" text NOT NULL,
	"numbering" text,
	"theme" text,
	"paragraphs" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transformation_layouts" ADD CONSTRAINT "transformation_layouts_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE cascade ON UPDATE no action;