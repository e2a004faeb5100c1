CREATE TABLE "cdek_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"cdek_uuid" text,
	"cdek_number" text,
	"stage" text,
	"statuses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shipment_point" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_poll_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "cdek_shipments" ADD CONSTRAINT "cdek_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cdek_shipments_order_key" ON "cdek_shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cdek_shipments_uuid_key" ON "cdek_shipments" USING btree ("cdek_uuid");--> statement-breakpoint
CREATE INDEX "cdek_shipments_poll_idx" ON "cdek_shipments" USING btree ("state","next_poll_at");