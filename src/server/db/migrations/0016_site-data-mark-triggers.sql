-- Calendar-data marks (decision 066): every insert, update or delete of what `GET /api/calendar` answers gives
-- each site it touched a new mark in the SAME transaction, so a statement that reads the data and the marks
-- together always sees a matching pair, and a cached reply is served only while its site's marks are
-- unchanged. Unlike the NOTIFY of migrations 0010/0013 this is not skipped for writes their route announces:
-- a lost or late announcement cannot leave a reader with an old reply.
--
-- One slot per site and backend (its pid modulo 32): concurrent writers of one site hold different rows until
-- they commit instead of queueing on one. A mark is random rather than a counter, so a restored or copied
-- database cannot present marks that an instance kept for different data. Only sites that still exist are
-- marked: when a site is deleted its rows go with it, and a mark for it would break the foreign key.
CREATE FUNCTION hoursight_mark_sites(changed int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO site_data_marks (site_id, slot)
    SELECT s.id, pg_backend_pid() % 32 FROM sites s WHERE s.id = ANY(changed) ORDER BY s.id
    ON CONFLICT (site_id, slot) DO UPDATE SET mark = gen_random_uuid()
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: a bulk import marks each site once, not once per row.
CREATE FUNCTION hoursight_site_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    changed := changed || ARRAY(SELECT DISTINCT site_id FROM old_rows);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    changed := changed || ARRAY(SELECT DISTINCT site_id FROM new_rows);
  END IF;
  PERFORM hoursight_mark_sites(changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Exception types: a business-wide type (no site) is part of every site of its business.
CREATE FUNCTION hoursight_reasons_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed int[] := '{}';
  owner_businesses int[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    changed := changed || ARRAY(SELECT DISTINCT site_id FROM old_rows WHERE site_id IS NOT NULL);
    owner_businesses := owner_businesses || ARRAY(SELECT DISTINCT business_id FROM old_rows WHERE site_id IS NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    changed := changed || ARRAY(SELECT DISTINCT site_id FROM new_rows WHERE site_id IS NOT NULL);
    owner_businesses := owner_businesses || ARRAY(SELECT DISTINCT business_id FROM new_rows WHERE site_id IS NULL);
  END IF;
  IF cardinality(owner_businesses) > 0 THEN
    changed := changed || ARRAY(SELECT id FROM sites WHERE business_id = ANY(owner_businesses));
  END IF;
  PERFORM hoursight_mark_sites(changed);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employees_marked_on_insert AFTER INSERT ON employees REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER employees_marked_on_update AFTER UPDATE ON employees REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER employees_marked_on_delete AFTER DELETE ON employees REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER exceptions_marked_on_insert AFTER INSERT ON exceptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER exceptions_marked_on_update AFTER UPDATE ON exceptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER exceptions_marked_on_delete AFTER DELETE ON exceptions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER notes_marked_on_insert AFTER INSERT ON notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER notes_marked_on_update AFTER UPDATE ON notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER notes_marked_on_delete AFTER DELETE ON notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER public_holidays_marked_on_insert AFTER INSERT ON public_holidays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER public_holidays_marked_on_update AFTER UPDATE ON public_holidays REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER public_holidays_marked_on_delete AFTER DELETE ON public_holidays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER day_changes_marked_on_insert AFTER INSERT ON day_changes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER day_changes_marked_on_update AFTER UPDATE ON day_changes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER day_changes_marked_on_delete AFTER DELETE ON day_changes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER site_settings_marked_on_insert AFTER INSERT ON site_settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER site_settings_marked_on_update AFTER UPDATE ON site_settings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER site_settings_marked_on_delete AFTER DELETE ON site_settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_site_data_changed();
--> statement-breakpoint
CREATE TRIGGER exception_reasons_marked_on_insert AFTER INSERT ON exception_reasons REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_reasons_data_changed();
--> statement-breakpoint
CREATE TRIGGER exception_reasons_marked_on_update AFTER UPDATE ON exception_reasons REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_reasons_data_changed();
--> statement-breakpoint
CREATE TRIGGER exception_reasons_marked_on_delete AFTER DELETE ON exception_reasons REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hoursight_reasons_data_changed();
