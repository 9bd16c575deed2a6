/**
 * The types and constants of `startEmulator`'s options, apart from the modules that check them: the
 * public declarations (`@edge-ingress/pulumi/emulator`) reach this file and ./log only, never a zod type
 * (zod's declarations need `esModuleInterop`).
 */

export const FAULT_KINDS = ["429", "503", "reset", "timeout"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The settings on the wire (GET/PUT /_emulator/faults). */
export interface FaultSettings {
  /** Each request waits a whole number of ms, uniform in [min, max]. */
  latency_ms: [number, number];
  fault_rate: number;
  /** Which kinds may be injected; one is picked uniformly for a faulted request. */
  faults: FaultKind[];
  /** The account's rate limit (null: off). Absent in a PUT: unchanged; a GET always shows it. */
  rate_limit?: RateLimitSettings | null;
}

/** The settings on the wire (`rate_limit` of GET/PUT /_emulator/faults), defaults filled in. */
export interface RateLimitSettings {
  /** Refill rate, tokens per minute (> 0). */
  per_minute: number;
  /** Bucket size: how many requests may go through at once after a quiet time. */
  burst: number;
  /** Send `Retry-After` (whole seconds until a token is available) with a 429. */
  retry_after: boolean;
  /** Send `RateLimit-Limit/-Remaining/-Reset/-Policy` on every limited-route answer. */
  headers: boolean;
}

/** `startEmulator({ rateLimit })`: a number is `perMinute`; 0 (or absent) is off. */
export type RateLimitOption = number | { perMinute: number; burst?: number; retryAfter?: boolean; headers?: boolean };

/**
 * What a weighted or failover backend PATCH that did not send `backends` answers: the stored value
 * (default), or an empty one as the spec's samples show (§2.10, §2.11). The stored state is the same.
 */
export const UPDATE_ANSWERS = ["stored", "spec"] as const;
export type UpdateAnswers = (typeof UPDATE_ANSWERS)[number];
