CREATE TABLE "removed_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"category" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
