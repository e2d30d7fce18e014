CREATE TABLE "case_assignees" (
	"case_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_assignees_case_id_user_id_pk" PRIMARY KEY("case_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "evidence_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size_bytes" bigint NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_custody" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"evidence_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_originator_id" uuid,
	"actor_user_id" uuid,
	"actor_api_key_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "evidence_case_idx";--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "cases_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "priority" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "scam_type" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "reported_loss_amount" numeric(20, 4);--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "reported_loss_currency" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "closure_notes" text;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "proxy_originator_id" uuid;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "evidence" ADD COLUMN "proxy_originator_id" uuid;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "nullified_by_originator_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "actor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "actor_api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "case_id" uuid;--> statement-breakpoint
ALTER TABLE "case_assignees" ADD CONSTRAINT "case_assignees_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_assignees" ADD CONSTRAINT "case_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_custody" ADD CONSTRAINT "evidence_custody_evidence_id_evidence_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_custody" ADD CONSTRAINT "evidence_custody_actor_originator_id_originators_id_fk" FOREIGN KEY ("actor_originator_id") REFERENCES "public"."originators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_assignees_user_idx" ON "case_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "evidence_custody_evidence_idx" ON "evidence_custody" USING btree ("evidence_id","id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_proxy_originator_id_originators_id_fk" FOREIGN KEY ("proxy_originator_id") REFERENCES "public"."originators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence" ADD CONSTRAINT "evidence_proxy_originator_id_originators_id_fk" FOREIGN KEY ("proxy_originator_id") REFERENCES "public"."originators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_nullified_by_originator_id_originators_id_fk" FOREIGN KEY ("nullified_by_originator_id") REFERENCES "public"."originators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_status_activity_idx" ON "cases" USING btree ("status","last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_activity_idx" ON "cases" USING btree ("last_activity_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_created_idx" ON "cases" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "cases_title_trgm_idx" ON "cases" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "evidence_created_idx" ON "evidence" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "evidence_sha256_idx" ON "evidence" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "journal_entries_case_timeline_idx" ON "journal_entries" USING btree ("case_id","performed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_case_idx" ON "events" USING btree ("case_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "evidence_case_idx" ON "evidence" USING btree ("case_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_number_unique" UNIQUE("number");