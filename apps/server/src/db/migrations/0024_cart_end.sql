ALTER TABLE "carts" ADD COLUMN "ordered" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "unit_price_in_currency" integer;
