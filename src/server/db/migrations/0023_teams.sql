CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "teams_site_name_unique" ON "teams" USING btree ("site_id",lower("name"));--> statement-breakpoint
CREATE INDEX "teams_site_order_idx" ON "teams" USING btree ("site_id","sort_order");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_team_idx" ON "employees" USING btree ("team_id");--> statement-breakpoint
-- Teams are part of what `GET /api/calendar` answers (decision 085): a change gives the site a new data mark
-- (migration 0016), so no cached reply outlives it, and tells open calendars (migrations 0010 and 0013). An
-- employee's team is a column of `employees`, whose triggers already cover it, including the `set null` of a
-- deleted team.
CREATE TRIGGER teams_marked_on_insert AFTER INSERT ON teams REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER teams_marked_on_update AFTER UPDATE ON teams REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER teams_marked_on_delete AFTER DELETE ON teams REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER teams_data_changed AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
