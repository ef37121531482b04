CREATE TABLE "employee_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"valid_from" date,
	"efficiency" integer DEFAULT 100 NOT NULL,
	"monday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"tuesday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"wednesday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"thursday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"friday_hours" numeric(5, 2) DEFAULT 7.6 NOT NULL,
	"saturday_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"sunday_hours" numeric(5, 2) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_contracts_employee_from_unique" UNIQUE NULLS NOT DISTINCT("employee_id","valid_from"),
	CONSTRAINT "employee_contracts_efficiency_range" CHECK ("employee_contracts"."efficiency" between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "employee_contracts" ADD CONSTRAINT "employee_contracts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_contracts" ADD CONSTRAINT "employee_contracts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_contracts_site_idx" ON "employee_contracts" USING btree ("site_id","employee_id","valid_from");--> statement-breakpoint
-- Every employee's hours become one contract version in force from the beginning of time (decision 076), so
-- no day's hours change with this migration.
INSERT INTO "employee_contracts" ("site_id", "employee_id", "valid_from", "efficiency", "monday_hours", "tuesday_hours",
  "wednesday_hours", "thursday_hours", "friday_hours", "saturday_hours", "sunday_hours", "created_at", "updated_at")
SELECT "site_id", "id", NULL, "efficiency", "monday_hours", "tuesday_hours", "wednesday_hours", "thursday_hours",
  "friday_hours", "saturday_hours", "sunday_hours", "created_at", "updated_at" FROM "employees";
--> statement-breakpoint
-- A change of contracts is a change of the site's staff as the hours engine reads it (migration 0012), of the
-- calendar's data (migration 0016) and of what open calendars must hear about (migrations 0010 and 0013).
CREATE TRIGGER employee_contracts_staff_inserted AFTER INSERT ON employee_contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_staff_changed();
--> statement-breakpoint
CREATE TRIGGER employee_contracts_staff_updated AFTER UPDATE ON employee_contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_staff_changed();
--> statement-breakpoint
CREATE TRIGGER employee_contracts_staff_deleted AFTER DELETE ON employee_contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_staff_changed();
--> statement-breakpoint
CREATE TRIGGER employee_contracts_marked_on_insert AFTER INSERT ON employee_contracts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER employee_contracts_marked_on_update AFTER UPDATE ON employee_contracts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER employee_contracts_marked_on_delete AFTER DELETE ON employee_contracts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER employee_contracts_data_changed AFTER INSERT OR UPDATE OR DELETE ON employee_contracts FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
