import { LIVE_TAB_HEADER } from '../../shared/contracts/live';
import { TAB_ID } from './tab-id';

/** The one HTTP client of the web app: cookies always, JSON only when a body is sent. */
export class ApiError extends Error {
  readonly status: number;
  readonly issues?: Array<{ path: string; message: string }>;
  constructor(status: number, message: string, issues?: Array<{ path: string; message: string }>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
  }
}

/** Spec §8: the body's message if it parses as JSON, otherwise the raw text, otherwise the status text. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown; issues?: ApiError['issues'] };
    if (typeof body.message === 'string' && body.message) return new ApiError(res.status, body.message, body.issues);
  } catch {
    // not JSON: fall through to the raw text
  }
  return new ApiError(res.status, text.trim() || res.statusText || `HTTP ${res.status}`);
}

/** The only `fetch` of the web app: cookies always, a JSON body when one is given, this tab's live id. */
function send(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
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

export async function requestRaw(method: string, path: string, body?: unknown): Promise<RawReply> {
  const res = await send(method, path, body);
  return { status: res.status, ok: res.ok, contentType: res.headers.get('content-type'), text: await res.text() };
}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(method, path, body);
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body ?? {});
export const put = <T>(path: string, body: unknown) => api<T>('PUT', path, body);
export const patch = <T>(path: string, body: unknown) => api<T>('PATCH', path, body);
export const del = <T>(path: string) => api<T>('DELETE', path);

export const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
