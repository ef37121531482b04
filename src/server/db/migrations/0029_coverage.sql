CREATE TABLE "coverage_acknowledgements" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"action" varchar(24) NOT NULL,
	"exception_id" integer,
	"leave_request_id" integer,
	"reason" text NOT NULL,
	"shortfalls" jsonb NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(6, 1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_overrides_hours" CHECK ("coverage_overrides"."hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coverage_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"monday_hours" numeric(6, 1),
	"tuesday_hours" numeric(6, 1),
	"wednesday_hours" numeric(6, 1),
	"thursday_hours" numeric(6, 1),
	"friday_hours" numeric(6, 1),
	"saturday_hours" numeric(6, 1),
	"sunday_hours" numeric(6, 1),
	"updated_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coverage_settings" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"alert_horizon_days" smallint DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_settings_horizon" CHECK ("coverage_settings"."alert_horizon_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "shortfall_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"date" date NOT NULL,
	"required_hours" numeric(6, 1) NOT NULL,
	"available_hours" numeric(6, 1) NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coverage_acknowledgements" ADD CONSTRAINT "coverage_acknowledgements_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_acknowledgements" ADD CONSTRAINT "coverage_acknowledgements_exception_id_exceptions_id_fk" FOREIGN KEY ("exception_id") REFERENCES "public"."exceptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_acknowledgements" ADD CONSTRAINT "coverage_acknowledgements_leave_request_id_leave_requests_id_fk" FOREIGN KEY ("leave_request_id") REFERENCES "public"."leave_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_acknowledgements" ADD CONSTRAINT "coverage_acknowledgements_user_id_site_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_overrides" ADD CONSTRAINT "coverage_overrides_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_rules" ADD CONSTRAINT "coverage_rules_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_rules" ADD CONSTRAINT "coverage_rules_updated_by_user_id_site_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."site_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coverage_settings" ADD CONSTRAINT "coverage_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortfall_alerts" ADD CONSTRAINT "shortfall_alerts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coverage_acknowledgements_site_idx" ON "coverage_acknowledgements" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_overrides_site_date_unique" ON "coverage_overrides" USING btree ("site_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "coverage_rules_site_from_unique" ON "coverage_rules" USING btree ("site_id","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "shortfall_alerts_site_date_unique" ON "shortfall_alerts" USING btree ("site_id","date");--> statement-breakpoint
-- The minimums are part of what `GET /api/calendar` answers (decision 096): a change gives the site a new data
-- mark (migration 0016), so no cached reply outlives it, and tells open calendars (migrations 0010 and 0013).
CREATE TRIGGER coverage_rules_marked_on_insert AFTER INSERT ON coverage_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_rules_marked_on_update AFTER UPDATE ON coverage_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_rules_marked_on_delete AFTER DELETE ON coverage_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_rules_data_changed AFTER INSERT OR UPDATE OR DELETE ON coverage_rules FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_overrides_marked_on_insert AFTER INSERT ON coverage_overrides REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_overrides_marked_on_update AFTER UPDATE ON coverage_overrides REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_overrides_marked_on_delete AFTER DELETE ON coverage_overrides REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_overrides_data_changed AFTER INSERT OR UPDATE OR DELETE ON coverage_overrides FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
