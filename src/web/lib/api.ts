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

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
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
