import { describe, expect, it } from 'vitest';
import { entryState, historyWrite, positionOf } from './history';

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

describe('entryState', () => {
  it('puts a pushed entry one past the current one, as react-router counts them', () => {
    expect(entryState({ usr: null, key: 'a', idx: 2 }, 'push', 'k')).toEqual({ usr: null, key: 'k', idx: 3 });
  });

  it('keeps the position on a replace', () => {
    expect(entryState({ usr: null, key: 'a', idx: 2 }, 'replace', 'k')).toEqual({ usr: null, key: 'k', idx: 2 });
  });

  it('counts from 0 when the current entry has no position', () => {
    expect(entryState(null, 'push', 'k')).toEqual({ usr: null, key: 'k', idx: 1 });
    expect(entryState({ other: true }, 'replace', 'k')).toEqual({ usr: null, key: 'k', idx: 0 });
  });
});

describe('positionOf', () => {
  it('reads a numeric idx and nothing else', () => {
    expect(positionOf({ idx: 0 })).toBe(0);
    expect(positionOf({ idx: 4, usr: null })).toBe(4);
    expect(positionOf({ idx: '4' })).toBeNull();
    expect(positionOf(null)).toBeNull();
    expect(positionOf(undefined)).toBeNull();
  });
});
