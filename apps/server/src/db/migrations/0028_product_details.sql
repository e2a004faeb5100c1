ALTER TABLE "products" ADD COLUMN "size" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "materials" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "care" jsonb;
