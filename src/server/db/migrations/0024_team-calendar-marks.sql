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
