import { describe, expect, it } from 'vitest';
import { checkPassword, verifyPassword, type VerifyPassword } from './passwords';

/** A stand-in for argon2 that matches "h:" + password, and counts its calls. */
function fakeVerify() {
  const calls: string[] = [];
  const verify: VerifyPassword = async (hash, password) => {
    calls.push(password);
    return hash === `h:${password}`;
  };
  return { verify, calls };
}

describe('checkPassword (decision 105)', () => {
  it('a hash of the normalised password matches however it is typed, in one check', async () => {
    for (const typed of ['violet-kettle-42', '  violet-kettle-42 ', 'violet\u200B-kettle-42', 'ｖｉｏｌｅｔ-kettle-42']) {
      const { verify, calls } = fakeVerify();
      const check = await checkPassword('h:violet-kettle-42', typed, verify);
      expect([typed, check.ok, check.upgrade, calls]).toEqual([typed, true, undefined, ['violet-kettle-42']]);
    }
  });

  it('a hash made of the password as typed (before 105) still matches it, and hands back the normalised hash', async () => {
    const { verify, calls } = fakeVerify();
    const check = await checkPassword('h: violet-kettle-42 ', ' violet-kettle-42 ', verify);
    expect([check.ok, calls]).toEqual([true, ['violet-kettle-42', ' violet-kettle-42 ']]);
    const upgraded = await check.upgrade!();
    expect(await verifyPassword(upgraded, 'violet-kettle-42')).toBe(true);
    expect(await verifyPassword(upgraded, ' violet-kettle-42 ')).toBe(false);
  });

  it('a wrong password costs one check, or two when it differs from its normalised form', async () => {
    const plain = fakeVerify();
    expect((await checkPassword('h:violet-kettle-42', 'wrong-pass', plain.verify)).ok).toBe(false);
    expect(plain.calls).toEqual(['wrong-pass']);
    const spaced = fakeVerify();
    expect((await checkPassword('h:violet-kettle-42', ' wrong-pass', spaced.verify)).ok).toBe(false);
    expect(spaced.calls).toEqual(['wrong-pass', ' wrong-pass']);
  });

  it('an old password of spaces alone still matches as typed, and is not stored as blank', async () => {
    const { verify, calls } = fakeVerify();
    const check = await checkPassword('h:      ', '      ', verify);
    expect([check.ok, check.upgrade, calls]).toEqual([true, undefined, ['      ']]);
    expect((await checkPassword('h:      ', '       ', fakeVerify().verify)).ok).toBe(false);
  });
});
