ALTER TABLE "products" ADD COLUMN "position" integer;
