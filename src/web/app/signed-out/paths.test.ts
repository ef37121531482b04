import { describe, expect, it } from 'vitest';
import { signedOutPath } from './paths';

describe('signedOutPath', () => {
  it('names each signed-out page', () => {
    expect(signedOutPath('/login')).toBe('/login');
    expect(signedOutPath('/register')).toBe('/register');
    expect(signedOutPath('/forgot-password')).toBe('/forgot-password');
    expect(signedOutPath('/reset-password')).toBe('/reset-password');
  });

  it('ignores letter case and trailing slashes, as react-router does', () => {
    expect(signedOutPath('/Login')).toBe('/login');
    expect(signedOutPath('/login/')).toBe('/login');
    expect(signedOutPath('/RESET-PASSWORD//')).toBe('/reset-password');
  });

  it('is null for the signed-in pages, the portal and anything longer', () => {
    for (const path of ['/', '//', '/employees', '/admin', '/login/extra', '/loginx', '/x/login', '']) {
      expect(signedOutPath(path), path).toBeNull();
    }
  });
});
