CREATE TABLE "custom_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"occasion" text NOT NULL,
	"occasion_other" text,
	"date_needed" text NOT NULL,
	"colours" text NOT NULL,
	"budget_minor" integer,
	"budget_currency" text,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"portfolio_item_id" uuid,
	"language" text NOT NULL,
	"quote_price_minor" integer,
	"quote_currency" text,
	"deposit_percent" integer,
	"quote_due_date" text,
	"quote_message" text,
	"quoted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"deposit_order_id" uuid,
	"deposit_paid_at" timestamp with time zone,
	"balance_order_id" uuid,
	"balance_paid_at" timestamp with time zone,
	"declined_by" text,
	"decline_note" text,
	"started_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_requests_quote" CHECK (("custom_requests"."quote_price_minor" is null or "custom_requests"."quote_price_minor" > 0) and ("custom_requests"."deposit_percent" is null or "custom_requests"."deposit_percent" between 0 and 100))
);
--> statement-breakpoint
ALTER TABLE "custom_requests" ADD CONSTRAINT "custom_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_requests" ADD CONSTRAINT "custom_requests_portfolio_item_id_portfolio_items_id_fk" FOREIGN KEY ("portfolio_item_id") REFERENCES "public"."portfolio_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_requests" ADD CONSTRAINT "custom_requests_deposit_order_id_orders_id_fk" FOREIGN KEY ("deposit_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_requests" ADD CONSTRAINT "custom_requests_balance_order_id_orders_id_fk" FOREIGN KEY ("balance_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_requests_user_idx" ON "custom_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_requests_status_idx" ON "custom_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "custom_requests_deposit_order_idx" ON "custom_requests" USING btree ("deposit_order_id");--> statement-breakpoint
CREATE INDEX "custom_requests_balance_order_idx" ON "custom_requests" USING btree ("balance_order_id");