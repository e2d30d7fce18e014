-- The key that minted a key: a minted key expires no later than it and is revoked with it. Keys minted
-- before this are not told apart from those people made.
ALTER TABLE "api_keys" ADD COLUMN "minted_by" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_minted_by_api_keys_id_fk" FOREIGN KEY ("minted_by") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_minted_by_idx" ON "api_keys" USING btree ("minted_by");