-- Idempotency-Key of creating requests (plugins/idempotency.ts): claimed before the request runs, holding its
-- answer once it succeeded, deleted 24 hours after the claim. In the database so every instance shares them.
CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"fingerprint" text,
	"status" integer,
	"headers" jsonb,
	"body" text,
	"claim" uuid DEFAULT gen_random_uuid() NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_caller_key_pk" PRIMARY KEY("caller","key"),
	CONSTRAINT "idempotency_keys_key_length_check" CHECK (char_length("idempotency_keys"."key") between 1 and 255)
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_claimed_at_idx" ON "idempotency_keys" USING btree ("claimed_at");