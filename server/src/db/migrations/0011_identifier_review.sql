ALTER TABLE "identifiers" ADD COLUMN "review_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identifiers" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "identifiers" ADD CONSTRAINT "identifiers_reviewed_by_originators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."originators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifiers_review_idx" ON "identifiers" USING btree ("review_status","created_at","id");--> statement-breakpoint
CREATE INDEX "identifiers_review_type_idx" ON "identifiers" USING btree ("review_status","type","created_at","id");--> statement-breakpoint
ALTER TABLE "identifiers" ADD CONSTRAINT "identifiers_review_status_check" CHECK ("identifiers"."review_status" in ('pending', 'confirmed', 'rejected'));