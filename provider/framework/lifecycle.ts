import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { z } from "zod";
import { APIConnectionError, ConflictError, InternalServerError, NotFoundError, RateLimitError } from "../../sdk/core/errors";
import type { EdgeIngress } from "../../sdk/client";
import { KindApi, KindDeclaration, SERVER_CHOSEN, Within, immutableKeys, inputKeys, updatableKeys, type OwnedChildren } from "./kind";
import { idFormOf } from "./ids";
import { fieldTypesOf, normalise, sameMeaning, sameNormal } from "./normalise";
import { containsUnknown, formatPath, pathHasUnknown } from "./values";
import { bestValidOrder, rulesHold, type Step } from "./module-order";
import { PROVIDER_KEY } from "./provider-factory";
import { DECLARED, SPELLED } from "./hidden-outputs";
import { GONE, readResource, writingApi } from "./page-reads";
import {
  OwnedPartialError,
  applyOwned,
  childFields,
  joinSecrets,
  keptOutputs,
  ownedChanged,
  pairChildren,
  readClaimed,
  readOwned,
  splitSecrets,
  type ChildOps,
  type ChildRules,
} from "./children";

type Props = Record<string, any>;

/** The user's inputs without the engine's `__provider` and without undefined values. */
function userInputs(props: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props ?? {})) {
    if (k !== PROVIDER_KEY && v !== undefined) out[k] = v;
  }
  return out;
}

const defaultOf = (decl: KindDeclaration, key: string): unknown =>
  key in decl.defaults ? decl.defaults[key] : decl.modules?.[key]?.defaults;

/** An input's effective value: what was given, else the service's default (SERVER_CHOSEN if it picks). */
function effective(decl: KindDeclaration, props: Props, key: string): unknown {
  return withDefaults(props[key], defaultOf(decl, key));
}

/** Null is unset: an explicit null takes the default, as an omitted value does (§2.1, §2.3). */
function withDefaults(value: unknown, fallback: unknown): unknown {
  if (value == null) return fallback instanceof Within ? undefined : fallback;
  if (!(fallback instanceof Within) || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const filled: Props = { ...value };
  for (const [key, inner] of Object.entries(fallback.for(filled))) {
    const v = withDefaults(filled[key], inner);
    if (v !== undefined) filled[key] = v;
  }
  return filled;
}

/** An input in the wire's form (a declared list → the service's map); other inputs as they are. */
function toWire(decl: KindDeclaration, key: string, value: unknown): unknown {
  const form = decl.inputForms?.[key];
  return form && value != null ? form.toWire(value) : value;
}

/** What to send for an input: the user's value as given (the service fills its own defaults), the
 *  default of an omitted plain field (removing a description clears it), or null for an omitted
 *  optional object (removing a certificate policy unsets it). */
function requestValue(decl: KindDeclaration, props: Props, key: string): unknown {
  if (props[key] !== undefined) return toWire(decl, key, props[key]);
  const fallback = defaultOf(decl, key);
  if (fallback instanceof Within) return null;
  return fallback === SERVER_CHOSEN ? undefined : fallback;
}

/** A provider-level input of every kind: the id of an existing resource to take over instead of creating one. */
export const ADOPT = "adopt";

export function check(decl: KindDeclaration, _olds: Props, news: Props): dynamic.CheckResult {
  const { [ADOPT]: adopt, ...inputs } = userInputs(joinSecrets(decl, news));
  const failures: dynamic.CheckFailure[] = [];
  if (adopt !== undefined && !containsUnknown(adopt)) {
    const form = idFormOf(decl);
    if (typeof adopt !== "string" || adopt === "") {
      failures.push({ property: ADOPT, reason: `${ADOPT}: must be the id of an existing ${decl.name}` });
    } else if (!form.test(adopt)) {
      failures.push({ property: ADOPT, reason: `${ADOPT}: "${adopt}" does not have the form of ${decl.name} ids (${form.shown})` });
    }
  }
  // An input in its declared form is checked by the form's schema (issues name `backends[1].weight`);
  // the create schema checks everything else, and a value given in the wire form.
  const declared = new Set<string>();
  const issues: z.core.$ZodIssue[] = [];
  const wireInputs: Props = { ...inputs };
  for (const [key, form] of Object.entries(decl.inputForms ?? {})) {
    if (!form.isDeclared(inputs[key])) continue;
    declared.add(key);
    delete wireInputs[key];
    const result = form.schema.safeParse(inputs[key]);
    if (!result.success) issues.push(...result.error.issues.map((issue) => ({ ...issue, path: [key, ...issue.path] })));
  }
  const parsed = decl.createSchema.safeParse(wireInputs);
  if (!parsed.success) issues.push(...parsed.error.issues.filter((issue) => !declared.has(String(issue.path[0]))));
  for (const issue of issues) {
    // Values unknown during preview are checked again when they are known.
    if (pathHasUnknown(inputs, issue.path)) continue;
    // The engine prints a named property's value beside the reason, secret or not: for a secret
    // input the reason alone names the field.
    const shown = (property: string) => (decl.secretInputs?.includes(property) ? "" : property);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        // A misspelt key inside a module or target is named by its whole path, under its top-level input.
        const reason = issue.path.length
          ? `${formatPath([...issue.path, key])}: is not a known field`
          : `${key}: is not a property of ${decl.name}`;
        failures.push({ property: shown(String(issue.path[0] ?? key)), reason });
      }
      continue;
    }
    const property = issue.path.length ? String(issue.path[0]) : "";
    failures.push({ property: shown(property), reason: `${formatPath(issue.path) || decl.name}: ${issue.message}` });
  }
  return { inputs: news, failures };
}

/**
 * Input keys whose effective value differs in meaning between stored outputs and new inputs (see
 * normalise.ts); an omitted service-chosen value, at any depth, matches what the service chose.
 */
function changedKeys(decl: KindDeclaration, olds: Props, news: Props): string[] {
  return inputKeys(decl).filter((key) => {
    const next = effective(decl, news, key);
    if (next === SERVER_CHOSEN) return false; // omitted, the service keeps what it chose
    if (containsUnknown(next)) return true;
    const owned = decl.owns?.[key];
    if (owned) return ownedChanged(owned, CHILD_RULES, next, olds[key]);
    return !sameMeaning(decl, key, next, effective(decl, olds, key));
  });
}

export function diff(decl: KindDeclaration, _id: string, olds: Props, news: Props): dynamic.DiffResult {
  const changed = changedKeys(decl, joinSecrets(decl, olds), joinSecrets(decl, news));
  const immutable = new Set(immutableKeys(decl));
  const replaces = changed.filter((k) => immutable.has(k));
  // A kind with account-unique fields replaces by deleting first: the new one could collide with the
  // old (same value) or with another resource taking the old value in the same update (a swap).
  const deleteBeforeReplace = replaces.length > 0 && (decl.unique ?? []).length > 0;
  return { changes: changed.length > 0, replaces, deleteBeforeReplace };
}

/** Every output: the API object mapped to camelCase inputs and outputs, plus values shown only once. */
export function toOutputs(decl: KindDeclaration, obj: any, previous: Props = {}): Props {
  const mapped = { ...obj, ...moduleInputs(decl, obj), ...(decl.fromApi?.(obj) ?? {}) };
  for (const [key, form] of Object.entries(decl.inputForms ?? {})) if (mapped[key] != null) mapped[key] = form.fromWire(mapped[key]);
  const outs: Props = {};
  for (const key of [...inputKeys(decl), ...decl.outputs]) {
    let value = mapped[key];
    if (value == null && decl.keepFromState?.includes(key)) value = previous[key];
    outs[key] = value ?? null;
  }
  // Owned children are not in the parent's representation: kept until read or applied (children.ts).
  return decl.owns ? { ...outs, ...keptOutputs(decl, previous) } : outs;
}

/** Each module of `obj` in the request shape users declare (null when unset). */
function moduleInputs(decl: KindDeclaration, obj: any): Props {
  const out: Props = {};
  for (const [name, module] of Object.entries(decl.modules ?? {})) {
    const value = obj[name];
    out[name] = value == null ? null : module.toInput ? module.toInput(value) : value;
  }
  return out;
}

/*
 * Inputs after a refresh (docs/provider.md, "Drift"). The engine keeps the inputs `read` returns for the
 * next preview, whose `--diff` then shows `field: <service's value> => <declared value>`; without them
 * it keeps the inputs of the last write, and an update after drift names no field. `read` sees only the
 * outputs, which hold every input key (omitted ones as the service's defaults): returning all of them
 * would show each undeclared default as removed. So each write records, in outputs the engine hides from
 * every display (a `__` key), which inputs were declared and, where the outputs spell a value otherwise
 * (a partial module, a CIDR in another case, a list form, `adopt`, which is no output), its declared
 * spelling (hidden-outputs.ts). State without them (written before, or by `Kind.get`) gets no inputs,
 * as before.
 */

/** Outputs with what the write declared: its input names, and the values the outputs spell otherwise. */
function withDeclared(decl: KindDeclaration, outs: Props, inputs: Props): Props {
  const given = userInputs(inputs);
  const known = new Set([...inputKeys(decl), ADOPT]);
  const keys = Object.keys(given)
    .filter((k) => known.has(k))
    .sort();
  const spelled: Props = {};
  // Exactly as written (a null the outputs lack is a spelling too): the engine shows any difference.
  for (const key of keys) if (key === ADOPT || !isDeepStrictEqual(given[key], outs[key])) spelled[key] = given[key];
  const result: Props = { ...outs, [DECLARED]: keys };
  delete result[SPELLED];
  if (Object.keys(spelled).length) result[SPELLED] = spelled;
  return result;
}

const isPlainObject = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The inputs a refresh gives the engine, or undefined when the state does not record what was
 * declared. Per input: a declared one whose service value means the same as the declaration (§ "How
 * values compare") is the declaration as written, so nothing shows where nothing drifted; one that
 * drifted is the service's value, shaped like the declaration (`asDeclared`). An undeclared one is
 * left out unless the service's value differs from the default the program implies (a description or
 * a module added by hand, which the next update removes), and then it is the service's value.
 * Secret inputs (a kind's `secretInputs`): given back only as declared, in plaintext, and the engine
 * marks each secret again by its name, as the stored input of that name was. One that drifted is left
 * out: the CLI masks both sides of a secret as `[secret]` before comparing them, so the service's value
 * would show no change at all, while a missing one shows as `+ oauth: [secret]`; and the service's
 * secret never enters the inputs. An undeclared one is left out too: with no secret stored input of
 * its name, it would be stored in plaintext. `adopt` is given back as declared; the connection is
 * added by the runtime entry.
 */
export function refreshedInputs(decl: KindDeclaration, outs: Props, props: Props): Props | undefined {
  const declaredKeys = props[DECLARED];
  if (!Array.isArray(declaredKeys)) return undefined;
  const spelled: Props = isPlainObject(props[SPELLED]) ? props[SPELLED] : {};
  const declared = new Set<string>(declaredKeys);
  const secret = new Set(decl.secretInputs ?? []);
  const inputs: Props = {};
  if (declared.has(ADOPT) && spelled[ADOPT] !== undefined) inputs[ADOPT] = spelled[ADOPT];
  for (const key of inputKeys(decl)) {
    const isDeclared = declared.has(key);
    // Not in SPELLED: declared as the outputs of the last write held it.
    const given = isDeclared ? (key in spelled ? spelled[key] : props[key]) : undefined;
    const owned = decl.owns?.[key];
    if (owned) {
      // Owned children (children.ts) compare as a set: the service's list, each child as declared where one is.
      if (!isDeclared || !ownedChanged(owned, CHILD_RULES, given, outs[key])) {
        if (isDeclared) inputs[key] = given;
        continue;
      }
      inputs[key] = Array.isArray(outs[key]) ? refreshedChildren(owned, outs[key], given) : outs[key];
      continue;
    }
    const value = refreshedValue(decl, key, outs, given, isDeclared);
    if (value === KEEP) {
      if (isDeclared) inputs[key] = given;
      continue;
    }
    if (secret.has(key)) continue;
    inputs[key] = value;
  }
  return inputs;
}

const KEEP = Symbol("keep");

/** One input after a refresh: KEEP where the service's value means what was declared (or implied), else that value shaped as declared. */
function refreshedValue(decl: KindDeclaration, key: string, outs: Props, given: unknown, isDeclared: boolean): unknown {
  const next = effective(decl, { [key]: isDeclared ? given : undefined }, key);
  if (next === SERVER_CHOSEN || sameMeaning(decl, key, next, effective(decl, outs, key))) return KEEP;
  return asDeclared(decl, key, outs[key], isDeclared ? given : undefined);
}

/**
 * An owned input that drifted, after a refresh: the service's children, each one shaped by its kind's
 * rules as its declaration (the same child by key), so `--diff` names the fields that differ
 * (`~ routes[1].description`), and one made by hand with the fields it sets beyond the defaults.
 * Secret fields are shown the same way: they are in a secret input of their own (`secrets`).
 */
function refreshedChildren(owned: OwnedChildren, now: unknown[], given: unknown): unknown[] {
  return pairChildren(owned, given, now).map(([held, declared]) => {
    if (owned.scalar || held === null || typeof held !== "object") return declared ?? held;
    const decl: Props = declared !== null && typeof declared === "object" ? (declared as Props) : {};
    const out: Props = {};
    for (const field of childFields(owned)) {
      const isDeclared = decl[field] !== undefined;
      const value = refreshedValue(owned.decl, field, held as Props, decl[field], isDeclared);
      if (value !== KEEP) out[field] = value;
      else if (isDeclared) out[field] = decl[field];
    }
    return out;
  });
}

/**
 * The service's value of input `key` (which differs from `given`, the declaration) in the declaration's
 * shape: in the form it was declared in (the wire's map for a weighted backend declared as a map), and
 * for an object (a module), the declared keys with the declared spelling where they mean the same,
 * and the keys the declaration leaves out only where the service's value is not the default, so that
 * `--diff` names the fields that differ and not every default the service fills in.
 */
function asDeclared(decl: KindDeclaration, key: string, now: unknown, given: unknown): unknown {
  const form = decl.inputForms?.[key];
  if (form && given != null && !form.isDeclared(given) && now != null) return form.toWire(now);
  return shape(fieldTypesOf(decl), [key], now, given, defaultOf(decl, key));
}

function shape(types: ReturnType<typeof fieldTypesOf>, path: string[], now: unknown, given: unknown, fallback: unknown): unknown {
  if (!isPlainObject(now) || (given != null && !isPlainObject(given))) return now;
  const base: Props = isPlainObject(given) ? given : {};
  const defaults = fallback instanceof Within ? fallback.for(now) : {};
  const out: Props = {};
  for (const [k, value] of Object.entries(now)) {
    const at = [...path, k];
    const inner = defaults[k];
    if (base[k] !== undefined) {
      const wanted = withDefaults(base[k], inner);
      const same = wanted === SERVER_CHOSEN || sameNormal(normalise(wanted, types, at), normalise(value, types, at, true));
      out[k] = same ? base[k] : shape(types, at, value, base[k], inner);
    } else if (value != null && inner !== SERVER_CHOSEN) {
      const implied = withDefaults(undefined, inner);
      if (implied !== undefined && sameNormal(normalise(implied, types, at), normalise(value, types, at, true))) continue;
      out[k] = shape(types, at, value, undefined, inner);
    }
  }
  return out;
}

/** An error the engine records as partial state, so what the service made is not orphaned. */
export class PartialStateError extends Error {
  constructor(
    message: string,
    readonly id: string,
    public properties: Props,
    readonly reasons: string[] = [message],
  ) {
    super(message);
    this.name = "PartialStateError";
  }
}

export async function create(decl: KindDeclaration, client: EdgeIngress, inputs: Props): Promise<dynamic.CreateResult> {
  const joined = joinSecrets(decl, inputs);
  const made = await apart(decl, () => createOrAdopt(decl, client, joined));
  return { ...made, outs: splitSecrets(decl, withDeclared(decl, made.outs, joined)) };
}

/** Runs `work` with partial state recorded as the resource class stores it (owned secret fields apart). */
async function apart<T>(decl: KindDeclaration, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PartialStateError) e.properties = splitSecrets(decl, e.properties);
    throw e;
  }
}

async function createOrAdopt(decl: KindDeclaration, client: EdgeIngress, inputs: Props): Promise<dynamic.CreateResult> {
  if (typeof inputs[ADOPT] === "string") return adopt(decl, client, inputs[ADOPT], inputs);
  const params: Props = {};
  for (const key of inputKeys(decl)) if (inputs[key] !== undefined && !decl.owns?.[key]) params[key] = toWire(decl, key, inputs[key]);
  const obj = await createOnce(decl, client, params, inputs);
  let outs: Props;
  try {
    // Write-only inputs (a private key) are kept from what was declared.
    outs = toOutputs(decl, obj, inputs);
  } catch (e) {
    // Its outputs cannot be compared with: every declared value is kept as declared.
    const declared = withDeclared(decl, {}, inputs);
    throw new PartialStateError(`${decl.name} ${obj.id} was created but its outputs could not be read: ${(e as Error).message}`, obj.id, {
      ...obj,
      [DECLARED]: declared[DECLARED],
      [SPELLED]: declared[SPELLED],
      [PROVIDER_KEY]: inputs[PROVIDER_KEY],
    });
  }
  if (decl.owns) outs = { ...outs, ...(await withOwned(decl, client, obj.id, {}, inputs, outs)) };
  return { id: obj.id, outs };
}

/**
 * The owned children applied after the parent's own fields (children.ts). A failure part-way records
 * the parent with the children made so far as partial state: nothing is orphaned, the next update
 * continues.
 */
async function withOwned(decl: KindDeclaration, client: EdgeIngress, id: string, olds: Props, news: Props, outs: Props): Promise<Props> {
  try {
    return await applyOwned(decl, client, id, olds, news, childOps(client));
  } catch (e) {
    if (!(e instanceof OwnedPartialError)) throw e;
    throw new PartialStateError(`${decl.name} ${id}: ${e.message}`, id, { ...outs, ...e.outputs, [PROVIDER_KEY]: news[PROVIDER_KEY] });
  }
}

/**
 * Takes over an existing resource (dynamic providers cannot `pulumi import`): reads it and converges it
 * to the declared inputs. A field that cannot change after creation must already match.
 */
async function adopt(decl: KindDeclaration, client: EdgeIngress, id: string, inputs: Props): Promise<dynamic.CreateResult> {
  let obj: any;
  try {
    obj = await decl.api(client).get(id);
  } catch (e) {
    if (e instanceof NotFoundError)
      throw new Error(`${ADOPT}: there is no ${decl.name} with id "${id}" (it does not exist, or it is another kind)`);
    throw e;
  }
  // A value the service does not show (a private key) cannot differ from anything: the declared one is kept.
  claim(obj);
  // Declared owned children claim the ones the resource has: they are compared and converged too.
  const current = {
    ...toOutputs(decl, obj, inputs),
    ...(decl.owns ? await readClaimed(decl, CHILD_RULES, client, obj.id, inputs, obj) : {}),
  };
  const { changes, replaces = [] } = diff(decl, obj.id, current, inputs);
  if (replaces.length) {
    // Each field with both values, so the user can tell which side to fix; a secret one by name only.
    const parts = replaces.map((key) =>
      decl.secretInputs?.includes(key)
        ? `another ${key} than declared (secret, not shown)`
        : `${key} ${valueText(current[key])} but ${valueText(effective(decl, inputs, key))} is declared`,
    );
    throw new Error(
      `${ADOPT}: ${decl.name} ${obj.id} has ${parts.join(", and ")}, which cannot change after creation; declare ${replaces.length > 1 ? "its values" : "its value"} or create a new one`,
    );
  }
  if (!changes) return { id: obj.id, outs: current };
  return { id: obj.id, outs: (await updateOutputs(decl, client, obj.id, current, inputs)).outs };
}

/** A value for a message: JSON, cut short when long (a PEM). */
function valueText(value: unknown): string {
  if (value == null) return "none";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The request may have been applied although no answer came: a reset or timeout after sending, a 5xx. */
function ambiguous(e: unknown): boolean {
  return e instanceof InternalServerError || (e instanceof APIConnectionError && !e.certainlyNotSent);
}

/** A failure that says nothing about the request's fate beyond "try again": ambiguous, a 429, or not sent. */
function passing(e: unknown): boolean {
  return ambiguous(e) || e instanceof RateLimitError || e instanceof APIConnectionError;
}

const LOST_CREATE_ATTEMPTS = 5;
/** The service's `Date` header has whole seconds: a creation after our request may read up to 1 s earlier. */
const CLOCK_RESOLUTION_MS = 1000;

/**
 * Ids this provider process made or adopted. A lost create never takes one of these: it belongs to
 * another resource (two identical keys made in the same `up`).
 */
const claimed = new Set<string>();
function claim<T extends { id: string }>(obj: T): T {
  claimed.add(obj.id);
  return obj;
}

/**
 * One create, without duplicates or takeovers when an answer is lost (docs/provider.md, "A create whose
 * answer is lost"). Every attempt carries the same idempotency key: where the service honours keys
 * (it says so in `Edge-Ingress-Extensions`), sending again is answered with what the first request did,
 * so nothing has to be guessed. Otherwise, and when attempts run out or a later attempt fails for good,
 * the resources that could be this request's are looked up: equal fields, created by the service's
 * clock after the request began, and not made or adopted in this process for another resource. None:
 * not applied, sent again. Exactly one: ours. Any other evidence (several, or one whose creation time
 * cannot be placed) fails naming them, since a failed `up` can be retried and a resource taken from
 * someone else cannot be given back.
 */
async function createOnce(decl: KindDeclaration, client: EdgeIngress, params: Props, inputs: Props): Promise<any> {
  const api = writingApi(decl.api(client));
  const idempotencyKey = randomUUID();
  const offset = client.service?.clockOffsetMs;
  const since = offset === undefined ? undefined : Date.now() + offset - CLOCK_RESOLUTION_MS;
  let lost = false;
  for (let attempt = 1; ; attempt++) {
    try {
      return claim(await api.create(params, { idempotencyKey }));
    } catch (e) {
      const keys = client.service?.idempotencyKeys === true;
      // With keys the sdk itself sends a create again after a lost answer: a 429 or a refused
      // connection at the end may hide an earlier send that was applied.
      if (keys && passing(e)) lost = true;
      // Before any lost answer, a failure means nothing was made.
      if (!lost && !ambiguous(e)) throw e;
      lost = true;
      const last = attempt >= LOST_CREATE_ATTEMPTS;
      // With keys, the repeat's answer is authoritative: what the first request did, or a new create.
      if (keys && passing(e) && !last) continue;
      // Even after the last attempt, or a failure for good: what an earlier one made must be found, not orphaned.
      const { ours, unplaced } = await candidates(decl, client, params, inputs, since);
      if (ours.length > 1 || unplaced.length) {
        const ids = [...ours, ...unplaced].map((m) => m.id).join(", ");
        throw new Error(
          `${decl.name}: the answer to a create was lost, and which resource it made cannot be told apart from others with the same fields (${ids}). ` +
            `Nothing was adopted or deleted. If one of them is this resource's, declare it with adopt: "<id>" and run up again; otherwise remove the ones that are not someone else's.`,
        );
      }
      if (ours.length === 1) {
        if (!decl.recreateLostCreate) return claim(ours[0]);
        // Its secret was only in the lost answer: made again, so the one we made is not left behind.
        await remove(decl, client, ours[0].id);
      }
      // Without keys, a conflict after a lost answer was our own request: found above, or gone since.
      if (last || !(passing(e) || e instanceof ConflictError)) throw e;
    }
  }
}

/**
 * What a lost create may have made: resources with the declared fields that no other resource of this
 * process owns, split into those created after `since` (service clock) and those whose creation cannot
 * be placed (no creation time, or no service clock known). Those created before the request are not
 * candidates at all: they are someone else's.
 */
async function candidates(
  decl: KindDeclaration,
  client: EdgeIngress,
  params: Props,
  inputs: Props,
  since: number | undefined,
): Promise<{ ours: any[]; unplaced: any[] }> {
  const items = await listWithRetries(decl, client, params);
  const ours: any[] = [];
  const unplaced: any[] = [];
  for (const item of items) {
    // A value the service never shows (a private key) is taken as declared, as adopting does.
    if (claimed.has(item.id) || changedKeys(decl, toOutputs(decl, item, inputs), inputs).length) continue;
    const created = typeof item.createdAt === "string" ? Date.parse(item.createdAt) : NaN;
    if (since === undefined || Number.isNaN(created)) unplaced.push(item);
    else if (created >= since) ours.push(item);
  }
  return { ours, unplaced };
}

/** The kind's list (what a create may have made), tried again while it fails in a way that may pass. */
async function listWithRetries(decl: KindDeclaration, client: EdgeIngress, params: Props): Promise<any[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const listed = decl.listFor ? decl.listFor(client, params) : decl.api(client).list?.();
      if (!listed) throw new Error(`${decl.name} cannot be listed`);
      const items: any[] = [];
      if (Symbol.asyncIterator in listed) for await (const item of listed as AsyncIterable<any>) items.push(item);
      else items.push(...(await listed));
      return items;
    } catch (e) {
      if (attempt >= LOST_CREATE_ATTEMPTS || !passing(e)) {
        throw new Error(
          `${decl.name}: the answer to a create was lost, and what it may have made could not be listed (${(e as Error).message}); list the ${decl.name} resources and adopt the one made now, if any, with adopt: "<id>"`,
        );
      }
    }
  }
}

/** The resource as the service has it; from the kind's pages where that is cheaper (page-reads.ts). */
export async function read(decl: KindDeclaration, client: EdgeIngress, id: string, stored: Props = {}): Promise<dynamic.ReadResult> {
  const props = joinSecrets(decl, stored);
  try {
    const obj = await readResource(decl, client, id, props);
    if (obj === GONE) return {}; // absent from the complete list, as a 404 would say
    const outs = toOutputs(decl, obj, props);
    // Children of a set the stack owns, read from their list: one made by hand is drift.
    const all = decl.owns ? { ...outs, ...(await readOwned(decl, CHILD_RULES, client, obj.id, outs, obj)) } : outs;
    // What was recorded at the last write stays as it is: a refresh learns nothing about declarations.
    for (const key of [DECLARED, SPELLED]) if (props[key] != null) all[key] = props[key];
    const inputs = refreshedInputs(decl, all, props);
    const split = splitSecrets(decl, all);
    return inputs ? { id: obj.id, props: split, inputs: splitSecrets(decl, inputs) } : { id: obj.id, props: split };
  } catch (e) {
    if (e instanceof NotFoundError) return {}; // gone: the engine drops it from state
    throw e;
  }
}

export async function update(
  decl: KindDeclaration,
  client: EdgeIngress,
  id: string,
  olds: Props,
  news: Props,
): Promise<dynamic.UpdateResult> {
  const joined = joinSecrets(decl, news);
  const { outs } = await apart(decl, () => updateOutputs(decl, client, id, joinSecrets(decl, olds), joined));
  return { outs: splitSecrets(decl, withDeclared(decl, outs, joined)) };
}

/** Children compare and read by the rules of their own kind, as a standalone resource of it would. */
export const CHILD_RULES: ChildRules = {
  outputs: (decl, obj) => toOutputs(decl, obj),
  changed: (decl, stored, declared) => changedKeys(decl, stored, declared),
};

/** And are made and updated by them: a lost create is found, not made twice; modules change in fail-closed order. */
const childOps = (client: EdgeIngress): ChildOps => ({
  ...CHILD_RULES,
  create: (decl, params) => createOnce(decl, client, params, params),
  update: async (decl, id, stored, declared) => (await updateOutputs(decl, client, id, stored, declared)).outs,
});

async function updateOutputs(
  decl: KindDeclaration,
  client: EdgeIngress,
  id: string,
  olds: Props,
  news: Props,
): Promise<dynamic.UpdateResult> {
  const updatable = new Set(updatableKeys(decl));
  const changed = changedKeys(decl, olds, news).filter((key) => updatable.has(key));
  const api = writingApi(decl.api(client));
  const modules = decl.modules ?? {};
  const fields: Props = {};
  for (const key of changed) if (!(key in modules) && !decl.owns?.[key]) fields[key] = requestValue(decl, news, key);
  const owned = changed.filter((key) => decl.owns?.[key]);
  let outs: Props;
  if (changed.some((key) => key in modules)) outs = await updateWithModules(decl, api, id, olds, news, changed, fields);
  else if (Object.keys(fields).length) outs = fromUpdateAnswer(decl, await api.update(id, fields), olds, fields);
  // Only owned children changed: the parent's stored outputs stand (no read needed).
  else if (owned.length) outs = Object.fromEntries(Object.entries(olds).filter(([k]) => k !== PROVIDER_KEY));
  else outs = toOutputs(decl, await api.get(id), olds);
  if (!owned.length) return { outs };
  return { outs: { ...outs, ...(await withOwned(decl, client, id, olds, news, outs)) } };
}

/** One request of an update with modules: `whole` when its answer is the whole resource (a PATCH). */
interface UpdateStep extends Step {
  run(): Promise<void>;
  readonly whole?: boolean;
}

/**
 * Outputs from a PATCH answer. An input that was not sent keeps its stored value: the service may
 * answer it blank (§2.10, §2.11 show `backends` empty when only metadata was sent), and taking that at
 * face value would show a false change at the next preview. Sent inputs and outputs come from the answer.
 */
function fromUpdateAnswer(decl: KindDeclaration, obj: any, olds: Props, sent: Props): Props {
  const outs = toOutputs(decl, obj, olds);
  for (const key of inputKeys(decl)) if (!(key in sent) && key in olds) outs[key] = olds[key];
  return outs;
}

/**
 * One request per changed piece. Preferred order, so that traffic never opens on the way (fail
 * closed): a removed backend goes first; guards (IP restrictions, mutual TLS, auth) are set before
 * fields and a new backend; removed guards go last. The service checks its rules between modules on
 * the resource after each request (no mutual TLS while TLS ends upstream, §2.3), so the order taken is
 * one in which the resource after every step passes the kind's create schema, with each step as early
 * as it can be, most preferred first: a step moves ahead only to let a more preferred one through
 * (module-order.ts). If there is none and the kind's PATCH sets modules (§4.1.6), the fields and the
 * modules set go in one PATCH; failing that too, the preferred order is kept and the service reports
 * the rule. If a step fails, what was applied is recorded as partial state, so the next update carries
 * on from there.
 */
async function updateWithModules(
  decl: KindDeclaration,
  api: KindApi<any>,
  id: string,
  olds: Props,
  news: Props,
  changed: string[],
  fields: Props,
): Promise<Props> {
  const modules = decl.modules!;
  const removed = changed.filter((m) => m in modules && news[m] == null);
  const set = changed.filter((m) => m in modules && news[m] != null);
  const isGuard = (m: string) => modules[m].guard === true;
  let outs: Props = { ...olds };
  const put = (m: string): UpdateStep => ({
    what: `set ${m}`,
    keys: [m],
    run: async () => {
      const module = await api.replaceModule!(id, m, news[m]);
      outs = { ...outs, [m]: modules[m].toInput ? modules[m].toInput!(module) : module };
    },
  });
  const del = (m: string): UpdateStep => ({
    what: `remove ${m}`,
    keys: [m],
    run: async () => {
      try {
        await api.deleteModule!(id, m);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e; // already unset
      }
      outs = { ...outs, [m]: null };
    },
  });
  const patch = (body: Props, what: string): UpdateStep => ({
    what,
    keys: Object.keys(body),
    whole: true,
    run: async () => void (outs = fromUpdateAnswer(decl, await api.update(id, body), outs, body)),
  });
  const hasFields = Object.keys(fields).length > 0;
  const first = removed.filter((m) => !isGuard(m)).map(del);
  const last = removed.filter(isGuard).map(del);
  const preferred = [
    ...first,
    ...set.filter(isGuard).map(put),
    ...(hasFields ? [patch(fields, "update fields")] : []),
    ...set.filter((m) => !isGuard(m)).map(put),
    ...last,
  ];
  const holds = rulesHold(decl, olds, news, new Set(changed));
  let steps = preferred.length > 1 ? bestValidOrder(preferred, holds) : preferred;
  if (!steps && set.length + (hasFields ? 1 : 0) > 1 && decl.patchSetsModules) {
    const body = { ...fields, ...Object.fromEntries(set.map((m) => [m, news[m]])) };
    steps = bestValidOrder([...first, patch(body, `update ${Object.keys(body).join(", ")}`), ...last], holds);
  }
  steps ??= preferred;
  for (const step of steps) {
    try {
      await step.run();
    } catch (e) {
      // Recorded with the inputs the engine keeps for it (the new ones), so a refresh still reads them.
      const partial = new PartialStateError(`${decl.name} ${id}: could not ${step.what}: ${(e as Error).message}`, id, {
        ...withDeclared(decl, outs, news),
        [PROVIDER_KEY]: news[PROVIDER_KEY],
      });
      // What failed: an owned child found gone here is made again (children.ts).
      throw Object.assign(partial, { cause: e });
    }
  }
  // A PATCH alone answers with the whole resource. A module's answer holds only the module: read back
  // once so outputs the service derives (e.g. read-only module fields) stay exact.
  if (steps.length === 1 && steps[0].whole) return outs;
  return toOutputs(decl, await api.get(id), outs);
}

export async function remove(decl: KindDeclaration, client: EdgeIngress, id: string): Promise<void> {
  try {
    await writingApi(decl.api(client)).delete(id);
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e; // already gone is done
  }
}
