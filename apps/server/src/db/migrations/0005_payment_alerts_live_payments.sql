CREATE TABLE "payment_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"payment_id" uuid,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_alerts" ADD CONSTRAINT "payment_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_alerts_open_idx" ON "payment_alerts" USING btree ("resolved_at","created_at");--> statement-breakpoint
-- Hand-written: databases from before this index may hold several live payments of one order
-- (two "Pay" clicks); keep the newest live, mark the others canceled so the index can be built.
UPDATE "payments" p SET "status" = 'canceled' WHERE p."status" in ('created', 'pending') AND p."provider" <> 'manual' AND EXISTS (SELECT 1 FROM "payments" q WHERE q."order_id" = p."order_id" AND q."status" in ('created', 'pending') AND q."provider" <> 'manual' AND (q."created_at", q."id") > (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_live_order_key" ON "payments" USING btree ("order_id") WHERE "payments"."status" in ('created', 'pending') and "payments"."provider" <> 'manual';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_paypal_manual_order_key" ON "payments" USING btree ("order_id") WHERE "payments"."provider" = 'paypal-manual' and "payments"."status" in ('requested', 'invoice_sent');