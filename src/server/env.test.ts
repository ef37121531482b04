import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('derives APP_URL from PORT when APP_URL is unset or empty', () => {
    expect(parseEnv({}).APP_URL).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '3411' }).APP_URL).toBe('http://localhost:3411');
    expect(parseEnv({ PORT: '8080', APP_URL: '' }).APP_URL).toBe('http://localhost:8080');
  });

  it('keeps an explicit APP_URL whatever the port', () => {
    expect(parseEnv({ PORT: '8080', APP_URL: 'https://hours.example.com' }).APP_URL).toBe('https://hours.example.com');
  });

  it('refuses an APP_URL that is not a URL', () => {
    expect(() => parseEnv({ APP_URL: 'not a url' })).toThrow(/APP_URL: must be a URL/);
  });

  it('trusts no proxy by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count, true, or a list of addresses and CIDRs', () => {
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '127.0.0.1,example.com'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be false, true, a hop count/);
  });

  it('reads COVERAGE_ALERT_TIME as HH:MM, 06:00 when unset or empty', () => {
    expect(parseEnv({}).COVERAGE_ALERT_TIME).toBe('06:00');
    expect(parseEnv({ COVERAGE_ALERT_TIME: '' }).COVERAGE_ALERT_TIME).toBe('06:00');
    expect(parseEnv({ COVERAGE_ALERT_TIME: '23:59' }).COVERAGE_ALERT_TIME).toBe('23:59');
    for (const bad of ['6:00', '24:00', '12:60', 'noon']) {
      expect(() => parseEnv({ COVERAGE_ALERT_TIME: bad })).toThrow(/COVERAGE_ALERT_TIME: must be a time HH:MM/);
    }
  });

  it('reads MAIL_LOG_LINKS as off unless true', () => {
    expect(parseEnv({}).MAIL_LOG_LINKS).toBe(false);
    expect(parseEnv({ MAIL_LOG_LINKS: 'true' }).MAIL_LOG_LINKS).toBe(true);
    expect(() => parseEnv({ MAIL_LOG_LINKS: 'on' })).toThrow(/MAIL_LOG_LINKS: must be true or false/);
  });

  it('reads METRICS_PORT as off when unset or empty, a port otherwise, with METRICS_HOST on loopback by default', () => {
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: '9464' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1' });
    expect(() => parseEnv({ METRICS_PORT: 'nine' })).toThrow('METRICS_PORT: must be a number');
    expect(() => parseEnv({ METRICS_PORT: '70000' })).toThrow('METRICS_PORT');
  });

  it('reads SELF_SERVICE_PLANS as on without Stripe keys, off with them, and refuses it on beside them', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(parseEnv({}).SELF_SERVICE_PLANS).toBe(true);
    expect(parseEnv({ SELF_SERVICE_PLANS: 'false' }).SELF_SERVICE_PLANS).toBe(false);
    expect(parseEnv(stripe).SELF_SERVICE_PLANS).toBe(false);
    expect(parseEnv({ ...stripe, SELF_SERVICE_PLANS: 'false' }).SELF_SERVICE_PLANS).toBe(false);
    expect(() => parseEnv({ ...stripe, SELF_SERVICE_PLANS: 'true' })).toThrow(
      'SELF_SERVICE_PLANS: cannot be true while Stripe payments are configured',
    );
    expect(() => parseEnv({ SELF_SERVICE_PLANS: 'yes' })).toThrow('SELF_SERVICE_PLANS: must be true or false');
  });

  it('reads TOTP_ENCRYPTION_KEY as 32 bytes in hex or base64, unset when empty (decision 105)', () => {
    expect(parseEnv({}).TOTP_ENCRYPTION_KEY).toBeUndefined();
    expect(parseEnv({ TOTP_ENCRYPTION_KEY: ' ' }).TOTP_ENCRYPTION_KEY).toBeUndefined();
    const hex = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    expect([...parseEnv({ TOTP_ENCRYPTION_KEY: hex }).TOTP_ENCRYPTION_KEY!]).toEqual([...Array(32).keys()]);
    expect([...parseEnv({ TOTP_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=' }).TOTP_ENCRYPTION_KEY!]).toEqual([
      ...Array(32).keys(),
    ]);
    expect([...parseEnv({ TOTP_ENCRYPTION_KEY: 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8' }).TOTP_ENCRYPTION_KEY!]).toEqual([
      ...Array(32).keys(),
    ]);
  });

  it.each([
    'secret',
    '000102',
    'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8fHw==',
    'zz0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  ])('refuses TOTP_ENCRYPTION_KEY=%s', (value) => {
    expect(() => parseEnv({ TOTP_ENCRYPTION_KEY: value })).toThrow(
      'TOTP_ENCRYPTION_KEY: must be 32 random bytes: 64 hex digits or 44 base64 characters (openssl rand -base64 32)',
    );
  });
});
