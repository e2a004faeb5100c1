ALTER TABLE "lessons" ADD COLUMN "preview" jsonb;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "outcomes" jsonb;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "materials" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outcomes" jsonb;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "materials" jsonb;
