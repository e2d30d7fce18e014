CREATE TABLE "journal_checkpoints" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"link_hash" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fully_verified_at" timestamp with time zone NOT NULL,
	"fully_verified_seq" integer NOT NULL,
	"full_break_seq" integer,
	"full_break_entry_id" uuid,
	"full_break_reason" text
);
--> statement-breakpoint
ALTER TABLE "journal_checkpoints" ADD CONSTRAINT "journal_checkpoints_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE no action ON UPDATE no action;