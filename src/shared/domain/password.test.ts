import { describe, expect, it } from 'vitest';
import { normalisePassword } from './password';

describe('normalisePassword (decision 105)', () => {
  it('drops the spaces around a password, not those inside it', () => {
    expect(normalisePassword('  violet kettle  ')).toBe('violet kettle');
    expect(normalisePassword('\tviolet-kettle\n')).toBe('violet-kettle');
  });

  it('drops invisible characters anywhere', () => {
    expect(normalisePassword('vio\u200Blet\u200D-ket\uFEFFtle')).toBe('violet-kettle');
    expect(normalisePassword('\u2060violet\u00AD-kettle\u200E')).toBe('violet-kettle');
  });

  it('folds compatibility forms (NFKC)', () => {
    expect(normalisePassword('ｖｉｏｌｅｔ')).toBe('violet');
    expect(normalisePassword('violet\u00A0kettle')).toBe('violet kettle');
    expect(normalisePassword('ﬁsh-kettle')).toBe('fish-kettle');
    expect(normalisePassword('cafe\u0301-kettle')).toBe('café-kettle');
  });

  it('leaves nothing of a password made only of spaces and invisible characters', () => {
    expect(normalisePassword('      ')).toBe('');
    expect(normalisePassword('\u3000\u200B \u00A0\uFEFF ')).toBe('');
  });
});
