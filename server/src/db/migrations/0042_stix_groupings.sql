CREATE TABLE "stix_groupings" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"modified" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stix_groupings" ADD CONSTRAINT "stix_groupings_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;