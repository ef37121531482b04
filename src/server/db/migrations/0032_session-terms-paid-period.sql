-- A cached session now also carries its site's paid-period end and external billing reference (decision 104),
-- so the lapse check of a change request costs no query: a change to them re-checks cached sessions too.
DROP TRIGGER sites_recheck ON sites;
--> statement-breakpoint
CREATE TRIGGER sites_recheck AFTER DELETE OR UPDATE OF is_active, business_id, subscription_status, plan_type, trial_ends_at, subscription_ends_at, external_billing_reference ON sites
  FOR EACH ROW EXECUTE FUNCTION hoursight_session_recheck();
