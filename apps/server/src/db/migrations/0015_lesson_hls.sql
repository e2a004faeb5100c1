CREATE TABLE "lesson_transcodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "hls" jsonb;--> statement-breakpoint
ALTER TABLE "lesson_transcodes" ADD CONSTRAINT "lesson_transcodes_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_transcodes_lesson_idx" ON "lesson_transcodes" USING btree ("lesson_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_transcodes_state_idx" ON "lesson_transcodes" USING btree ("state");