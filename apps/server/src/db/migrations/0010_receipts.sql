CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"payload" jsonb,
	"amount_minor" bigint NOT NULL,
	"provider_id" text,
	"provider_status" text,
	"idempotence_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "receipts_due_idx" ON "receipts" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_kind_key" ON "receipts" USING btree ("payment_id","kind") WHERE "receipts"."kind" in ('completion', 'refund');