import { LIVE_TAB_HEADER } from '../../shared/contracts/live';
import type { AddressArgs, FileRoute, InputArgs, JsonRoute, Route, RouteInput, RouteReply } from '../../shared/routes/types';
import { TAB_ID } from './tab-id';

/**
 * The one HTTP client of the web app: cookies always, JSON only when a body is sent. Every call names a
 * route of the shared table (`src/shared/routes`, decision 070), which gives its path, body and reply types.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly issues?: Array<{ path: string; message: string }>;
  /** The whole JSON body, for refusals that carry more than a message (a coverage 409's days, decision 098). */
  readonly body?: unknown;
  constructor(status: number, message: string, issues?: Array<{ path: string; message: string }>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.body = body;
  }
}

/** Spec §8: the body's message if it parses as JSON, otherwise the raw text, otherwise the status text. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; issues?: ApiError['issues'] };
    if (typeof body.message === 'string' && body.message) return new ApiError(res.status, body.message, body.issues, body);
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(res.status, text.trim() || res.statusText || `HTTP ${res.status}`);
}

type LooseInput = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } | undefined;

export const methodOf = (route: Route) => route.slice(0, route.indexOf(' '));

/** A route's address: its path parameters filled in and its query string appended, unset values left out. */
export function urlOf<K extends Route>(route: K, ...[input]: AddressArgs<K>): string {
  const { params, query } = (input ?? {}) as NonNullable<LooseInput>;
  const path = route.slice(route.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const pairs = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  const search = new URLSearchParams(pairs.map(([k, v]) => [k, String(v)])).toString();
  return search ? `${path}?${search}` : path;
}

/** The body a change sends: the given one, else `{}` (the server parses JSON on every change). */
export function bodyOf(route: Route, input: unknown): unknown {
  const body = (input as LooseInput)?.body;
  return body === undefined && ['POST', 'PUT', 'PATCH'].includes(methodOf(route)) ? {} : body;
}

/** The only `fetch` of the signed-in app: cookies always, a JSON body when one is given, this tab's live id. */
function send<K extends Route>(route: K, input: RouteInput<K> | undefined): Promise<Response> {
  const body = bodyOf(route, input);
  return fetch(urlOf(route, ...([input] as AddressArgs<K>)), {
    method: methodOf(route),
    credentials: 'include',
    headers: body === undefined ? { [LIVE_TAB_HEADER]: TAB_ID } : { 'Content-Type': 'application/json', [LIVE_TAB_HEADER]: TAB_ID },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A reply as it came, for callers that must tell a non-JSON reply from a refusal (spec §6 authorise-multiple). */
export interface RawReply {
  status: number;
  ok: boolean;
  contentType: string | null;
  text: string;
}

export async function requestRaw<K extends JsonRoute>(route: K, ...[input]: InputArgs<K>): Promise<RawReply> {
  const res = await send(route, input);
  return { status: res.status, ok: res.ok, contentType: res.headers.get('content-type'), text: await res.text() };
}

/** Calls a JSON route: its reply, or an ApiError carrying the server's `{ message }`. */
export async function api<K extends JsonRoute>(route: K, ...[input]: InputArgs<K>): Promise<RouteReply<K>> {
  const res = await send(route, input);
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as RouteReply<K>;
}

/** Calls a route that answers a file: the response as it came, for the caller to read or refuse. */
export function fetchFile<K extends FileRoute>(route: K, ...[input]: InputArgs<K>): Promise<Response> {
  return send(route, input);
}

export const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
