/** Domain error codes and the HTTP status each one maps to. */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A JSON value a refusal carries beside its message. */
export type ErrorDetail = string | number | boolean | null | readonly ErrorDetail[] | { readonly [key: string]: ErrorDetail };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Fields the reply carries beside `message`, for a client that acts on them (e.g. a confirmation's counts, a shortfall's days). */
  readonly details?: Readonly<Record<string, ErrorDetail>>;

  constructor(code: ErrorCode, message: string, details?: Readonly<Record<string, ErrorDetail>>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    if (details) this.details = details;
  }
}

/** A row that does not exist, or that the caller may not see: both answer the same 404. */
export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);
