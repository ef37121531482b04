-- A cached session also carries its current site's subscription (decision 048), so the trial gate of a
-- change request costs no query: a change to those columns must re-check cached sessions like a site's
-- suspension does.
DROP TRIGGER sites_recheck ON sites;
--> statement-breakpoint
CREATE TRIGGER sites_recheck AFTER DELETE OR UPDATE OF is_active, business_id, subscription_status, plan_type, trial_ends_at ON sites
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
