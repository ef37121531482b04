-- Session-cache invalidation (decision 048): every change to what a signed-in request's session is read
-- from is announced on the live channel as a "recheck", whatever code path made it, so each instance drops
-- its cached sessions and re-reads; NOTIFY is sent at commit, never for a rolled-back change.
CREATE FUNCTION hoursight_session_recheck() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  message json;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'user_sessions' THEN
    message := json_build_object('t', 'recheck', 'sid', r.id);
  ELSIF TG_TABLE_NAME = 'site_users' THEN
    message := json_build_object('t', 'recheck', 'uid', r.id);
  ELSIF TG_TABLE_NAME = 'user_site_permissions' THEN
    message := json_build_object('t', 'recheck', 'uid', r.user_id);
  ELSE
    message := json_build_object('t', 'recheck', 'site', r.id);
  END IF;
  PERFORM pg_notify('hoursight_live', message::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_sessions_recheck AFTER DELETE OR UPDATE OF current_site_id ON user_sessions
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
--> statement-breakpoint
CREATE TRIGGER site_users_recheck AFTER DELETE OR UPDATE OF site_id, username, email, is_admin, is_active, is_read_only, password_hash ON site_users
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
--> statement-breakpoint
CREATE TRIGGER user_site_permissions_recheck AFTER INSERT OR DELETE OR UPDATE ON user_site_permissions
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
--> statement-breakpoint
CREATE TRIGGER sites_recheck AFTER DELETE OR UPDATE OF is_active, business_id ON sites
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
--> statement-breakpoint
-- Calendar-read cache invalidation (decision 049): any change to what `GET /api/calendar` answers, by any
-- path, tells every instance which site changed. Identical payloads in one transaction are sent once.
CREATE FUNCTION hoursight_calendar_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF r.site_id IS NULL THEN
    PERFORM pg_notify('hoursight_live', json_build_object('t', 'data')::text);
  ELSE
    PERFORM pg_notify('hoursight_live', json_build_object('t', 'data', 'site', r.site_id)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_data_changed AFTER INSERT OR UPDATE OR DELETE ON employees FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER exception_reasons_data_changed AFTER INSERT OR UPDATE OR DELETE ON exception_reasons FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER exceptions_data_changed AFTER INSERT OR UPDATE OR DELETE ON exceptions FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER notes_data_changed AFTER INSERT OR UPDATE OR DELETE ON notes FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER public_holidays_data_changed AFTER INSERT OR UPDATE OR DELETE ON public_holidays FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER day_changes_data_changed AFTER INSERT OR UPDATE OR DELETE ON day_changes FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
--> statement-breakpoint
CREATE TRIGGER site_settings_data_changed AFTER INSERT OR UPDATE OR DELETE ON site_settings FOR EACH ROW EXECUTE FUNCTION hoursight_calendar_data_changed();
