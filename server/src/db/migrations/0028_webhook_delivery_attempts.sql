CREATE TABLE "webhook_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"automation_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"by_hand" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'sending' NOT NULL,
	"status_code" integer,
	"duration_ms" integer,
	"response" text,
	CONSTRAINT "webhook_delivery_attempts_outcome_check" CHECK ("webhook_delivery_attempts"."outcome" in ('sending', 'delivered', 'failed', 'interrupted'))
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "hand_send" text;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_automation_id_originators_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."originators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_attempts_number_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","attempt");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_log_idx" ON "webhook_delivery_attempts" USING btree ("automation_id","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_hand_send_check" CHECK ("webhook_deliveries"."hand_send" in ('continue', 'once'));--> statement-breakpoint
-- Each delivery attempted before this log existed keeps its latest attempt as a row.
INSERT INTO "webhook_delivery_attempts" ("delivery_id", "automation_id", "attempt", "started_at", "finished_at", "outcome", "status_code", "duration_ms", "response")
SELECT "id", "automation_id", "attempts", "last_attempt_at", "last_attempt_at", CASE WHEN "status" = 'delivered' THEN 'delivered' ELSE 'failed' END, "last_status_code", "last_duration_ms", "last_response"
FROM "webhook_deliveries" WHERE "last_attempt_at" IS NOT NULL AND "attempts" > 0;
