-- Session-cache invalidation (decision 047): every change to what a signed-in request's session is read
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
