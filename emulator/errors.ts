/**
 * API errors shared by the state rules and the HTTP layer. The code → status table is the single source
 * for both; docs/api-choices.md documents every code.
 */
export const ERROR_STATUS = {
  MALFORMED_JSON: 400,
  INVALID_FIELD: 400,
  UNKNOWN_FIELD: 400,
  MISSING_FIELD: 400,
  IMMUTABLE_FIELD: 400,
  INVALID_QUERY: 400,
  UNSUPPORTED_VERSION: 400,
  INVALID_HEADER: 400,
  IDEMPOTENCY_KEY_REUSED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  BODY_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    msg: string,
    /** Extra `details` members besides operation_id (e.g. field, rule). */
    readonly details: Readonly<Record<string, string>> = {},
    /** Extra response headers (e.g. Allow on 405). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.name = "ApiError";
    this.status = ERROR_STATUS[code];
  }
}

/** JSON type name of a value: null, array, object, string, number, boolean. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A short rendering of a user value for messages (never used for headers or tokens). */
export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? typeName(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A validation failure on one wire field: `msg` reads `<field>: <rule>[, got <got>]`. */
export function fieldError(code: ErrorCode, field: string, rule: string, got?: string): ApiError {
  const msg = got === undefined ? `${field}: ${rule}` : `${field}: ${rule}, got ${got}`;
  return new ApiError(code, msg, { field, rule });
}
