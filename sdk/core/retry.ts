/**
 * When and how long to retry. The loop itself is undici's retry interceptor (RetryHandler): it
 * re-dispatches the request and drops the failed attempt's body; this module only supplies its
 * `retry` callback, one per request, so attempts and elapsed time are counted per request.
 * The rule is written down in docs/sdk.md.
 */
import { interceptors, type RetryHandler } from "undici";
import { backoffDelay } from "./backoff";
import type { ResponseHeaders } from "./errors";
import type { Pacer, Ticket } from "./pacer";
import { NOT_SENT_CODES, TRANSIENT_CODES } from "./transport-codes";

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** No retry is started whose wait would end later than this after the first attempt began. */
  maxRetryTimeMs: number;
}

export const DEFAULT_MAX_RETRIES = 4;
export const DEFAULT_MAX_RETRY_TIME_MS = 60_000;

/** PATCH sets absolute values in this API, so repeating it is harmless. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(["GET", "PUT", "PATCH", "DELETE"]);

/** What went wrong with one attempt: an HTTP status, or a transport error code. */
export interface Failure {
  status?: number;
  code?: string;
  retryAfter?: string;
}

/**
 * `repeatable`: the request may be sent twice without acting twice (an idempotent method, or a POST
 * with an idempotency key that the service honours).
 */
export function isRetryable(method: string, failure: Failure, repeatable = IDEMPOTENT_METHODS.has(method.toUpperCase())): boolean {
  const idempotent = repeatable;
  if (failure.status !== undefined) {
    return failure.status === 429 || (idempotent && failure.status >= 500);
  }
  const code = failure.code ?? "";
  return idempotent ? TRANSIENT_CODES.has(code) : NOT_SENT_CODES.has(code);
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; undefined if absent or malformed. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The wait before retry number `retry` (1-based), or undefined to give up. */
export function nextDelay(
  method: string,
  failure: Failure,
  retry: number,
  elapsedMs: number,
  policy: RetryPolicy,
  now: number,
  repeatable?: boolean,
): number | undefined {
  if (retry > policy.maxRetries || !isRetryable(method, failure, repeatable)) return undefined;
  const delay = parseRetryAfter(failure.retryAfter, now) ?? backoffDelay(retry);
  return elapsedMs + delay > policy.maxRetryTimeMs ? undefined : delay;
}

function failureOf(err: Error): Failure {
  const e = err as Error & { statusCode?: unknown; code?: unknown; headers?: Record<string, string | string[] | undefined> };
  // undici reports a retryable status as RequestRetryError carrying statusCode and the response headers.
  if (typeof e.statusCode === "number") {
    const retryAfter = e.headers?.["retry-after"];
    return { status: e.statusCode, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter };
  }
  return { code: typeof e.code === "string" ? e.code : undefined };
}

/**
 * A request's pacing (sdk/core/pacer.ts): the account's pacer, how long a 429 may be waited out, and the
 * attempt in flight, shared by HttpClient.request (first attempt, final answer) and the retry callback.
 */
export interface Pacing {
  pacer: Pacer;
  waitMs: number;
  /** The attempt sent and not yet answered. */
  ticket?: Ticket;
  /** The account let nothing through for `waitMs`: the last 429 is the answer. */
  gaveUp?: boolean;
}

/** Tells the pacer what the attempt in flight got back. */
export function settle(pacing: Pacing | undefined, answer: { status?: number; headers?: ResponseHeaders }): void {
  if (!pacing?.ticket) return;
  const ticket = pacing.ticket;
  pacing.ticket = undefined;
  pacing.pacer.answered(ticket, answer);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The per-request `retry` callback for undici's retry interceptor. With `pacing`, every retry waits for
 * its turn at the account's pacer, and a 429 is retried without a count or time limit until the account
 * has let nothing through for `pacing.waitMs`; the time spent so is not counted in `maxRetryTimeMs`.
 */
export function retryCallback(method: string, policy: RetryPolicy, repeatable?: boolean, pacing?: Pacing): RetryHandler.RetryCallback {
  const startedAt = Date.now();
  let retries = 0;
  let limitedMs = 0;
  let refusals = 0;
  /** The next attempt goes when its turn comes (a wait the request's budget does not pay for); undici sends it on done(null). */
  const resend = async (done: (err?: Error | null) => void) => {
    if (pacing) {
      const queued = Date.now();
      pacing.ticket = await pacing.pacer.acquire();
      limitedMs += Date.now() - queued;
    }
    done(null);
  };
  return (err, _context, done) => {
    const now = Date.now();
    const failure = failureOf(err);
    settle(pacing, { status: failure.status, headers: (err as { headers?: ResponseHeaders }).headers });
    if (pacing && failure.status === 429) {
      const wait = pacing.pacer.refused(parseRetryAfter(failure.retryAfter, now), pacing.waitMs, ++refusals);
      if (wait === undefined) {
        pacing.gaveUp = true;
        return done(err);
      }
      void sleep(wait).then(() => {
        limitedMs += wait;
        return resend(done);
      });
      return;
    }
    const delay = nextDelay(method, failure, retries + 1, now - startedAt - limitedMs, policy, now, repeatable);
    if (delay === undefined) return done(err);
    retries += 1;
    setTimeout(() => void resend(done), delay);
  };
}

/**
 * undici's retry interceptor. `throwOnError: false` makes it hand the last response (body included)
 * to us when it stops retrying, so the final error still carries the service's error body.
 */
export function retryInterceptor() {
  return interceptors.retry({ throwOnError: false });
}
