CREATE TABLE "owner_notification_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"paid_order" boolean DEFAULT true NOT NULL,
	"expiring_order" boolean DEFAULT true NOT NULL,
	"paypal_invoice" boolean DEFAULT true NOT NULL,
	"payment_alert" boolean DEFAULT true NOT NULL,
	"daily_digest" boolean DEFAULT true NOT NULL,
	"digest_hour" integer DEFAULT 9 NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"telegram_text" text,
	"telegram_state" text DEFAULT 'none' NOT NULL,
	"telegram_attempts" integer DEFAULT 0 NOT NULL,
	"telegram_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "owner_notifications_key" ON "owner_notifications" USING btree ("key");--> statement-breakpoint
CREATE INDEX "owner_notifications_telegram_idx" ON "owner_notifications" USING btree ("telegram_state","created_at");