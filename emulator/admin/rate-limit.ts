/**
 * The account's rate limit: one token bucket for every request outside /_emulator/ (any key, the root
 * token, no token: the emulator is one account). The bucket is pure arithmetic over an injectable clock;
 * `RateLimiter` adds the settings (wire shape of `rate_limit` in /_emulator/faults) and the headers.
 */
import { z } from "zod";
import { preview } from "../errors";
import { addRule, parseBody } from "../state/validation";
import type { RateLimitOption, RateLimitSettings } from "../options";

export type { RateLimitOption, RateLimitSettings };

/** Five seconds' worth of requests, at least one. */
export const defaultBurst = (perMinute: number): number => Math.max(1, Math.ceil(perMinute / 12));

const perMinute = z.number().superRefine((value, ctx) => {
  if (!(value > 0)) addRule(ctx, [], "must be greater than 0", preview(value));
});

/** `null` is off; a PUT may leave out everything but `per_minute`. */
export const rateLimitSchema = z
  .strictObject({
    per_minute: perMinute,
    burst: z.number().int().min(1).optional(),
    retry_after: z.boolean().optional(),
    headers: z.boolean().optional(),
  })
  .nullable();

/** The parsed wire value with its defaults. */
export function withDefaults(parsed: z.output<typeof rateLimitSchema>): RateLimitSettings | null {
  if (parsed === null) return null;
  return {
    per_minute: parsed.per_minute,
    burst: parsed.burst ?? defaultBurst(parsed.per_minute),
    retry_after: parsed.retry_after ?? true,
    headers: parsed.headers ?? false,
  };
}

const alone = z.strictObject({ rate_limit: rateLimitSchema });

/** A `rate_limit` value on its own (option, flags), with the errors a PUT would give (`rate_limit.burst`). */
export function parseRateLimit(value: unknown): RateLimitSettings | null {
  return withDefaults(parseBody(alone, { rate_limit: value }).rate_limit);
}

const OPTION_KEYS: Record<string, keyof RateLimitSettings> = {
  perMinute: "per_minute",
  burst: "burst",
  retryAfter: "retry_after",
  headers: "headers",
};

/**
 * The `rateLimit` option as a wire value for `rateLimitSchema` (0 or undefined: null, off). Keys the
 * option does not know are refused here, naming the option, since the wire schema cannot see them.
 */
export function rateLimitOptionToWire(option: RateLimitOption | undefined): unknown {
  if (option === undefined || option === 0) return null;
  if (typeof option !== "object" || option === null || Array.isArray(option)) return { per_minute: option };
  const wire: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(option)) {
    const field = OPTION_KEYS[key];
    if (field === undefined) throw new Error(`rateLimit.${key}: unknown option (accepted: ${Object.keys(OPTION_KEYS).join(", ")})`);
    if (value !== undefined) wire[field] = value;
  }
  if (wire.per_minute === 0) return null;
  return wire;
}

/** A wire field name (`rate_limit.per_minute`) as the option's (`rateLimit.perMinute`). */
export function optionName(field: string): string {
  const [head, tail] = field.split(".", 2);
  if (head !== "rate_limit") return field;
  const key = Object.keys(OPTION_KEYS).find((k) => OPTION_KEYS[k] === tail);
  return tail === undefined ? "rateLimit" : `rateLimit.${key ?? tail}`;
}

/** How one request fared: `remaining` whole tokens left, and the waits in ms. */
export interface BucketDecision {
  allowed: boolean;
  remaining: number;
  /** Until one token is there (0 when allowed). */
  retryAfterMs: number;
  /** Until the bucket is full again. */
  resetMs: number;
}

/**
 * A token bucket that starts full and refills continuously. Tokens are kept in units of 1/60000 token
 * (one ms of a 1/min rate), so with whole-ms clocks and whole rates the arithmetic is exact.
 */
export class TokenBucket {
  private static readonly UNIT = 60_000;
  private level: number;
  private last: number;

  constructor(
    readonly perMinute: number,
    readonly burst: number,
    private readonly now: () => number,
  ) {
    this.level = burst * TokenBucket.UNIT;
    this.last = now();
  }

  /** Takes one token if there is one. */
  take(): BucketDecision {
    const { UNIT } = TokenBucket;
    const at = this.now();
    // A clock that steps back must not drain the bucket.
    const elapsed = Math.max(0, at - this.last);
    this.last = Math.max(this.last, at);
    this.level = Math.min(this.burst * UNIT, this.level + elapsed * this.perMinute);
    const allowed = this.level >= UNIT;
    if (allowed) this.level -= UNIT;
    return {
      allowed,
      remaining: Math.floor(this.level / UNIT),
      retryAfterMs: allowed ? 0 : (UNIT - this.level) / this.perMinute,
      resetMs: (this.burst * UNIT - this.level) / this.perMinute,
    };
  }
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The message of the 429 (when refused). */
  message: string;
  /** Headers for the answer: RateLimit-* when `headers` is on; Retry-After on a refusal when `retry_after` is. */
  headers: Record<string, string>;
}

const wholeSeconds = (ms: number) => Math.ceil(ms / 1000);

/** The settings (null: off) and their bucket; changed settings start a new, full bucket. */
export class RateLimiter {
  private current: RateLimitSettings | null = null;
  private bucket: TokenBucket | null = null;

  constructor(
    settings: RateLimitSettings | null = null,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.settings = settings;
  }

  get settings(): RateLimitSettings | null {
    return this.current && { ...this.current };
  }

  set settings(next: RateLimitSettings | null) {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next && { ...next };
    this.bucket = next && new TokenBucket(next.per_minute, next.burst, this.now);
  }

  /** One request's token; null when there is no limit. */
  take(): RateLimitDecision | null {
    if (!this.current || !this.bucket) return null;
    const { per_minute, retry_after, headers } = this.current;
    const decision = this.bucket.take();
    const out: Record<string, string> = {};
    if (headers) {
      out["RateLimit-Limit"] = String(per_minute);
      out["RateLimit-Remaining"] = String(decision.remaining);
      out["RateLimit-Reset"] = String(wholeSeconds(decision.resetMs));
      out["RateLimit-Policy"] = `${per_minute};w=60`;
    }
    if (!decision.allowed && retry_after) out["Retry-After"] = String(Math.max(1, wholeSeconds(decision.retryAfterMs)));
    return { allowed: decision.allowed, message: `Your account is rate limited to ${per_minute} API requests per minute.`, headers: out };
  }
}
