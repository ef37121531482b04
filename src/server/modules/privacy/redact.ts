import type { TExceptionView } from '../../../shared/contracts/calendar';
import { AWAY_COLOR, AWAY_NAME, AWAY_REASON_ID, type StaffView } from '../../../shared/domain/staff-view';
import { isOwn } from './view';

/**
 * What Staff see of colleagues (decision 106), one function per shape a Staff-readable reply carries. Pure: the
 * view says whose absences are the caller's own and which types the site shows. Anything the rule cannot place
 * (a type it does not know, an entry without ids) is shown as "Away": the rules fail closed.
 */

/** A colleague's exception: "Away" unless its type is shown, never its notes or hours; extra hours are no absence and not shown. */
export function staffException<E extends Pick<TExceptionView, 'employeeId' | 'reasonId' | 'isAdditive'>>(
  e: E & Partial<TExceptionView>,
  view: StaffView,
): E | null {
  if (isOwn(view, e.employeeId)) return e;
  if (e.isAdditive) return null;
  const hidden = view.shownTypes.has(e.reasonId) ? {} : { reasonId: AWAY_REASON_ID, reasonName: AWAY_NAME, reasonColor: AWAY_COLOR };
  return { ...e, hours: null, notes: null, ...hidden };
}

export const staffExceptions = <E extends TExceptionView>(list: readonly E[], view: StaffView): E[] =>
  list.flatMap((e) => staffException(e, view) ?? []);

/** A feed's exception rows with the ids the rule needs; the rest of the row passes through. */
export interface FeedExceptionFacts {
  employeeId: number;
  reasonId: number;
  isAdditive: boolean;
  reasonName: string;
  hours: number | null;
  notes: string | null;
}

/** A feed's events as a Staff creator sees them: colleagues' absences as "Away" without notes or hours, their own in full. */
export function staffFeedExceptions<E extends FeedExceptionFacts>(rows: readonly E[], view: StaffView): E[] {
  return rows.flatMap((e) => {
    if (isOwn(view, e.employeeId)) return [e];
    if (e.isAdditive) return [];
    return [{ ...e, hours: null, notes: null, reasonName: view.shownTypes.has(e.reasonId) ? e.reasonName : AWAY_NAME }];
  });
}
