import fc from 'fast-check';
import { objectsFor, fitting, wrongValue, type JsonSchema } from './fuzz-values';

/**
 * The requests the route fuzz sends to one route: fixed bad path parameters, query strings, bodies and headers,
 * then bodies and queries drawn by fast-check from the route's own schemas (fuzz-values.ts).
 */

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** false: the request carries its own (broken) credentials instead of the role's session. */
  auth: boolean;
}

export interface RouteShape {
  method: string;
  url: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
}

/** Path parameter values, already as they appear in a URL: out of range, not numbers, encoded oddly. */
export const PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '9007199254740992',
  '1e309',
  'abc',
  '%00',
  'x'.repeat(10_240),
  '%F0%9F%98%80',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded
  '..%2F..%2F',
  '../',
  '%E0%A4%A', // a broken percent-encoding
  '1.5',
  // Number() reads these as numbers; kept clear of real ids, so a coerced one cannot hit the demo's own rows.
  '%202000000001',
  '0x7fffffff',
];

/** An id no row has: path parameters of the fast-check cases use it where a real id could lock the test out. */
export const MISSING_ID = '2000000000';
const JSON_TYPE = 'application/json';

/** Bodies that are not the JSON object a route expects: other types, broken or hostile JSON, too large. */
const RAW_BODIES: Array<[string | undefined, string | Buffer]> = [
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  [JSON_TYPE, '{"broken":'],
  [JSON_TYPE, ''],
  [JSON_TYPE, 'null'],
  [JSON_TYPE, '"text"'],
  [JSON_TYPE, '[1,2,3]'],
  [JSON_TYPE, '{"__proto__":{"isAdmin":true}}'],
  [JSON_TYPE, '{"constructor":{"prototype":{"isAdmin":true}}}'],
  [JSON_TYPE, '['.repeat(100_000) + ']'.repeat(100_000)],
  [JSON_TYPE, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x00, 0xc0, 0x22, 0x7d])],
  ['application/json; charset=utf-16', '{"a":1}'],
  [JSON_TYPE, 'x'.repeat(300 * 1024)],
  ['application/xml', '<a/>'],
  [undefined, 'no type'],
];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);
const fill = (url: string, values: Record<string, string>) => url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? MISSING_ID);

function queryString(values: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      q.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The fixed cases: each path parameter through PATH_VALUES, odd query strings, raw bodies and broken credentials. */
export function fixedCases(route: RouteShape): FuzzRequest[] {
  const base = (url: string, more: Partial<FuzzRequest> = {}): FuzzRequest => ({
    method: route.method,
    url,
    headers: {},
    auth: true,
    ...more,
  });
  const cases: FuzzRequest[] = [];
  const jsonBody = MUTATING.has(route.method) ? { headers: { 'content-type': JSON_TYPE }, payload: '{}' } : {};
  for (const name of paramNames(route.url)) for (const v of PATH_VALUES) cases.push(base(fill(route.url, { [name]: v }), jsonBody));

  const url = fill(route.url, {});
  const keys = Object.keys(route.query?.properties ?? {});
  const key = (i: number) => keys[i % keys.length];
  // Unknown keys everywhere; the route's own keys, where it reads a query, as arrays, twice, NUL, broken, huge.
  cases.push(
    base(`${url}?unknownKey=1&__proto__[isAdmin]=1&constructor[prototype]=1&${'k'.repeat(2_000)}=${'v'.repeat(10_240)}`, jsonBody),
  );
  if (keys.length)
    cases.push(
      base(`${url}?${key(0)}=${'q'.repeat(10_240)}`, jsonBody),
      base(`${url}?${key(1)}[]=1&${key(1)}[]=2`, jsonBody),
      base(`${url}?${key(2)}=1&${key(2)}=2`, jsonBody),
      base(`${url}?${key(3)}=%00`, jsonBody),
      base(`${url}?${key(4)}=%E0%A4%A`, jsonBody),
      base(`${url}?${keys.map((k) => `${k}=-1e309`).join('&')}`, jsonBody),
    );

  if (MUTATING.has(route.method))
    for (const [type, payload] of RAW_BODIES) cases.push(base(url, { headers: type ? { 'content-type': type } : {}, payload }));
  else cases.push(base(url, { headers: { 'content-type': JSON_TYPE }, payload: '{"a":1}' }));

  cases.push(
    base(url, { auth: false, headers: { authorization: `Bearer hs_${'A'.repeat(40)}` } }),
    base(url, { auth: false, headers: { authorization: 'Basic Zm9vOmJhcg==', cookie: 'hs_session=%ff%00; hs_session=x' } }),
    base(url, { headers: { origin: 'https://evil.example', 'content-type': 'text/plain', 'if-none-match': '"\u00ff"' }, payload: '{}' }),
  );
  return cases;
}

/**
 * The fast-check cases: a query and a body from the route's schemas, and path parameters that are mostly
 * small ids (rows that exist, so the body reaches the handler's logic) unless `safeIdsOnly`.
 */
export function generatedCases(
  route: RouteShape,
  opts: { seed: number; runs: number; csv: fc.Arbitrary<string>; safeIdsOnly: boolean },
): FuzzRequest[] {
  const names = paramNames(route.url);
  const idValue = opts.safeIdsOnly ? fc.constant(MISSING_ID) : fc.constantFrom('1', '2', '3', '5', MISSING_ID);
  const paramArb = fc.record(
    Object.fromEntries(
      names.map((n) => [
        n,
        route.params?.properties?.[n]?.type === 'string' ? fitting(route.params.properties[n], n).map(String) : idValue,
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const queryArb = route.query ? objectsFor(route.query, opts.csv) : fc.constant({});
  const bodyArb = MUTATING.has(route.method) ? objectsFor(route.body, opts.csv) : fc.constant(undefined);
  const arb = fc.record({
    params: paramArb,
    query: queryArb,
    body: bodyArb,
    junk: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: wrongValue }),
  });
  return fc.sample(arb, { seed: opts.seed, numRuns: opts.runs }).map(({ params, query, body, junk }): FuzzRequest => {
    const q = query !== null && typeof query === 'object' && !Array.isArray(query) ? (query as Record<string, unknown>) : { q: query };
    const url = fill(route.url, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]))) + queryString(q);
    // Now and then a value of any kind in place of the whole body.
    const payload = body === undefined ? undefined : JSON.stringify(junk === undefined ? body : junk);
    const headers: Record<string, string> = payload === undefined ? {} : { 'content-type': JSON_TYPE };
    return { method: route.method, url, headers, payload, auth: true };
  });
}
