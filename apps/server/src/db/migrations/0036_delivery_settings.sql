CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"shipping_countries" jsonb NOT NULL,
	"pickup_address" jsonb NOT NULL,
	"pickup_hours" jsonb NOT NULL,
	"pickup_map_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
