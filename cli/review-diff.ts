/**
 * The fields of one resource that differ between two sets of inputs, as a reviewer reads them: by the
 * kind's own meaning (what the provider's diff compares), a list of children by each child's identity
 * (a rule by its CIDR, a route by what it matches: the declaration's `owns`), unchanged children counted,
 * never a secret value. Pure: cli/review.ts feeds it the steps of `pulumi preview --json`.
 */
import { SERVER_CHOSEN, type KindDeclaration, type OwnedChildren } from "../provider/framework/kind";
import { CHILD_RULES, changedKeys } from "../provider/framework/diff";
import { childChanges, childObject, keyOf } from "../provider/framework/children-set";
import { effective, isPlainObject, userInputs, type Props } from "../provider/framework/inputs";
import { fieldTypesOf, normalise, sameNormal } from "../provider/framework/normalise";

/** What `pulumi preview --json` shows for a secret (without `--show-secrets`); also what we print for one. */
export const SECRET = "[secret]";
/** An absent value, as printed. */
export const NONE = "(none)";

/** One changed field: its path (`rules[192.0.2.0/24].description`) and both values, already printed. */
export interface FieldChange {
  readonly path: string;
  readonly old: string;
  readonly new: string;
}

/** The changed fields of a resource, and per owned list how many children did not change. */
export interface InputsDiff {
  readonly fields: FieldChange[];
  readonly unchanged: Array<{ readonly path: string; readonly count: number }>;
}

/** Pulumi's mark of a secret value in state (`--show-secrets` output keeps it on objects). */
const SECRET_SIG = "4dabf18193072939515e22adc82c2e4f";

/** A value with every secret masked: Pulumi's secret objects, and the fields the declaration says are secret. */
export function masked(value: unknown, secretKeys: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((v) => masked(v, secretKeys));
  if (!isPlainObject(value)) return value;
  if (SECRET_SIG in value) return SECRET;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, secretKeys.has(k) && v != null ? SECRET : masked(v, secretKeys)]));
}

/** A value in one short line: strings quoted, keys bare, long lists and objects cut. */
export function show(value: unknown, width = 120): string {
  if (value === undefined || value === null) return NONE;
  if (value === SECRET) return SECRET;
  const text = render(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

function render(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(render).join(", ")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v != null);
    return `{${entries.map(([k, v]) => `${k}: ${render(v)}`).join(", ")}}`;
  }
  return typeof value === "string" && value !== SECRET ? JSON.stringify(value) : String(value);
}

/** A child's identity as a path segment: its key fields' values (`192.0.2.0/24`, `path_prefix /api`). */
export function childLabel(owned: OwnedChildren, item: unknown): string {
  const child = childObject(owned, item);
  return [...(owned.keyWith ?? []), owned.key].map((f) => String(child?.[f] ?? owned.decl.defaults[f] ?? "")).join(" ");
}

/** The secret fields of a kind's inputs, and of its children's (masked wherever they appear). */
export function secretKeysOf(decl: KindDeclaration | undefined): Set<string> {
  const keys = new Set<string>(decl?.secretInputs ?? []);
  for (const owned of Object.values(decl?.owns ?? {})) {
    for (const k of owned.decl.secretInputs ?? []) keys.add(k);
    for (const k of owned.secrets?.fields ?? []) keys.add(k);
    if (owned.secrets) keys.add(owned.secrets.output);
  }
  return keys;
}

/** The same in meaning: service-chosen values match anything, field types compare in normal form. */
function same(decl: KindDeclaration | undefined, path: readonly string[], next: unknown, prev: unknown): boolean {
  if (next === SERVER_CHOSEN) return true;
  const types = decl ? fieldTypesOf(decl) : {};
  return sameNormal(normalise(next, types, path), normalise(prev, types, path, true));
}

/** Pushes the leaves that differ under `path`: objects key by key, lists of objects by index, anything else whole. */
function walk(out: FieldChange[], decl: KindDeclaration | undefined, path: string[], label: string, prev: unknown, next: unknown): void {
  if (same(decl, path, next, prev)) return;
  if (isPlainObject(prev) && isPlainObject(next)) {
    for (const k of new Set([...Object.keys(prev), ...Object.keys(next)])) walk(out, decl, [...path, k], `${label}.${k}`, prev[k], next[k]);
    return;
  }
  if (Array.isArray(prev) && Array.isArray(next) && [...prev, ...next].every(isPlainObject)) {
    for (let i = 0; i < Math.max(prev.length, next.length); i++) walk(out, decl, path, `${label}[${i}]`, prev[i], next[i]);
    return;
  }
  out.push({ path: label, old: show(prev), new: show(next === SERVER_CHOSEN ? prev : next) });
}

/** A child as a declaration would write it: without the fields that hold their defaults. */
function declaredOnly(owned: OwnedChildren, child: unknown): unknown {
  if (!isPlainObject(child)) return child;
  return Object.fromEntries(Object.entries(child).filter(([k, v]) => v != null && !same(owned.decl, [k], owned.decl.defaults[k], v)));
}

/** An owned list, child by child as the kind's own rules compare them, each named by its identity. */
function ownedDiff(out: InputsDiff, owned: OwnedChildren, key: string, prev: unknown, next: unknown): void {
  const olds = Array.isArray(prev) ? prev : [];
  const news = Array.isArray(next) ? next : [];
  if (prev != null && next == null)
    return void out.fields.push({ path: key, old: `${olds.length} children`, new: `${NONE} (released, kept in the account)` });
  const held = new Map(olds.map((c) => [keyOf(owned, c), c]));
  const declared = new Map(news.map((c) => [keyOf(owned, c), c]));
  let unchanged = 0;
  for (const [k, child] of held) {
    const label = `${key}[${childLabel(owned, child)}]`;
    if (!declared.has(k)) out.fields.push({ path: label, old: show(declaredOnly(owned, child)), new: NONE });
  }
  for (const [k, child] of declared) {
    const label = `${key}[${childLabel(owned, child)}]`;
    const was = held.get(k);
    if (was === undefined) {
      out.fields.push({ path: label, old: NONE, new: show(child) });
      continue;
    }
    const fields = owned.scalar ? [] : childChanges(owned, CHILD_RULES, was, child);
    if (!fields.length) unchanged++;
    const a = childObject(owned, was);
    const b = childObject(owned, child);
    for (const f of fields) walk(out.fields, owned.decl, [f], `${label}.${f}`, effective(owned.decl, a, f), effective(owned.decl, b, f));
  }
  if (unchanged) out.unchanged.push({ path: key, count: unchanged });
}

/**
 * The inputs that differ between `olds` (what the step starts from) and `news` (what it makes), by the
 * kind's rules when it is known (`decl`), else value by value. `keys` limits it to the fields a
 * provider named (a step's detailedDiff); a named field whose values are both masked shows as a secret.
 */
export function diffInputs(decl: KindDeclaration | undefined, oldsIn: Props, newsIn: Props, keys?: readonly string[]): InputsDiff {
  const secrets = secretKeysOf(decl);
  const olds = withoutChildSecrets(decl, masked(userInputs(oldsIn ?? {}), secrets) as Props);
  const news = withoutChildSecrets(decl, masked(userInputs(newsIn ?? {}), secrets) as Props);
  const out: InputsDiff = { fields: [], unchanged: [] };
  const byMeaning = decl ? safeChangedKeys(decl, olds, news) : undefined;
  const candidates = keys ?? byMeaning ?? [...new Set([...Object.keys(olds), ...Object.keys(news)])];
  for (const key of candidates) {
    const owned = decl?.owns?.[key];
    if (owned) {
      ownedDiff(out, owned, key, olds[key], news[key]);
      continue;
    }
    const [prev, next] = decl ? [effective(decl, olds, key), effective(decl, news, key)] : [olds[key], news[key]];
    const before = out.fields.length;
    walk(out.fields, decl, [key], key, prev, next);
    // The provider named it, but no value we can see differs: a secret, or a value only it can read.
    if (keys && out.fields.length === before && (olds[key] === SECRET || news[key] === SECRET))
      out.fields.push({ path: key, old: show(olds[key]), new: show(news[key]) });
  }
  return out;
}

/**
 * Props with children's credential fields left out (a route's `oauth`, `webhookVerification`): a
 * state keeps them apart in a secret of their own, a program's inputs inline, both masked; compared,
 * they would differ in shape only. A change in them is the provider's to name (detailedDiff).
 */
function withoutChildSecrets(decl: KindDeclaration | undefined, props: Props): Props {
  const out = { ...props };
  for (const [key, owned] of Object.entries(decl?.owns ?? {})) {
    const fields = owned.secrets?.fields ?? [];
    if (!fields.length || !Array.isArray(out[key])) continue;
    out[key] = out[key].map((c: unknown) =>
      isPlainObject(c) ? Object.fromEntries(Object.entries(c).filter(([f]) => !fields.includes(f))) : c,
    );
  }
  return out;
}

/** The kind's changed keys; a value it cannot compare (a masked secret inside a list) falls back to every key. */
function safeChangedKeys(decl: KindDeclaration, olds: Props, news: Props): string[] | undefined {
  try {
    return changedKeys(decl, olds, news);
  } catch {
    return undefined;
  }
}
