/**
 * Property values as the engine holds them: secrets as Pulumi's signature objects (`{ "4dabf…": "1b47…",
 * value }`), unknowns (a preview) as its unknown string. What the engine does with them between the
 * program and a provider that does not take secrets (Pulumi's dynamic-provider host): sent revealed,
 * marked again on the way back by key.
 */
import { SECRET_SIG, SIG_KEY } from "../../native/struct";
import { UNKNOWN } from "../../provider/framework/values";

export type Props = Record<string, any>;
export { SECRET_SIG, SIG_KEY, UNKNOWN };

export const secret = (value: unknown): Props => (isSecret(value) ? value : { [SIG_KEY]: SECRET_SIG, value });
export const isSecret = (v: unknown): v is { value: unknown } =>
  v !== null && typeof v === "object" && !Array.isArray(v) && (v as Props)[SIG_KEY] === SECRET_SIG;

/** The value with every secret wrapper removed. */
export function reveal(v: unknown): any {
  if (isSecret(v)) return reveal(v.value);
  if (Array.isArray(v)) return v.map(reveal);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reveal(x)]));
  return v;
}

/** True when the value is or holds a secret. */
export const holdsSecret = (v: unknown): boolean =>
  isSecret(v) || (Array.isArray(v) ? v.some(holdsSecret) : v !== null && typeof v === "object" && Object.values(v).some(holdsSecret));

/** True when the value is or holds an unknown. */
export const holdsUnknown = (v: unknown): boolean =>
  v === UNKNOWN || (Array.isArray(v) ? v.some(holdsUnknown) : v !== null && typeof v === "object" && Object.values(v).some(holdsUnknown));

/** The engine's annotateSecrets: each top-level key of `props` secret where `like` held a secret there, or listed in `also`. */
export function annotate(props: Props, like: Props, also: readonly string[] = []): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props)) out[k] = holdsSecret(like[k]) || also.includes(k) ? secret(v) : v;
  return out;
}

/** Values as `preview --json` and plain `stack output` print them: a secret is "[secret]". */
export function masked(v: unknown): any {
  if (holdsSecret(v) && isSecret(v)) return "[secret]";
  if (Array.isArray(v)) return v.map(masked);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, masked(x)]));
  return v;
}

/** Structural equality of revealed values (the engine's comparison of inputs where a provider's diff says "unknown"). */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(sorted(reveal(a))) === JSON.stringify(sorted(reveal(b)));
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v !== null && typeof v === "object"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Props)[k])]),
        )
      : v;

/**
 * The lines `pulumi preview --diff` prints for one changed property, in its form: `~ key: old => new`
 * for a scalar, `~ key: [`/`{` then only the changed elements for a list or object, `+`/`-` for an
 * element added or removed; a secret shows as `[secret]`. Indented by `depth`.
 */
export function diffLines(key: string, old: unknown, now: unknown, depth = 0): string[] {
  const pad = "    ".repeat(depth);
  const show = (v: unknown) => (isSecret(v) ? "[secret]" : typeof v === "string" ? JSON.stringify(v) : JSON.stringify(reveal(v)));
  if (old === undefined) return [`${pad}+ ${key}: ${show(now)}`];
  if (now === undefined) return [`${pad}- ${key}: ${show(old)}`];
  if (isSecret(old) || isSecret(now)) return sameValue(old, now) ? [] : [`${pad}~ ${key}: [secret] => [secret]`];
  const both = (Array.isArray(old) && Array.isArray(now)) || (isObj(old) && isObj(now));
  if (!both) return sameValue(old, now) ? [] : [`${pad}~ ${key}: ${show(old)} => ${show(now)}`];
  const o = old as Props;
  const n = now as Props;
  const keys = Array.isArray(old) ? [...Array(Math.max(o.length, n.length)).keys()] : [...new Set([...Object.keys(o), ...Object.keys(n)])];
  const inner = keys.flatMap((k) => diffLines(typeof k === "number" ? `[${k}]` : k, o[k], n[k], depth + 1));
  return inner.length ? [`${pad}~ ${key}: ${Array.isArray(old) ? "[" : "{"}`, ...inner, `${pad}  ${Array.isArray(old) ? "]" : "}"}`] : [];
}
const isObj = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);
