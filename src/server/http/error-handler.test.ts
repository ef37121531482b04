import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

/** drizzle wraps the driver's error; the SQLSTATE sits on `cause`. */
const dbError = (code: string) =>
  Object.assign(new Error('Failed query: insert ...'), { cause: Object.assign(new Error('driver'), { code }) });

const app = Fastify();
beforeAll(async () => {
  registerErrorHandler(app);
  app.get('/throw/:code', async (req) => {
    throw dbError((req.params as { code: string }).code);
  });
  app.get('/fail', async (req) => {
    throw new Error('Failed query', { cause: new Error((req.query as { message: string }).message) });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('database errors in the error handler', () => {
  it.each([
    ['22021', 400, 'A value could not be stored as given.'], // character_not_in_repertoire (NUL)
    ['22001', 400, 'A value could not be stored as given.'], // string_data_right_truncation
    ['22P05', 400, 'A value could not be stored as given.'], // untranslatable_character
    ['22012', 400, 'A value could not be stored as given.'], // division_by_zero
    ['22P02', 400, 'A value has the wrong format.'],
    ['22003', 400, 'A number is out of range.'],
    ['22008', 400, 'A date is out of range.'],
    ['23505', 409, 'That record already exists.'],
  ])('SQLSTATE %s → %i', async (code, status, message) => {
    const res = await app.inject({ method: 'GET', url: `/throw/${code}` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ message });
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '53300'])(
    'connection failure %s → 503 with a clear message',
    async (code) => {
      const res = await app.inject({ method: 'GET', url: `/throw/${code}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    },
  );

  // pg's words for a silent database: no free connection in time, a new one not connected in time, no answer.
  it.each([
    'Connection terminated unexpectedly',
    'PGlite is closed',
    'timeout exceeded when trying to connect',
    'Connection terminated due to connection timeout',
    'Query read timeout',
  ])('"%s" → 503 with Retry-After', async (message) => {
    const res = await app.inject({ method: 'GET', url: `/fail?message=${encodeURIComponent(message)}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
  });

  it('leaves an unknown failure a 500 without details', async () => {
    const res = await app.inject({ method: 'GET', url: '/throw/XX000' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
  });
});
