import type * as dynamic from "@pulumi/pulumi/dynamic";
import { NotFoundError, type EdgeIngress } from "../../sdk";
import { KindApi, KindSpec, SERVER_CHOSEN, Within, immutableKeys, inputKeys, updatableKeys } from "./kind";
import { containsUnknown, formatPath, pathHasUnknown, sameValue } from "./values";

type Props = Record<string, any>;
const PROVIDER_KEY = "__provider";

/** The user's inputs without the engine's `__provider` and without undefined values. */
function userInputs(props: Props): Props {
  const out: Props = {};
  for (const [k, v] of Object.entries(props ?? {})) {
    if (k !== PROVIDER_KEY && v !== undefined) out[k] = v;
  }
  return out;
}

const defaultOf = (spec: KindSpec, key: string): unknown => (key in spec.defaults ? spec.defaults[key] : spec.modules?.[key]?.defaults);

/** An input's effective value: what was given, else the service's default (SERVER_CHOSEN if it picks). */
function effective(spec: KindSpec, props: Props, key: string): unknown {
  return withDefaults(props[key], defaultOf(spec, key));
}

function withDefaults(value: unknown, fallback: unknown): unknown {
  if (value === undefined) return fallback instanceof Within ? undefined : fallback;
  if (!(fallback instanceof Within) || value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const filled: Props = { ...value };
  for (const [key, inner] of Object.entries(fallback.for(filled))) {
    const v = withDefaults(filled[key], inner);
    if (v !== undefined) filled[key] = v;
  }
  return filled;
}

/** What to send for an input: the user's value as given (the service fills its own defaults), or the
 *  default of an omitted plain field (so removing a description clears it). */
function requestValue(spec: KindSpec, props: Props, key: string): unknown {
  if (props[key] !== undefined) return props[key];
  const fallback = defaultOf(spec, key);
  return fallback instanceof Within || fallback === SERVER_CHOSEN ? undefined : fallback;
}

export function check(spec: KindSpec, _olds: Props, news: Props): dynamic.CheckResult {
  const inputs = userInputs(news);
  const parsed = spec.createSchema.safeParse(inputs);
  const failures: dynamic.CheckFailure[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // Values unknown during preview are checked again when they are known.
      if (pathHasUnknown(inputs, issue.path)) continue;
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) failures.push({ property: key, reason: `${key}: is not a property of ${spec.name}` });
        continue;
      }
      const property = issue.path.length ? String(issue.path[0]) : "";
      // The engine prints a named property's value beside the reason, secret or not: for a secret
      // input the reason alone names the field.
      const shown = spec.secretInputs?.includes(property) ? "" : property;
      failures.push({ property: shown, reason: `${formatPath(issue.path) || spec.name}: ${issue.message}` });
    }
  }
  return { inputs: news, failures };
}

/** Input keys whose effective value differs between stored outputs and new inputs. */
function changedKeys(spec: KindSpec, olds: Props, news: Props): string[] {
  return inputKeys(spec).filter((key) => {
    const next = effective(spec, news, key);
    if (next === SERVER_CHOSEN) return false; // omitted, the service keeps what it chose
    if (containsUnknown(next)) return true;
    return !sameValue(next, effective(spec, olds, key));
  });
}

export function diff(spec: KindSpec, _id: string, olds: Props, news: Props): dynamic.DiffResult {
  const changed = changedKeys(spec, olds, news);
  const immutable = new Set(immutableKeys(spec));
  const replaces = changed.filter((k) => immutable.has(k));
  const deleteBeforeReplace = replaces.length > 0 && (spec.unique ?? []).some((k) => !changed.includes(k));
  return { changes: changed.length > 0, replaces, deleteBeforeReplace };
}

/** Every output: the API object mapped to camelCase inputs and outputs, plus values shown only once. */
export function toOutputs(spec: KindSpec, obj: any, previous: Props = {}): Props {
  const mapped = { ...obj, ...moduleInputs(spec, obj), ...(spec.fromApi?.(obj) ?? {}) };
  const outs: Props = {};
  for (const key of [...inputKeys(spec), ...spec.outputs]) {
    let value = mapped[key];
    if (value == null && spec.keepFromState?.includes(key)) value = previous[key];
    outs[key] = value ?? null;
  }
  return outs;
}

/** Each module of `obj` in the request shape users declare (null when unset). */
function moduleInputs(spec: KindSpec, obj: any): Props {
  const out: Props = {};
  for (const [name, module] of Object.entries(spec.modules ?? {})) {
    const value = obj[name];
    out[name] = value == null ? null : module.toInput ? module.toInput(value) : value;
  }
  return out;
}

/** An error the engine records as partial state, so what the service made is not orphaned. */
export class PartialStateError extends Error {
  constructor(message: string, readonly id: string, readonly properties: Props, readonly reasons: string[] = [message]) {
    super(message);
    this.name = "PartialStateError";
  }
}

export async function create(spec: KindSpec, client: EdgeIngress, inputs: Props): Promise<dynamic.CreateResult> {
  const params: Props = {};
  for (const key of inputKeys(spec)) if (inputs[key] !== undefined) params[key] = inputs[key];
  const obj = await spec.api(client).create(params);
  try {
    return { id: obj.id, outs: toOutputs(spec, obj) };
  } catch (e) {
    throw new PartialStateError(`${spec.name} ${obj.id} was created but its outputs could not be read: ${(e as Error).message}`, obj.id, { ...obj, [PROVIDER_KEY]: inputs[PROVIDER_KEY] });
  }
}

export async function read(spec: KindSpec, client: EdgeIngress, id: string, props: Props = {}): Promise<dynamic.ReadResult> {
  try {
    const obj = await spec.api(client).get(id);
    return { id: obj.id, props: toOutputs(spec, obj, props) };
  } catch (e) {
    if (e instanceof NotFoundError) return {}; // gone: the engine drops it from state
    throw e;
  }
}

export async function update(spec: KindSpec, client: EdgeIngress, id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  const updatable = new Set(updatableKeys(spec));
  const changed = changedKeys(spec, olds, news).filter((key) => updatable.has(key));
  const api = spec.api(client);
  const modules = spec.modules ?? {};
  const fields: Props = {};
  for (const key of changed) if (!(key in modules)) fields[key] = requestValue(spec, news, key);
  if (!Object.keys(modules).length) {
    const obj = Object.keys(fields).length ? await api.update(id, fields) : await api.get(id);
    return { outs: toOutputs(spec, obj, olds) };
  }
  return { outs: await updateWithModules(spec, api, id, olds, news, changed, fields) };
}

/**
 * One request per changed piece, in an order that never opens traffic on the way: a removed backend
 * goes first; guards (IP restrictions, mutual TLS, auth) are set before fields and a new backend;
 * removed guards go last. If a step fails, what was applied is recorded as partial state, so the next
 * update carries on from there.
 */
async function updateWithModules(spec: KindSpec, api: KindApi<any>, id: string, olds: Props, news: Props, changed: string[], fields: Props): Promise<Props> {
  const modules = spec.modules!;
  const removed = changed.filter((m) => m in modules && news[m] == null);
  const set = changed.filter((m) => m in modules && news[m] != null);
  const isGuard = (m: string) => modules[m].guard === true;
  let outs: Props = { ...olds };
  const steps: Array<[string, () => Promise<void>]> = [];
  const put = (m: string): [string, () => Promise<void>] => [
    `set ${m}`,
    async () => {
      const module = await api.replaceModule!(id, m, news[m]);
      outs = { ...outs, [m]: modules[m].toInput ? modules[m].toInput!(module) : module };
    },
  ];
  const del = (m: string): [string, () => Promise<void>] => [
    `remove ${m}`,
    async () => {
      try {
        await api.deleteModule!(id, m);
      } catch (e) {
        if (!(e instanceof NotFoundError)) throw e; // already unset
      }
      outs = { ...outs, [m]: null };
    },
  ];
  steps.push(...removed.filter((m) => !isGuard(m)).map(del));
  steps.push(...set.filter(isGuard).map(put));
  if (Object.keys(fields).length) {
    steps.push(["update fields", async () => void (outs = toOutputs(spec, await api.update(id, fields), outs))]);
  }
  steps.push(...set.filter((m) => !isGuard(m)).map(put));
  steps.push(...removed.filter(isGuard).map(del));
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (e) {
      throw new PartialStateError(`${spec.name} ${id}: could not ${what}: ${(e as Error).message}`, id, { ...outs, [PROVIDER_KEY]: news[PROVIDER_KEY] });
    }
  }
  // Read back once: outputs the service derives (e.g. read-only module fields) stay exact.
  return toOutputs(spec, await api.get(id), outs);
}

export async function remove(spec: KindSpec, client: EdgeIngress, id: string): Promise<void> {
  try {
    await spec.api(client).delete(id);
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e; // already gone is done
  }
}
