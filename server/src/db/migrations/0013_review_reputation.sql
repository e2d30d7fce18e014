DROP INDEX "events_subject_idx";--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "reputation_credit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_type","subject_id","id" DESC NULLS LAST);