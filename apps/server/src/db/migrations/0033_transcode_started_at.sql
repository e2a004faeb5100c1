ALTER TABLE "lesson_transcodes" ADD COLUMN "started_at" timestamp with time zone;
