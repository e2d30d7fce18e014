-- Who last chose an automation's webhook URL: a topic is delivered only while they hold its permissions.
ALTER TABLE "originators" ADD COLUMN "webhook_url_set_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "originators" ADD COLUMN "webhook_url_set_by_api_key_id" uuid;--> statement-breakpoint
-- A URL set before: its chooser is the actor of the automation's last event that named webhookUrl (or
-- of its creation) when that actor was a team member; an automation's own key is not told apart from
-- its others, so its URL stays without a chooser and delivers nothing until it is set again.
UPDATE "originators" o SET "webhook_url_set_by_user_id" = (
  SELECT (SELECT u."id" FROM "users" u WHERE u."originator_id" = e."actor_originator_id")
  FROM "events" e
  WHERE e."subject_type" = 'originator' AND e."subject_id" = o."id"::text
    AND (e."type" = 'originator.created' OR coalesce(e."data"->'fields', '[]'::jsonb) ? 'webhookUrl')
  ORDER BY e."id" DESC
  LIMIT 1
)
WHERE o."type" = 'automation' AND o."webhook_url" IS NOT NULL;
