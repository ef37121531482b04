import { describe, expect, it } from 'vitest';
import { historyWrite } from './history';

const here = { pathname: '/login', search: '' };

describe('historyWrite', () => {
  it('pushes a new entry for another page', () => {
    expect(historyWrite('/register', here)).toBe('push');
    expect(historyWrite('/login?x=1', here)).toBe('push');
  });

  it('replaces the entry when the link leads where the page already is', () => {
    expect(historyWrite('/login', here)).toBe('replace');
    expect(historyWrite('/reset-password?token=a', { pathname: '/reset-password', search: '?token=a' })).toBe('replace');
  });

  it('does what the caller asks when it asks', () => {
    expect(historyWrite('/', here, true)).toBe('replace');
    expect(historyWrite('/login', here, false)).toBe('push');
  });
});
