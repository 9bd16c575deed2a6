/**
 * Placeholders in test arguments, replaced in values and map keys alike: "@name" by `ids[name]` (a
 * resource made earlier) and, when `secrets` is given, "secret:<key>" by `secrets[key]`.
 */
export function resolveRefs(
  v: unknown,
  ids: Readonly<Record<string, string | undefined>>,
  secrets?: Readonly<Record<string, string>>,
): unknown {
  if (typeof v === "string") {
    if (v.startsWith("@")) return ids[v.slice(1)];
    if (secrets && v.startsWith("secret:")) return secrets[v.slice("secret:".length)];
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => resolveRefs(x, ids, secrets));
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [resolveRefs(k, ids, secrets) as string, resolveRefs(x, ids, secrets)]));
  return v;
}

/** The names an args object refers to by "@<name>", in values and map keys. */
export function refsOf(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === "string" && v.startsWith("@")) out.add(v.slice(1));
  else if (Array.isArray(v)) v.forEach((x) => refsOf(x, out));
  else if (v !== null && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      refsOf(k, out);
      refsOf(x, out);
    }
  return out;
}
