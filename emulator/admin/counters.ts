/** Per-route request and fault counters for GET/DELETE /_emulator/counters. */
import { FAULT_KINDS, type FaultKind } from "./faults";

export interface Count {
  requests: number;
  faults: Record<FaultKind, number>;
}

const zero = (): Count => ({ requests: 0, faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number> });

export class Counters {
  private readonly byRoute = new Map<string, Count>();
  private readonly total = zero();

  /** `route` is `METHOD /pattern`; null (no route matched) counts in the totals only. */
  request(route: string | null, fault: FaultKind | null): void {
    const counts = route === null ? [this.total] : [this.total, this.entry(route)];
    for (const count of counts) {
      count.requests++;
      if (fault) count.faults[fault]++;
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

  private entry(route: string): Count {
    let count = this.byRoute.get(route);
    if (!count) this.byRoute.set(route, (count = zero()));
    return count;
  }
}
