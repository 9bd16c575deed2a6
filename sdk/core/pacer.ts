/**
 * Pacing per account: the service limits each account (every key, every process), so a 429 is a
 * signal to send slower, not a failure. One Pacer per process, API URL and key (`pacerFor`) gates every
 * attempt of every request of every client of that account, retries included. The rule is written
 * down in docs/sdk.md ("Rate limits").
 *
 * Unpaced until the account shows a limit (a 429, or rate-limit headers); from then on attempts leave
 * one by one, FIFO, at a send rate learnt AIMD-like: a 429 to an attempt sent after the last decrease
 * lowers the rate to what the account let through since the decrease before (a token bucket's refill
 * rate, when we sent faster than it) or by BETA, whichever is lower; every accepted answer to an
 * attempt that had to wait raises it by GROWTH. Several processes on one account each lower their
 * rate on their own 429s, so together they settle at the account's rate.
 */
import { createHash } from "node:crypto";
import { appendFileSync } from "node:fs";
import type { ResponseHeaders } from "./errors";
import { backoffDelay } from "./backoff";

export interface PacerClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** How long a request waits while the account lets nothing through before it fails (5 min). */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 300_000;

/** Multiplicative decrease on a 429. */
const BETA = 0.85;
/** Margin under the measured rate after a decrease: tokens build up again before the rate passes it. */
const MARGIN = 0.9;
/**
 * Growth of the rate per second while attempts wait their turn, doubling every ACCELERATION_MS since the
 * last decrease: slow near the account's rate, fast once nothing has been refused for a few seconds
 * (another process on the account finished, or took less than its share). Per second, not per answer: a
 * process with a small share grows as fast as one with a large share, and the one sending more meets more
 * 429s, so shares even out. A 429 costs one refused attempt, a rate left under the account's costs the
 * whole time it stays there: two processes that had split the burst unevenly, or one alone after the
 * other finished, used to sit at half the account's rate for most of a short phase (30 s doubling).
 */
const GROWTH_PER_S = 0.003;
const ACCELERATION_MS = 1_500;
/** Never slower than one attempt per 10 s: a limit lower than that is not one to pace against. */
const MIN_RATE = 0.1;
/** The first rate when little went through before the first 429 (another process drained the account). */
const FIRST_RATE = 1;
/** Accepted answers since the last decrease needed to measure the account's rate from them. */
const MIN_SAMPLES = 3;
/**
 * The window of accepted answers that gives the first rate, and the least span it is divided by: a
 * bucket's burst is commonly a few seconds' worth, and dividing a fresh process's burst by the half
 * second it took would start the pace several times above the refill (a 429 a turn until it comes down).
 */
const RECENT_MS = 10_000;
const MIN_SPAN_MS = 5_000;

/**
 * `EI_PACER_TRACE=<file>`: each answer appends a JSON line (process, epoch ms, status, the rate after it,
 * attempts waiting), to follow several processes' shares of one account over time. Unset: nothing.
 */
const TRACE = process.env.EI_PACER_TRACE || undefined;

/** What one attempt's answer said; `status` undefined when none came (a transport error). */
export interface Answer {
  status?: number;
  headers?: ResponseHeaders;
}

/** An attempt let through by `acquire`, to be passed back to `answered` exactly once. */
export interface Ticket {
  readonly seq: number;
}

export class Pacer {
  readonly #clock: PacerClock;
  /** Attempts per second; undefined until the account shows a limit (unpaced). */
  #rate: number | undefined;
  /** The rate the service announced (`RateLimit-Policy`), never exceeded once known. */
  #announced: number | undefined;
  /** Attempts that may go at once: the service's `RateLimit-Remaining` less what is in flight. */
  #credit = 0;
  #next = 0;
  readonly #queue: Array<(t: Ticket) => void> = [];
  #pumping = false;
  #dispatched = 0;
  #inFlight = 0;
  /** A 429 counts only for attempts sent after the last decrease (earlier ones were sent too fast). */
  #decreasedAfter = 0;
  #lastDecreaseAt: number | undefined;
  #acceptedSinceDecrease = 0;
  /** Up to when the rate's growth has been applied. */
  #grownTo = 0;
  readonly #recent: number[] = [];
  /** When the current run of 429s began (no other answer since); undefined when the last answer went through. */
  #refusingSince: number | undefined;

  constructor(clock: PacerClock = realClock) {
    this.#clock = clock;
  }

  /** Attempts per second now, or undefined while unpaced (for tests and diagnostics). */
  get rate(): number | undefined {
    return this.#rate;
  }

  /** Waits for this attempt's turn. */
  acquire(): Promise<Ticket> {
    if (this.#rate === undefined && this.#queue.length === 0) return Promise.resolve(this.#dispatch());
    const turn = new Promise<Ticket>((resolve) => this.#queue.push(resolve));
    void this.#pump();
    return turn;
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#queue.length > 0) {
        const now = this.#clock.now();
        if (this.#rate !== undefined && this.#credit <= 0 && now < this.#next) {
          await this.#clock.sleep(this.#next - now);
          continue;
        }
        if (this.#rate !== undefined) {
          this.#grow(now);
          if (this.#credit > 0) this.#credit -= 1;
          else this.#next = Math.max(this.#next, now) + 1000 / this.#rate;
        }
        this.#queue.shift()!(this.#dispatch());
      }
    } finally {
      this.#pumping = false;
    }
  }

  #dispatch(): Ticket {
    this.#dispatched += 1;
    this.#inFlight += 1;
    return { seq: this.#dispatched };
  }

  /** Learns from one attempt's answer (every attempt, whatever came back). */
  answered(ticket: Ticket, answer: Answer): void {
    const now = this.#clock.now();
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (answer.headers) this.#readHeaders(answer.headers);
    this.#learn(ticket, answer, now);
    if (TRACE !== undefined) {
      const line = { pid: process.pid, at: now, status: answer.status ?? null, rate: this.#rate ?? null, waiting: this.#queue.length };
      appendFileSync(TRACE, `${JSON.stringify(line)}\n`);
    }
  }

  #learn(ticket: Ticket, answer: Answer, now: number): void {
    if (answer.status === undefined) return;
    if (answer.status === 429) {
      this.#refusingSince ??= now;
      this.#credit = 0;
      // `Retry-After: 0` says no wait is needed: the refusal is not about the rate.
      if (retryAfterOf(answer.headers) === "0") return;
      if (ticket.seq > this.#decreasedAfter) this.#decrease(now);
      return;
    }
    this.#refusingSince = undefined;
    this.#acceptedSinceDecrease += 1;
    this.#recent.push(now);
    while (this.#recent.length > 0 && this.#recent[0] < now - RECENT_MS) this.#recent.shift();
  }

  /** Grows the rate for the time since the last growth, during which attempts were waiting. */
  #grow(now: number): void {
    const from = Math.max(this.#grownTo, now - 1000 / this.#rate!);
    this.#grownTo = now;
    if (now <= from) return;
    const since = this.#lastDecreaseAt ?? from;
    // The integral of GROWTH_PER_S · 2^(t / ACCELERATION_MS) over [from, now], t counted from the last decrease.
    const k = ACCELERATION_MS / 1000 / Math.LN2;
    const exponent = GROWTH_PER_S * k * (2 ** ((now - since) / ACCELERATION_MS) - 2 ** ((from - since) / ACCELERATION_MS));
    this.#setRate(this.#rate! * Math.exp(exponent));
  }

  #decrease(now: number): void {
    let rate: number;
    if (this.#rate === undefined) {
      // The first 429: what went through over the last seconds is the best guess of the account's rate.
      const span = this.#recent.length > 0 ? now - this.#recent[0] : 0;
      rate = this.#announced ?? Math.max(FIRST_RATE, (BETA * this.#recent.length * 1000) / Math.max(span, MIN_SPAN_MS));
    } else {
      rate = this.#rate * BETA;
      // Between two 429s a token bucket lets through exactly its refill: that rate, a little under it.
      if (this.#lastDecreaseAt !== undefined && this.#acceptedSinceDecrease >= MIN_SAMPLES && now > this.#lastDecreaseAt) {
        rate = Math.min(rate, (MARGIN * this.#acceptedSinceDecrease * 1000) / (now - this.#lastDecreaseAt));
      }
    }
    this.#setRate(rate);
    // The account has no token now: the next attempt waits a turn at the new rate (the first 429 of an
    // unpaced process included, whose next turn would otherwise be at once).
    this.#next = Math.max(this.#next, now + 1000 / this.#rate!);
    this.#decreasedAfter = this.#dispatched;
    this.#lastDecreaseAt = now;
    this.#grownTo = now;
    this.#acceptedSinceDecrease = 0;
  }

  #setRate(rate: number): void {
    const capped = this.#announced === undefined ? rate : Math.min(rate, this.#announced);
    this.#rate = Math.max(MIN_RATE, capped);
  }

  #readHeaders(headers: ResponseHeaders): void {
    const limits = readRateLimitHeaders(headers);
    if (limits.rate !== undefined) {
      this.#announced = limits.rate;
      this.#setRate(this.#rate === undefined ? limits.rate : this.#rate);
    }
    if (limits.remaining !== undefined) {
      // Attempts sent since this answer's request are not counted in it yet.
      this.#credit = Math.max(0, Math.floor(limits.remaining / 2) - this.#inFlight);
      if (this.#rate === undefined && limits.remaining === 0) this.#decrease(this.#clock.now());
    }
  }

  /**
   * After a 429 (the request's `refusals`-th): how long the refused request waits before its next turn
   * (`Retry-After`; while unpaced at least the usual backoff), or undefined when the account has let
   * nothing through for `waitMs` and it fails.
   */
  refused(retryAfterMs: number | undefined, waitMs: number, refusals = 1, random: () => number = Math.random): number | undefined {
    const now = this.#clock.now();
    const waited = now - (this.#refusingSince ?? now);
    if (waited >= waitMs) return undefined;
    // Unpaced (the 429 taught nothing of the rate): the usual backoff keeps the retries from a tight loop.
    const floor = this.#rate === undefined ? backoffDelay(refusals, random) : 0;
    return Math.min(Math.max(retryAfterMs ?? 0, floor), waitMs - waited);
  }
}

export interface RateLimitHeaders {
  /** Requests per second, from `RateLimit-Policy` (`<limit>;w=<seconds>` or `q=<limit>;w=<seconds>`). */
  rate?: number;
  remaining?: number;
}

function retryAfterOf(headers: ResponseHeaders | undefined): string | undefined {
  const value = headers?.["retry-after"];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

function header(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name] ?? headers[`x-${name}`];
  return Array.isArray(value) ? value[0] : value;
}

/** The `RateLimit-*` headers (IETF draft) and their `X-RateLimit-*` forms, where a service sends them. */
export function readRateLimitHeaders(headers: ResponseHeaders): RateLimitHeaders {
  const out: RateLimitHeaders = {};
  const remaining = header(headers, "ratelimit-remaining");
  if (remaining !== undefined && /^\s*\d+\s*$/.test(remaining)) out.remaining = Number(remaining);
  const policy = header(headers, "ratelimit-policy");
  if (policy !== undefined) {
    const params = policy
      .split(",")[0]
      .split(";")
      .map((p) => p.trim());
    const quota = /^\d+$/.test(params[0]) ? Number(params[0]) : Number(params.find((p) => p.startsWith("q="))?.slice(2));
    const window = Number(params.find((p) => p.startsWith("w="))?.slice(2));
    if (quota > 0 && window > 0) out.rate = quota / window;
  }
  return out;
}

/** One pacer per account in this process: every client of one API URL and key shares it. */
const pacers = new Map<string, Pacer>();

/** The account's pacer; the key is kept only as a hash. */
export function pacerFor(baseURL: URL, apiKey: string): Pacer {
  const account = `${baseURL.origin}${baseURL.pathname.replace(/\/$/, "")} ${createHash("sha256").update(apiKey).digest("hex")}`;
  let pacer = pacers.get(account);
  if (!pacer) pacers.set(account, (pacer = new Pacer()));
  return pacer;
}
