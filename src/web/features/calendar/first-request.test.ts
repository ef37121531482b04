import { describe, expect, it } from 'vitest';
import { firstDays, startFirstRequest, takeFirstRequest } from './first-request';

describe('firstDays', () => {
  const now = new Date(2030, 2, 13, 10, 0);

  it('opens on the address date when it is a showable day', () => {
    expect(firstDays('?view=month&date=2030-07-04', now)).toEqual({ viewed: '2030-07-04', today: '2030-03-13' });
  });

  it('opens on today without a date, with a wrong one, or one beyond the window', () => {
    expect(firstDays('', now)).toEqual({ viewed: '2030-03-13', today: '2030-03-13' });
    expect(firstDays('?date=2030-02-30', now)).toEqual({ viewed: '2030-03-13', today: '2030-03-13' });
    expect(firstDays('?date=9999-12-01', now)).toEqual({ viewed: '2030-03-13', today: '2030-03-13' });
  });
});

describe('takeFirstRequest', () => {
  it('gives the started request to the first ask for its URL, once', () => {
    // No server here: the request fails, which is not what this checks.
    startFirstRequest('?date=2030-07-04', new Date(2030, 2, 13, 10, 0));
    const url = '/api/calendar?startDate=2030-06-15&endDate=2030-09-15&dayChangesStartDate=2030-03-13&dayChangesEndDate=2032-03-13&shell=1';
    expect(takeFirstRequest(url.replace('shell=1', 'shell=0'))).toBeUndefined();
    const reply = takeFirstRequest(url);
    expect(reply).toBeInstanceOf(Promise);
    void reply?.catch(() => undefined);
    expect(takeFirstRequest(url)).toBeUndefined();
  });
});
