-- Added by hand: the old rows have no account or address, and throttle records are transient.
DELETE FROM "login_failures";--> statement-breakpoint
DROP INDEX "login_failures_key_time_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "account" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "address" text NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_account_time_idx" ON "login_failures" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_time_idx" ON "login_failures" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "key";