-- The calendar-data triggers of migration 0010 stay quiet in a transaction that says its route announces
-- the change itself (decision 059). PostgreSQL serialises the commits of every transaction that sent a
-- NOTIFY, holding one lock through each commit's write-ahead-log flush; with a NOTIFY in every exception
-- write, concurrent writes of all sites committed one at a time. Those writes set
-- hoursight.announced_by_route for their own transaction, and their route's announcement on the live channel
-- empties the site's calendar cache on every instance. Any other write still notifies here, as before.
CREATE OR REPLACE FUNCTION hoursight_calendar_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF current_setting('hoursight.announced_by_route', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF r.site_id IS NULL THEN
    PERFORM pg_notify('hoursight_live', json_build_object('t', 'data')::text);
  ELSE
    PERFORM pg_notify('hoursight_live', json_build_object('t', 'data', 'site', r.site_id)::text);
  END IF;
  RETURN NULL;
END $$;
