-- An administrator's invitations and changes of an account, recorded before they named their user in
-- data.userId: named now, so the account's security activity lists them too.
UPDATE "events" SET "data" = "data" || jsonb_build_object('userId', "subject_id") WHERE "subject_type" = 'user' AND "type" LIKE 'team_member.%' AND NOT ("data" ? 'userId');--> statement-breakpoint
CREATE INDEX "events_account_user_idx" ON "events" USING btree (("data"->>'userId'),"id" DESC NULLS LAST) WHERE "events"."subject_type" in ('session', 'passkey', 'device_authorization', 'user');