CREATE TABLE "gift_certificate_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"balance_after_minor" integer NOT NULL,
	"order_id" uuid,
	"actor_user_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_certificate_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"balance_minor" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"purchase_order_id" uuid,
	"buyer_user_id" uuid,
	"issued_by" uuid,
	"sender_name" text,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"language" text NOT NULL,
	"delivery_date" text,
	"deliver_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificates_balance" CHECK ("gift_certificates"."balance_minor" >= 0 and "gift_certificates"."balance_minor" <= "gift_certificates"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_certificate_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_certificate_rub" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_certificate_movements" ADD CONSTRAINT "gift_certificate_movements_certificate_id_gift_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."gift_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificate_movements" ADD CONSTRAINT "gift_certificate_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificate_movements" ADD CONSTRAINT "gift_certificate_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_purchase_order_id_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_certificate_movements_certificate_idx" ON "gift_certificate_movements" USING btree ("certificate_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_certificate_movements_order_idx" ON "gift_certificate_movements" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificates_code_key" ON "gift_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_certificates_order_idx" ON "gift_certificates" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "gift_certificates_buyer_idx" ON "gift_certificates" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_certificates_due_idx" ON "gift_certificates" USING btree ("deliver_at") WHERE "gift_certificates"."delivered_at" is null;