/**
 * `edge-ingress export`, the planning: an account snapshot (what the sdk lists) → what to declare, under
 * which names, in which order, with which references and secrets. Pure; every printer (TypeScript,
 * Pulumi YAML, Go, Python) prints the one plan.
 */
import { SERVER_CHOSEN, Within, inputKeys, type KindDeclaration, type OwnedChildren } from "../provider/framework/kind";
import { providerId } from "../provider/framework/ids";
import { toOutputs } from "../provider/framework/outputs";
import { sameValue } from "../provider/framework/values";
import { kinds } from "../provider/kinds";

/** Resources as the sdk returns them, by kind name. Routes carry `edgeId`; event sources `subscriptionId`. */
export type AccountSnapshot = Partial<Record<string, any[]>>;

/** Kinds in the order they are declared: the kind table's (what a kind refers to comes before it). */
export const EXPORT_ORDER: readonly string[] = Object.keys(kinds);

/** Another exported resource, referred to by its variable (`policy.id`) so the engine orders them. */
export class Ref {
  constructor(
    readonly variable: string,
    readonly id: string,
  ) {}
}

/** A credential read from secret stack config: its value is never written. */
export class Secret {
  constructor(
    /** Stack config key (in the project's namespace). */
    readonly key: string,
    readonly kind: string,
    readonly name: string,
    /** The resource's id and the credential's path in its inputs, e.g. `oauth.provider.github.clientSecret`. */
    readonly id: string,
    readonly path: string,
  ) {}
  get about(): string {
    return `${this.path} of ${this.kind} "${this.name}" (${this.id})`;
  }
}

/** A child declared inline on its parent (a rule in an IP policy's `rules`): credentials and messages name it. */
export interface InlineChild {
  kind: string;
  id: string;
  /** The parent's input that lists it. */
  key: string;
}

export interface Declared {
  kind: string;
  /** Pulumi resource name: readable, unique within the kind. */
  name: string;
  /** TypeScript variable: unique in the program. */
  variable: string;
  id: string;
  /** What the program passes besides `adopt`: plain values, Ref, Secret. */
  inputs: Record<string, unknown>;
  /** Lines of comment above the declaration. */
  notes: string[];
  /** The children it declares inline, in the order of its owned inputs' items. */
  inline: InlineChild[];
}

export interface Skipped {
  kind: string;
  id: string;
  why: string;
}

/** A child to add to the inline list of a parent some stack declares (`edge-ingress audit --export`). */
export interface InlineAddition {
  kind: string;
  id: string;
  /** The parent, which a stack declares with the owned input `key`. */
  parent: { kind: string; id: string; stack: string };
  key: string;
}

/** An InlineAddition with the entry to add: Secrets for credentials. */
export interface PlannedAddition extends InlineAddition {
  entry: unknown;
}

export interface ExportPlan {
  resources: Declared[];
  secrets: Secret[];
  skipped: Skipped[];
  /** Children to add to a parent's inline list instead of declaring them. */
  additions: PlannedAddition[];
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

export function slug(text: string, max = 48): string {
  const s = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // accents off: "Büro" → "buro"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return s.length <= max ? s : s.slice(0, max).replace(/-+[^-]*$/, "") || s.slice(0, max);
}

const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every id string among the values and the keys of `value`. */
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => idsIn(v, into));
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      idsIn(v, into);
    }
  }
  return into;
}

/** `value` without nulls and without keys equal to the service's defaults (`within` nests). */
function withoutDefaults(value: unknown, fallback: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => withoutDefaults(v, undefined));
  // The service answers unset members with null; the program leaves them out.
  if (!(fallback instanceof Within))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, withoutDefaults(v, undefined)]),
    );
  const defaults = fallback.for(value as Record<string, any>);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v == null) continue;
    const d = defaults[key];
    if (!(d instanceof Within) && d !== undefined && sameValue(v, d)) continue;
    out[key] = withoutDefaults(v, d);
  }
  return out;
}

/** The inputs a user would declare for `obj`: no outputs, no nulls, no values equal to the service's defaults. */
export function declaredInputs(decl: KindDeclaration, obj: any): Record<string, unknown> {
  const outs = toOutputs(decl, obj);
  const inputs: Record<string, unknown> = {};
  // The parent first: a route's edge, a source's subscription, a rule's policy.
  const parent = decl.parent?.key;
  const keys = inputKeys(decl).sort((a, b) => Number(b === parent) - Number(a === parent));
  for (const key of keys) {
    const value = outs[key];
    if (value == null) continue;
    const fallback = key in decl.defaults ? decl.defaults[key] : decl.modules?.[key]?.defaults;
    if (!(fallback instanceof Within) && fallback !== SERVER_CHOSEN && fallback !== undefined && sameValue(value, fallback)) continue;
    inputs[key] = withoutDefaults(value, fallback);
  }
  return inputs;
}

/** Replaces each non-empty credential at `path` (`*` = any key) with a Secret made by `make`. */
function replaceCredentials(value: any, path: string[], make: (where: string[]) => Secret, where: string[] = []): void {
  if (value === null || typeof value !== "object") return;
  const [head, ...rest] = path;
  for (const key of head === "*" ? Object.keys(value) : [head]) {
    if (!(key in value)) continue;
    if (rest.length) replaceCredentials(value[key], rest, make, [...where, key]);
    else if (typeof value[key] === "string" && value[key] !== "") value[key] = make([...where, key]);
  }
}

/**
 * Ids of resources already declared become Refs. Only values: a weighted backend's children are a list
 * of `{ backendId, weight }` (its declared form), so no map is keyed by ids and nothing needs `apply`.
 */
function withRefs(value: unknown, refs: ReadonlyMap<string, Ref>): unknown {
  if (typeof value === "string") return refs.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => withRefs(v, refs));
  if (value === null || typeof value !== "object" || value instanceof Secret) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]): [string, unknown] => [k, withRefs(v, refs)]));
}

const WRITE_ONLY = "(write-only)";

export interface PlanOptions {
  /** Children of parents a stack owns the children of (their objects are in the snapshot too): not declared. */
  additions?: readonly InlineAddition[];
  /**
   * Owned children (an IP policy's rules, an HTTPS edge's routes, a subscription's sources) as resources
   * of their own kind instead of inline on their parent (the default, when the parent is declared too):
   * only the inline form makes a child added by hand drift (docs/provider.md, "Owning a parent's children").
   */
  standaloneChildren?: boolean;
}

/** A child's declared form inside its parent's owned input: its inputs less the parent's id, or only its key. */
function inlineForm(owned: OwnedChildren, childDecl: KindDeclaration, inputs: Record<string, unknown>): unknown {
  if (owned.scalar) return inputs[owned.key];
  const { [childDecl.parent!.key]: _parent, ...rest } = inputs;
  return rest;
}

/** Sort key of an inline child: what tells it apart within its parent. */
const identityOf = (owned: OwnedChildren, inputs: Record<string, unknown>): string =>
  JSON.stringify([owned.key, ...(owned.keyWith ?? [])].map((k) => inputs[k] ?? null));

/** Decides what to declare, under which names, in which order, with which references and secrets. */

type Item = { kind: string; decl: KindDeclaration; obj: any; id: string; raw: Record<string, unknown>; name: string; rank: number };

/** Every resource to declare, named (unique per kind) and in kind order; what is skipped or added to a list instead. */
function collect(snapshot: AccountSnapshot, options: PlanOptions) {
  const skipped: Skipped[] = [];
  const items: Item[] = [];
  const nameById = new Map<string, string>();
  for (const kind of Object.keys(snapshot)) {
    if (!EXPORT_ORDER.includes(kind)) throw new Error(`export: unknown kind ${kind}`);
  }
  const toAdd = new Set((options.additions ?? []).map((a) => a.id));
  const additionObjs = new Map<string, any>();
  EXPORT_ORDER.forEach((kind, rank) => {
    const decl = kinds[kind];
    const taken = new Set<string>();
    const candidates = (snapshot[kind] ?? [])
      .map((obj) => {
        const id = providerId(decl, obj);
        if (toAdd.has(id)) {
          additionObjs.set(id, obj);
          return undefined;
        }
        const why = decl.export?.skip?.(obj);
        if (why) {
          skipped.push({ kind, id, why });
          return undefined;
        }
        const base = slug(obj.description || decl.export?.label?.(obj, (ref) => nameById.get(ref)) || "") || kebab(kind);
        return { obj, id, raw: declaredInputs(decl, obj), base };
      })
      .filter((c) => c !== undefined)
      .sort((a, b) => (a.base === b.base ? (a.id < b.id ? -1 : 1) : a.base < b.base ? -1 : 1));
    for (const c of candidates) {
      let name = c.base;
      for (let n = 2; taken.has(name); n++) name = `${c.base}-${n}`;
      taken.add(name);
      // Routes and event sources are named after their parent.
      nameById.set(c.id, name);
      items.push({ kind, decl, obj: c.obj, id: c.id, raw: c.raw, name, rank });
    }
  });
  items.sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { items, skipped, additionObjs };
}

/**
 * Children whose parent is declared too go inline on it (taken out of `items`); a parent that owns a
 * kind of children declares the whole set, even an empty one, so a child added by hand is drift.
 */
function foldInline(items: Item[]): Map<string, InlineChild[]> {
  const inlineOf = new Map<string, InlineChild[]>();
  const byId = new Map(items.map((i) => [i.id, i]));
  const folded = new Set<Item>();
  for (const parent of items) {
    for (const [key, owned] of Object.entries(parent.decl.owns ?? {})) {
      const childDecl = owned.decl;
      const parentKey = childDecl.parent!.key;
      const children = items
        .filter((c) => c.kind === childDecl.name && byId.get(String(c.raw[parentKey])) === parent)
        .sort((a, b) => (identityOf(owned, a.raw) < identityOf(owned, b.raw) ? -1 : 1));
      children.forEach((c) => folded.add(c));
      parent.raw[key] = children.map((c) => inlineForm(owned, childDecl, c.raw));
      inlineOf.set(parent.id, [...(inlineOf.get(parent.id) ?? []), ...children.map((c) => ({ kind: c.kind, id: c.id, key }))]);
    }
  }
  for (let i = items.length - 1; i >= 0; i--) if (folded.has(items[i])) items.splice(i, 1);
  return inlineOf;
}

/** Secret config keys, unique in the program. */
class SecretKeys {
  readonly secrets: Secret[] = [];
  private readonly keys = new Set<string>();
  make(base: string, field: string, kind: string, name: string, id: string, where: string[]): Secret {
    let key = `${base}${capital(field)}`;
    for (let n = 2; this.keys.has(key); n++) key = `${base}${capital(field)}${n}`;
    this.keys.add(key);
    const secret = new Secret(key, kind, name, id, where.join("."));
    this.secrets.push(secret);
    return secret;
  }
}

/** The resource's own credentials, then each inline child's (named by the child's id and path), become Secrets. */
function withSecrets(item: Item, variable: string, inputs: Record<string, unknown>, inline: InlineChild[], keys: SecretKeys): void {
  const holders = [
    { decl: item.decl, kind: item.kind, name: item.name, id: item.id, value: inputs },
    ...inline.map((child) => {
      const list = inputs[child.key] as unknown[];
      const at = inline.filter((c) => c.key === child.key).indexOf(child);
      return { decl: kinds[child.kind], kind: child.kind, name: `${item.name} ${child.key}[${at}]`, id: child.id, value: list[at] };
    }),
  ];
  for (const holder of holders) {
    for (const path of holder.decl.credentials ?? []) {
      const value = holder.value as Record<string, unknown>;
      if (value === null || typeof value !== "object") continue;
      // A credential the service never returns (a private key) is still required: it comes from config too.
      if (holder.decl.keepFromState?.includes(path) && value[path] === undefined) value[path] = WRITE_ONLY;
      replaceCredentials(value, path.split("."), (where) =>
        keys.make(variable, where[where.length - 1], holder.kind, holder.name, holder.id, where),
      );
    }
  }
}

/** Declares the items in an order where each refers only to what comes before it (a cycle takes the first as is). */
function declareAll(items: Item[], inlineOf: Map<string, InlineChild[]>, keys: SecretKeys): Declared[] {
  const exported = new Set(items.map((i) => i.id));
  const variables = new Set<string>(["pulumi", "ei", "config"]);
  const refs = new Map<string, Ref>();
  const resources: Declared[] = [];
  const pending = [...items];
  while (pending.length) {
    let at = pending.findIndex((i) => [...idsIn(i.raw, new Set())].every((id) => !exported.has(id) || refs.has(id) || id === i.id));
    if (at < 0) at = 0;
    const [item] = pending.splice(at, 1);
    // The kind first (`ipPolicyOffice`), unless the name already starts with it.
    const base = camel(item.name.startsWith(kebab(item.kind)) ? item.name : `${kebab(item.kind)}-${item.name}`);
    let variable = base;
    for (let n = 2; variables.has(variable); n++) variable = `${base}${n}`;
    variables.add(variable);
    const inputs = withRefs(item.raw, refs) as Record<string, unknown>;
    const inline = inlineOf.get(item.id) ?? [];
    withSecrets(item, variable, inputs, inline, keys);
    refs.set(item.id, new Ref(variable, item.id));
    resources.push({
      kind: item.kind,
      name: item.name,
      variable,
      id: item.id,
      inputs,
      notes: [...(item.decl.export?.notes ?? [])],
      inline,
    });
  }
  return resources;
}

/** Each addition's entry for its parent's list, credentials as Secrets. */
function planAdditions(additions: readonly InlineAddition[], objs: Map<string, any>, keys: SecretKeys): PlannedAddition[] {
  return additions.map((addition): PlannedAddition => {
    const obj = objs.get(addition.id);
    if (!obj) throw new Error(`export: ${addition.kind} ${addition.id} is not in the account read`);
    const decl = kinds[addition.kind];
    const owned = kinds[addition.parent.kind].owns![addition.key];
    const entry = inlineForm(owned, decl, declaredInputs(decl, obj));
    // Named after what tells it apart in the list: a route's match, a rule's CIDR.
    const told = owned.scalar ? entry : (entry as Record<string, unknown>)[owned.key];
    const base = camel(`${kebab(addition.kind)}-${slug(typeof told === "string" ? told : "", 24) || "entry"}`);
    for (const path of decl.credentials ?? [])
      replaceCredentials(entry, path.split("."), (where) =>
        keys.make(base, where[where.length - 1], addition.kind, `${addition.key} of ${addition.parent.id}`, addition.id, where),
      );
    return { ...addition, entry };
  });
}

/** Decides what to declare, under which names, in which order, with which references and secrets. */
export function planExport(snapshot: AccountSnapshot, options: PlanOptions = {}): ExportPlan {
  const { items, skipped, additionObjs } = collect(snapshot, options);
  const inlineOf = options.standaloneChildren ? new Map<string, InlineChild[]>() : foldInline(items);
  const keys = new SecretKeys();
  const resources = declareAll(items, inlineOf, keys);
  const additions = planAdditions(options.additions ?? [], additionObjs, keys);
  return { resources, secrets: keys.secrets, skipped, additions };
}
