import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED, MULTIPLE_FAILED, SESSION_EXPIRED } from './messages';
import { readAuthoriseMultipleReply, type Reply } from './request';

const json = (status: number, body: unknown): Reply => ({
  status,
  ok: status >= 200 && status < 300,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify(body),
});
const failure = (reply: Reply) => {
  try {
    readAuthoriseMultipleReply(reply);
  } catch (err) {
    return (err as Error).message;
  }
  return 'no failure';
};

describe('readAuthoriseMultipleReply (spec §6)', () => {
  it('answers the count and dates of a JSON success', () => {
    expect(readAuthoriseMultipleReply(json(200, { count: 2, dates: ['2027-03-01', '2027-03-02'] }))).toEqual({
      count: 2,
      dates: ['2027-03-01', '2027-03-02'],
    });
  });

  it('a 401 asks to log in again, whatever its body', () => {
    expect(failure(json(401, { message: 'Not authenticated' }))).toBe(AUTH_REQUIRED);
    expect(failure({ status: 401, ok: false, contentType: 'text/html', text: '<html></html>' })).toBe(AUTH_REQUIRED);
  });

  it('a reply that is not JSON means the session expired', () => {
    expect(failure({ status: 200, ok: true, contentType: 'text/html', text: '<!doctype html><p>Sign in</p>' })).toBe(SESSION_EXPIRED);
    expect(failure({ status: 502, ok: false, contentType: 'text/html', text: '<html>Bad gateway</html>' })).toBe(SESSION_EXPIRED);
    expect(failure({ status: 200, ok: true, contentType: 'application/json', text: '{not json' })).toBe(SESSION_EXPIRED);
    expect(failure({ status: 200, ok: true, contentType: null, text: '' })).toBe(SESSION_EXPIRED);
  });

  it('other failures, and a JSON success of the wrong shape, could not authorise', () => {
    expect(failure(json(500, { message: 'boom' }))).toBe(MULTIPLE_FAILED);
    expect(failure(json(403, { message: 'Read-only' }))).toBe(MULTIPLE_FAILED);
    expect(failure(json(200, { ok: true }))).toBe(MULTIPLE_FAILED);
  });
});
