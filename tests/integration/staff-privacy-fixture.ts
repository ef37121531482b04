import { expect } from 'vitest';
import type { TestApp } from './harness';
import { leaveSite, PASSWORD } from './leave-requests-fixture';

/*
 * Colleagues' privacy (decision 106). The time-off site: Ann (8 h) is the Staff user's employee, Bob (6 h) her
 * colleague, linked to the regular user. Clock pinned to Wednesday 13 March 2030. In the week of 18 March Bob is
 * sick Monday and Tuesday, trains 2.5 h on Wednesday and works 2 h extra on Thursday; Ann is on leave Friday.
 * Each has a note no Staff reply may carry but Ann's own; Bob asks for time off with a note of his own.
 */
export const NOW = new Date('2030-03-13T10:00:00Z');
export const SICK_NOTE = 'Migraine again, letter from the GP';
export const TRAINING_NOTE = 'Forklift course, second attempt';
export const OVERTIME_NOTE = 'Stocktake evening';
export const OWN_NOTE = 'Own holiday, back on Monday';
export const BOB_REQUEST_NOTE = 'Bob asks for the 25th off for a hearing';
export const ANN_REQUEST_NOTE = 'Ann would like to train';
/** Everything of Bob's that only he and the managers may read. */
export const BOB_SECRETS = [SICK_NOTE, TRAINING_NOTE, OVERTIME_NOTE, BOB_REQUEST_NOTE];

export type PrivacySite = Awaited<ReturnType<typeof privacySite>>;

export async function privacySite(t: TestApp) {
  const s = await leaveSite(t.db);
  const [annual, sick, training, overtime] = s.reasons;
  const admin = await t.login(s.admin.email, PASSWORD);
  const manager = await t.login(s.writer.email, PASSWORD);
  const staff = await t.login(s.annUser.email, PASSWORD);
  const exception = async (employeeId: number, reasonId: number, startDate: string, endDate: string, more: object) => {
    const res = await t.post('/api/exceptions', { employeeId, reasonId, startDate, endDate, isFullDay: true, hours: null, ...more }, admin);
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const ids = {
    sick: await exception(s.bob.id, sick.id, '2030-03-18', '2030-03-19', { notes: SICK_NOTE }),
    training: await exception(s.bob.id, training.id, '2030-03-20', '2030-03-20', { isFullDay: false, hours: 2.5, notes: TRAINING_NOTE }),
    overtime: await exception(s.bob.id, overtime.id, '2030-03-21', '2030-03-21', { isFullDay: false, hours: 2, notes: OVERTIME_NOTE }),
    own: await exception(s.ann.id, annual.id, '2030-03-22', '2030-03-22', { notes: OWN_NOTE }),
  };
  const ask = async (cookie: string, startDate: string, note: string) => {
    const res = await t.post('/api/leave-requests', { reasonId: training.id, startDate, endDate: startDate, note }, cookie);
    expect(res.statusCode).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const bobRequest = await ask(manager, '2030-03-25', BOB_REQUEST_NOTE);
  // Ann's own request on Bob's sick Monday: its impact lists him as away.
  const annRequest = await ask(staff, '2030-03-18', ANN_REQUEST_NOTE);
  return { ...s, annual, sick, training, overtime, admin, manager, staff, ids, bobRequest, annRequest };
}

/** Turns "Show absence types to staff" on or off, as an admin does on the Settings screen. */
export async function showTypes(t: TestApp, s: PrivacySite, on: boolean) {
  const current = (await t.get('/api/settings', s.admin)).json() as { siteName: string; saturdayWorkday: boolean; sundayWorkday: boolean };
  const res = await t.put(
    '/api/settings',
    {
      siteName: current.siteName,
      saturdayWorkday: current.saturdayWorkday,
      sundayWorkday: current.sundayWorkday,
      showAbsenceTypesToStaff: on,
    },
    s.admin,
  );
  expect(res.statusCode).toBe(200);
}
