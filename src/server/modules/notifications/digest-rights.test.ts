import { describe, expect, it } from 'vitest';
import { mayChangeDigest } from './service';

describe('mayChangeDigest (decision 105)', () => {
  it('the owner, or an admin who may change data; a read-only admin only their own', () => {
    const cases: Array<[string, { userId: number; isAdmin: boolean; isReadOnly: boolean }, number | null, boolean]> = [
      ['owner', { userId: 1, isAdmin: false, isReadOnly: false }, 1, true],
      ['read-only owner', { userId: 1, isAdmin: false, isReadOnly: true }, 1, true],
      ['admin, another’s', { userId: 1, isAdmin: true, isReadOnly: false }, 2, true],
      ['admin, owner gone', { userId: 1, isAdmin: true, isReadOnly: false }, null, true],
      ['read-only admin, another’s', { userId: 1, isAdmin: true, isReadOnly: true }, 2, false],
      ['read-only admin, owner gone', { userId: 1, isAdmin: true, isReadOnly: true }, null, false],
      ['read-only admin, own', { userId: 1, isAdmin: true, isReadOnly: true }, 1, true],
      ['user, another’s', { userId: 1, isAdmin: false, isReadOnly: false }, 2, false],
    ];
    for (const [what, actor, owner, expected] of cases) expect(mayChangeDigest(actor, { userId: owner }), what).toBe(expected);
  });
});
