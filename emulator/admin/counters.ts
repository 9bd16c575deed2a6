/** Per-route request, rate-limit and fault counters for GET/DELETE /_emulator/counters. */
import { FAULT_KINDS, type FaultKind } from "./faults";

export interface Count {
  requests: number;
  /** Refused by the account's rate limit (429 RATE_LIMITED, not an injected fault); also in `requests`. */
  rate_limited: number;
  faults: Record<FaultKind, number>;
}

const zero = (): Count => ({
  requests: 0,
  rate_limited: 0,
  faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
});

/** When the first and the last request the rate limit let through arrived (ISO 8601), null before one. */
export interface Accepted {
  first: string | null;
  last: string | null;
}

export class Counters {
  private readonly byRoute = new Map<string, Count>();
  private readonly total = zero();
  // Epoch ms: how long the account was busy, beside how many requests (the benchmark's request span).
  private first: number | null = null;
  private last: number | null = null;

  /** `route` is `METHOD /pattern`; null (no route matched) counts in the totals only. */
  request(route: string | null, fault: FaultKind | null): void {
    this.last = Date.now();
    this.first ??= this.last;
    for (const count of this.counts(route)) {
      count.requests++;
      if (fault) count.faults[fault]++;
    }
  }

  /** A request the rate limit refused (it gets no fault). */
  rateLimited(route: string | null): void {
    for (const count of this.counts(route)) {
      count.requests++;
      count.rate_limited++;
    }
  }

  clear(): void {
    this.byRoute.clear();
    Object.assign(this.total, zero());
    this.first = this.last = null;
  }

  /** `{routes: {"<METHOD> <pattern>": Count}, totals: Count, accepted: Accepted}`, routes sorted by key. */
  toJSON(): { routes: Record<string, Count>; totals: Count; accepted: Accepted } {
    const routes = [...this.byRoute.keys()].sort().map((key) => [key, structuredClone(this.byRoute.get(key)!)]);
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      routes: Object.fromEntries(routes),
      totals: structuredClone(this.total),
      accepted: { first: iso(this.first), last: iso(this.last) },
    };
  }

  private counts(route: string | null): Count[] {
    return route === null ? [this.total] : [this.total, this.entry(route)];
  }

  private entry(route: string): Count {
    let count = this.byRoute.get(route);
    if (!count) this.byRoute.set(route, (count = zero()));
    return count;
  }
}
