-- The device sign-in whose token made a key (or whose key minted it): the key works only while that
-- sign-in does. Keys made before this are not told apart from those made in the browser (since 5958f03
-- they expire no later than their sign-in's session all the same).
ALTER TABLE "api_keys" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_session_idx" ON "api_keys" USING btree ("session_id");