/**
 * One error hierarchy for everything the client throws. Messages carry method, path, status and
 * codes, never request headers, tokens or request bodies.
 */
import { camelCaseKeys, wirePathToCamel } from "./case";
import { NOT_SENT_CODES } from "./retry";

/** The request an error belongs to: method and path (with query), no headers. */
export interface RequestInfo {
  method: string;
  path: string;
  /** The whole URL (origin, path, query), for errors that must say where the request went. */
  url?: string;
}

export type ResponseHeaders = Record<string, string | string[] | undefined>;

/** One failed rule, from client-side validation or a response that broke its schema. */
export interface ValidationIssue {
  /** camelCase path, e.g. `ipPolicyIds[0]`; empty for the whole value. */
  field: string;
  /** The rule as a phrase, e.g. `must be at most 255 bytes (UTF-8), got 300 bytes`, `is required` (as the service's `details.rule`). */
  rule: string;
}

/** `details` of an error body, camelCase; `field` is converted to TypeScript naming. */
export interface ErrorDetails {
  operationId?: string;
  field?: string;
  rule?: string;
  [key: string]: unknown;
}

export const OPERATION_ID_HEADER = "edge-ingress-operation-id";

export class EdgeIngressError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The service answered with a non-2xx status. */
export class APIError extends EdgeIngressError {
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly operationId: string | undefined;
  readonly details: ErrorDetails;
  readonly method: string;
  readonly path: string;

  constructor(
    status: number,
    errorCode: string | undefined,
    msg: string,
    details: ErrorDetails,
    operationId: string | undefined,
    request: RequestInfo,
  ) {
    const field = details.field ? ` (field ${details.field}${details.rule ? `, rule ${details.rule}` : ""})` : "";
    const op = operationId ? ` [operation ${operationId}]` : "";
    super(`${status} ${errorCode ?? "(no error code)"} on ${request.method} ${request.path}: ${msg}${field}${op}`);
    this.status = status;
    this.errorCode = errorCode;
    this.operationId = operationId;
    this.details = details;
    this.method = request.method;
    this.path = request.path;
  }
}

export class BadRequestError extends APIError {}
export class AuthenticationError extends APIError {}
export class PermissionDeniedError extends APIError {}
/** The API's own answer that this resource does not exist: the one 404 that means "gone". */
export class NotFoundError extends APIError {}
/**
 * A 404 that is not the API's not-found for a resource: no such route (a wrong base URL), or a body
 * that is not the API's error shape (a proxy or another server). Never read as "gone".
 */
export class RouteNotFoundError extends APIError {}
export class ConflictError extends APIError {}
export class UnprocessableEntityError extends APIError {}
export class RateLimitError extends APIError {}
export class InternalServerError extends APIError {}

const STATUS_CLASSES: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * The single factory for API errors: picks the class by status and reads the service's error body
 * `{error_code, status_code, msg, details: {operation_id, field?, rule?}}`, tolerating any other body.
 * `note` follows the service's message (what the client did about the error).
 */
export function makeApiError(status: number, body: unknown, headers: ResponseHeaders, request: RequestInfo, note?: string): APIError {
  const wire = asRecord(body);
  const details = asRecord(camelCaseKeys(wire.details)) as ErrorDetails;
  if (typeof details.field === "string") details.field = wirePathToCamel(details.field);
  const operationId = asString(headerValue(headers, OPERATION_ID_HEADER)) ?? asString(details.operationId);
  const msg = asString(wire.msg) ?? (typeof body === "string" ? body.slice(0, 200) : "");
  const code = asString(wire.error_code);
  if (status === 404 && !isResourceNotFound(wire, code)) {
    const what = code ? `${code}: ${msg}` : "the answer is not the API's error body";
    const where = request.url ?? request.path;
    return new RouteNotFoundError(status, code, `${where} is not an API route (${what}); check the API URL`, details, operationId, request);
  }
  const Class = STATUS_CLASSES[status] ?? (status >= 500 ? InternalServerError : APIError);
  const text = msg || "request failed";
  return new Class(status, code, note ? `${text}${/[.!?]$/.test(text) ? "" : "."} ${note}` : text, details, operationId, request);
}

/** Error codes of a 404 that concern the path itself, not a resource. */
const ROUTE_CODES: ReadonlySet<string> = new Set(["ROUTE_NOT_FOUND"]);

/** The API's error body (`error_code`, `status_code` 404, `msg`) with a resource-level code. */
function isResourceNotFound(wire: Record<string, unknown>, code: string | undefined): boolean {
  return code !== undefined && !ROUTE_CODES.has(code) && wire.status_code === 404 && typeof wire.msg === "string";
}

/** The request never got a usable response: the raw transport error is kept as `cause`. */
export class APIConnectionError extends EdgeIngressError {
  readonly code: string | undefined;
  readonly method: string;
  readonly path: string;
  /** The failure came before any byte was sent: the service certainly did not act on the request. */
  readonly certainlyNotSent: boolean;

  constructor(cause: unknown, request: RequestInfo, what = "connection error") {
    const code = asString(asRecord(cause).code);
    // Only the code goes into the message: transport messages are not ours to vouch for.
    super(`${what} on ${request.method} ${request.path}${code ? ` (${code})` : ""}`, { cause });
    this.code = code;
    this.certainlyNotSent = code !== undefined && NOT_SENT_CODES.has(code);
    this.method = request.method;
    this.path = request.path;
  }
}

export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(cause: unknown, request: RequestInfo) {
    super(cause, request, "request timed out");
  }
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);

/** Wraps a transport failure; our own errors pass through unchanged. */
export function wrapTransportError(err: unknown, request: RequestInfo): EdgeIngressError {
  if (err instanceof EdgeIngressError) return err;
  const code = asRecord(err).code;
  return typeof code === "string" && TIMEOUT_CODES.has(code)
    ? new APIConnectionTimeoutError(err, request)
    : new APIConnectionError(err, request);
}

function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => (i.field ? `${i.field}: ${i.rule}` : i.rule)).join("; ");
}

/** Parameters failed client-side validation; nothing was sent. `field`/`rule` are the first issue's. */
export class ValidationError extends EdgeIngressError {
  readonly field: string;
  readonly rule: string;
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], hint?: string) {
    super(`invalid input: ${describeIssues(issues)}${hint ? ` (${hint})` : ""}`);
    this.issues = issues;
    this.field = issues[0]?.field ?? "";
    this.rule = issues[0]?.rule ?? "";
  }
}

/** A 2xx response whose body is not what the API describes (not JSON, or fails the response schema). */
export class UnexpectedResponseError extends EdgeIngressError {
  readonly status: number;
  readonly operationId: string | undefined;
  readonly method: string;
  readonly path: string;
  readonly issues: readonly ValidationIssue[];

  constructor(status: number, operationId: string | undefined, request: RequestInfo, issues: readonly ValidationIssue[]) {
    super(`unexpected ${status} response body on ${request.method} ${request.path}: ${describeIssues(issues)}`);
    this.status = status;
    this.operationId = operationId;
    this.method = request.method;
    this.path = request.path;
    this.issues = issues;
  }
}
