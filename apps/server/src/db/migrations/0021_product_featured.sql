ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;
