CREATE TABLE "day_row_checks" (
	"site_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "day_row_checks" ADD CONSTRAINT "day_row_checks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every site that exists now may hold day rows written before decision 111 made every change refresh the rows it
-- moves: each gets one check, which the day ledger's repair job runs after start (repairStoredDays). Sites
-- created from here on never need one.
INSERT INTO "day_row_checks" ("site_id") SELECT "id" FROM "sites";
