/** The engine's placeholder for values not known during preview. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function containsUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

/** True when any value along `path` inside `root` is unknown. */
export function pathHasUnknown(root: unknown, path: readonly PropertyKey[]): boolean {
  let cur: any = root;
  for (const key of path) {
    if (cur === UNKNOWN) return true;
    if (cur === null || typeof cur !== "object") return false;
    cur = cur[key as any];
  }
  return containsUnknown(cur);
}

/**
 * Structural equality with object keys compared regardless of order, and an absent key equal to a
 * null one: the service answers every unset optional object or field with null.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  return JSON.stringify(v ?? null, (_k, val) =>
    val !== null && typeof val === "object" && !Array.isArray(val)
      ? Object.fromEntries(
          Object.keys(val)
            .filter((k) => val[k] != null)
            .sort()
            .map((k) => [k, val[k]]),
        )
      : val,
  );
}

/** `a.b[2].c` from a zod issue path: the sdk's form, so the provider's errors name fields as the client's do. */
export { formatPath } from "../../sdk/core/fields";
