ALTER TABLE "order_items" ADD COLUMN "deferred_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_hold_until" timestamp with time zone;