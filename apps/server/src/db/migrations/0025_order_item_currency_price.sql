ALTER TABLE "order_items" ADD COLUMN "unit_price_in_currency" integer;
