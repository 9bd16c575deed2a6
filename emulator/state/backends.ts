/**
 * What the three backend kinds share (§2.9–§2.11): a backend id names a tunnel group, weighted or failover
 * backend, and a weighted or failover backend may not contain itself, directly or through its children.
 * The children of a backend are its kind's `uses`, so the same walk serves every kind.
 */
import { fieldError, preview } from "../errors";
import type { Store } from "./store";

export const BACKEND_PREFIXES = ["bkdtg", "bkdwd", "bkdfo"] as const;

/** The stored backend with this id, of any backend kind. */
function findBackend(store: Store, id: string) {
  const kind = store.kindOf(id);
  if (!kind || !(BACKEND_PREFIXES as readonly string[]).includes(kind.prefix)) return undefined;
  const record = store.collection(kind).get(id);
  return record && { kind, record };
}

/** True if `target` is `id` or a backend reachable from it through children (`seen` guards a hand-edited data file). */
function reaches(store: Store, id: string, target: string, seen = new Set<string>()): boolean {
  if (id === target) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  const found = findBackend(store, id);
  return (found?.kind.uses?.(found.record) ?? []).some((child) => reaches(store, child, target, seen));
}

/** `id`, sent at wire path `field`, must name an existing backend. */
export function requireBackend(store: Store, id: string, field: string): void {
  if (!findBackend(store, id)) {
    throw fieldError("INVALID_FIELD", field, "must be the id of an existing backend (bkdtg_, bkdwd_ or bkdfo_)", preview(id));
  }
}

/** A child of backend `self` (undefined while it is being created) at wire path `field`. */
export function checkChild(store: Store, self: string | undefined, id: string, field: string): void {
  requireBackend(store, id, field);
  if (self !== undefined && reaches(store, id, self)) {
    throw fieldError("INVALID_FIELD", field, "must not be this backend or a backend that contains it", preview(id));
  }
}
