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

export class Counters {
  private readonly byRoute = new Map<string, Count>();
  private readonly total = zero();

  /** `route` is `METHOD /pattern`; null (no route matched) counts in the totals only. */
  request(route: string | null, fault: FaultKind | null): void {
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
  }

  /** `{routes: {"<METHOD> <pattern>": Count}, totals: Count}`, routes sorted by key. */
  toJSON(): { routes: Record<string, Count>; totals: Count } {
    const routes = [...this.byRoute.keys()].sort().map((key) => [key, structuredClone(this.byRoute.get(key)!)]);
    return { routes: Object.fromEntries(routes), totals: structuredClone(this.total) };
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
