CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text,
	"option_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_rub" integer,
	"price_eur" integer,
	"price_usd" integer,
	"availability" text,
	"stock" integer,
	"weight_grams" integer,
	"length_cm" integer,
	"width_cm" integer,
	"height_cm" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination" ON "product_variants" USING btree ("product_id","option_values");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku" ON "product_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_stock_not_negative" CHECK ("stock" IS NULL OR "stock" >= 0);--> statement-breakpoint
-- Every product has its default variant (no option values, every field taken from the product):
-- the existing ones now, every new one as it is inserted, whatever inserts it.
INSERT INTO "product_variants" ("product_id") SELECT "id" FROM "products";--> statement-breakpoint
CREATE FUNCTION "products_default_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_variants" ("product_id") VALUES (NEW."id");
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_default_variant" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "products_default_variant"();
