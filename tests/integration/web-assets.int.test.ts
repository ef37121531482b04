import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import type { App } from '../../src/server/http/types';
import { startTestApp, type TestApp } from './harness';

/** Compressed and cached serving of the web app and the API (decision 033). */

let t: TestApp;
let web: App;
const webDir = path.resolve('.test-data/web-assets-web');
// 40 copies of one 37-byte line: 1,480 bytes that brotli packs into a few dozen.
const SCRIPT = 'console.log("hoursight asset line");\n'.repeat(40);
const INDEX = `<!doctype html><html><head><title>Hoursight</title></head><body>${'<div id="root"></div>'.repeat(20)}</body></html>`;

beforeAll(async () => {
  t = await startTestApp();
  rmSync(webDir, { recursive: true, force: true });
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX);
  writeFileSync(path.join(webDir, 'boot.js'), 'void 0;\n');
  writeFileSync(path.join(webDir, 'assets', 'app-Ab12Cd34.js'), SCRIPT);
  expect(precompressDir(webDir)).toBe(3);
  const { buildApp } = await import('../../src/server/app');
  web = await buildApp(
    { database: t.database, config: { appUrl: 'http://localhost:3000' }, mailer: t.mailer, now: () => new Date() },
    { webDir },
  );
});
afterAll(async () => {
  await web?.close();
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  web.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('static files', () => {
  it('sends the brotli file to a client that accepts brotli, cached for a year as immutable', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(200);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the browser revalidate index.html, at / and as the fallback for client routes, compressed', async () => {
    for (const url of ['/', '/index.html', '/employees', '/calendar']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('has the browser revalidate unhashed files outside /assets/', async () => {
    const res = await get('/boot.js', 'br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('void 0;\n');
  });

  it('answers 404 for a missing asset, without serving index.html in its place', async () => {
    const res = await get('/assets/missing-00000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });
});

describe('API answers', () => {
  it('compresses JSON on the fly by Accept-Encoding and keeps it out of caches', async () => {
    const cookie = await t.login('admin@demo.example');
    const plain = await t.request('GET', '/api/employees', { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024); // past the threshold below which compressing does not pay

    const br = await t.request('GET', '/api/employees', { cookie, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.request('GET', '/api/employees', { cookie, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers alone', async () => {
    const res = await t.request('GET', '/api/auth/me', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body)).toHaveProperty('message');
  });
});
