CREATE TABLE "student_works" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"user_id" uuid,
	"author_name" text NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"image" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"moderated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_works" ADD CONSTRAINT "student_works_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_works" ADD CONSTRAINT "student_works_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_works_lesson_idx" ON "student_works" USING btree ("lesson_id","status","created_at");--> statement-breakpoint
CREATE INDEX "student_works_status_idx" ON "student_works" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "student_works_user_idx" ON "student_works" USING btree ("user_id","lesson_id");