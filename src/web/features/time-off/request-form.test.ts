import { describe, expect, it } from 'vitest';
import { leaveRequestMessages } from '../../../shared/contracts/leave-requests';
import { checkRequest, fieldErrorsOf, initialRequest } from './request-form';
import { requestWindow } from './useRequestData';

const today = '2026-03-02';
const filled = { ...initialRequest(today), reasonId: '3', startDate: '2026-03-09', endDate: '2026-03-10' };

describe('checkRequest', () => {
  it('sends a full-day request without hours, and a trimmed note', () => {
    expect(checkRequest({ ...filled, note: '  Family visit ' }, today)).toEqual({
      body: { reasonId: 3, startDate: '2026-03-09', endDate: '2026-03-10', isFullDay: true, hours: null, note: 'Family visit' },
    });
  });

  it('sends the hours of a part-day request', () => {
    const checked = checkRequest({ ...filled, isFullDay: false, hours: '3.5' }, today);
    expect('body' in checked && checked.body).toMatchObject({ isFullDay: false, hours: 3.5, note: null });
  });

  it('names each field that is wrong, in the contract’s words', () => {
    expect(checkRequest({ ...initialRequest(today) }, today)).toEqual({ errors: { reasonId: 'Please select a reason' } });
    const backwards = checkRequest({ ...filled, endDate: '2026-03-08' }, today);
    expect('errors' in backwards && backwards.errors.endDate).toBeTruthy();
    const noHours = checkRequest({ ...filled, isFullDay: false }, today);
    expect('errors' in noHours && noHours.errors.hours).toBeTruthy();
  });

  it('refuses a start before today with the server’s own message', () => {
    expect(checkRequest({ ...filled, startDate: '2026-03-01' }, today)).toEqual({ errors: { startDate: leaveRequestMessages.past } });
  });
});

describe('fieldErrorsOf', () => {
  it('puts the server’s issues on the fields they name, first one each', () => {
    expect(
      fieldErrorsOf([
        { path: 'body.hours', message: 'Hours must be a number' },
        { path: 'hours', message: 'second' },
        { path: 'somethingElse', message: 'ignored' },
      ]),
    ).toEqual({ hours: 'Hours must be a number' });
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});

describe('requestWindow', () => {
  it('covers whole months around the span', () => {
    expect(requestWindow('2026-03-09', '2026-03-10')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(requestWindow('2026-02-27', '2026-04-02')).toEqual({ startDate: '2026-02-01', endDate: '2026-04-30' });
    expect(requestWindow('2028-02-10', '2028-02-10')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
  });
  it('reads a last day before the first as the first, and nothing for an unreadable start', () => {
    expect(requestWindow('2026-03-09', '2026-03-01')).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    expect(requestWindow('', '2026-03-01')).toBeNull();
  });
});
