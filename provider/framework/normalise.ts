/**
 * Values compare by meaning, not by spelling. One normaliser per field type (`FieldType`), applied at
 * the paths each kind declares, so a timestamp written with an offset or fractional seconds, a set in
 * another order, a PEM with CRLF line endings or a public key with another comment is the value the
 * service reported. Null reads as unset everywhere. Inputs are never rewritten: only comparisons
 * (diff, adopt, a lost create's lookup) see the normal form.
 */
import { canonicalCidr } from "../../sdk/core/cidr";
import { SERVER_CHOSEN, type FieldType, type FieldTypes, type KindDeclaration } from "./kind";

// `2025-01-01T02:00:00.5+02:00`: RFC 3339 date-time with any fraction and a zone.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Seconds since the epoch: SSH certificates count whole seconds, and the service cuts fractions. */
function instant(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, , sign, oh, om] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000;
  const offset = sign ? (sign === "-" ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60) : 0;
  return utc - offset;
}

/** JSON with object keys sorted: the order of a set's items. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, val) =>
    val !== null && typeof val === "object" && !Array.isArray(val)
      ? Object.fromEntries(
          Object.keys(val)
            .sort()
            .map((k) => [k, val[k]]),
        )
      : val,
  );
}

/** Each normaliser leaves a value of another shape as it is (a list's items share the list's type). */
export const NORMALISERS: Readonly<Record<FieldType, (v: unknown) => unknown>> = {
  timestamp: (v) => (typeof v === "string" ? (instant(v) ?? v) : v),
  set: (v) => {
    if (!Array.isArray(v)) return v;
    const byKey = new Map(v.map((item) => [canonical(item), item]));
    return [...byKey.keys()].sort().map((k) => byKey.get(k));
  },
  // PEM is base64 between armour lines: whitespace (CRLF, wrapping, trailing blanks) carries nothing.
  pem: (v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v),
  // The comment is a label, not the key (and a credential's key cannot change without replacing it).
  publicKey: (v) => (typeof v === "string" ? v.trim().split(/\s+/).slice(0, 2).join(" ") : v),
  // The service answers IPv6 blocks in RFC 5952 form: `2001:DB8:0::/32` is the `2001:db8::/32` it reports.
  cidr: (v) => (typeof v === "string" ? (canonicalCidr(v) ?? v) : v),
};

const cache = new WeakMap<KindDeclaration, FieldTypes>();

/** A kind's field types with its modules' types under the module's name. */
export function fieldTypesOf(decl: KindDeclaration): FieldTypes {
  const cached = cache.get(decl);
  if (cached) return cached;
  const types: Record<string, FieldType> = { ...decl.fieldTypes };
  for (const [name, module] of Object.entries(decl.modules ?? {})) {
    for (const [path, type] of Object.entries(module.fieldTypes ?? {})) types[`${name}.${path}`] = type;
  }
  cache.set(decl, types);
  return types;
}

function typeAt(types: FieldTypes, path: readonly string[]): FieldType | undefined {
  const exact = types[path.join(".")];
  if (exact) return exact;
  for (const [pattern, type] of Object.entries(types)) {
    const parts = pattern.split(".");
    if (parts.length === path.length && parts.every((p, i) => p === "*" || p === path[i])) return type;
  }
  return undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The normal form of `value` at `path`: nulls dropped (unset), each typed field normalised. On the
 * stored side (`chosenIsUnset`), a service-chosen default the outputs lack is unset too.
 */
export function normalise(value: unknown, types: FieldTypes, path: readonly string[] = [], chosenIsUnset = false): unknown {
  if (value == null) return undefined;
  if (value === SERVER_CHOSEN) return chosenIsUnset ? undefined : value;
  let v: unknown = value;
  if (Array.isArray(v)) v = v.map((item) => normalise(item, types, path, chosenIsUnset) ?? null);
  else if (isObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const n = normalise(x, types, [...path, k], chosenIsUnset);
      if (n !== undefined) out[k] = n;
    }
    v = out;
  }
  const type = typeAt(types, path);
  return type ? NORMALISERS[type](v) : v;
}

/** Normal forms equal; SERVER_CHOSEN in `next` (an omitted service-chosen value) matches anything. */
export function sameNormal(next: unknown, prev: unknown): boolean {
  if (next === SERVER_CHOSEN) return true;
  if (Array.isArray(next)) return Array.isArray(prev) && next.length === prev.length && next.every((x, i) => sameNormal(x, prev[i]));
  if (isObject(next)) {
    if (!isObject(prev)) return false;
    const keys = new Set([...Object.keys(next), ...Object.keys(prev)]);
    return [...keys].every((k) => sameNormal(next[k], prev[k]));
  }
  return next === prev;
}

/** Whether the effective values `next` (declared) and `prev` (stored) of input `key` mean the same. */
export function sameMeaning(decl: KindDeclaration, key: string, next: unknown, prev: unknown): boolean {
  const types = fieldTypesOf(decl);
  // An input with a declared form compares in the service's form: a list and the map it stands for (or
  // the map stored by an older version) are the same value.
  const form = decl.inputForms?.[key];
  if (form) {
    if (next != null && next !== SERVER_CHOSEN) next = form.toServiceForm(next);
    if (prev != null) prev = form.toServiceForm(prev);
  }
  return sameNormal(normalise(next, types, [key]), normalise(prev, types, [key], true));
}
