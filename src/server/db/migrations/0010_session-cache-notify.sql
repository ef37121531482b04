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
--> statement-breakpoint
-- The narrow lock of a change to some days (decision 032) in one round trip: the site's lock shared
-- first, then each day's own lock in ascending order, so that two writers never wait on each other in a
-- cycle and a whole-site recomputation (the exclusive site lock) excludes them all. A day's key is its
-- site-day band (decision 031) under the lock class, in the one-bigint advisory key space.
CREATE FUNCTION hoursight_lock_site_days(lock_class int, site int, days date[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k int8;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(lock_class, site);
  FOREACH k IN ARRAY coalesce((
    SELECT array_agg(key ORDER BY key) FROM (
      SELECT DISTINCT (lock_class::int8 << 48) + site::int8 * 8388608 + 4194304 + (d - '2000-01-01'::date) AS key FROM unnest(days) d
    ) keys
  ), '{}') LOOP
    PERFORM pg_advisory_xact_lock(k);
  END LOOP;
END $$;
