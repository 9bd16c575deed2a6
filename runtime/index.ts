/**
 * The provider runtime entry, `@edge-ingress/pulumi/runtime`. Serialized providers in users' state
 * call these functions by name for as long as that state lives: keep every name and signature.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { EdgeIngress } from "../sdk";
import * as lifecycle from "../provider/framework/lifecycle";
import { kindSpec } from "../provider/kinds";

type Props = Record<string, any>;

interface Settings {
  apiKey?: string;
  apiUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
}
let settings: Settings = {};
let client: EdgeIngress | undefined;

/** A whole number from stack config, or undefined when unset; a bad value is the user's to fix. */
function numberSetting(config: dynamic.ConfigureRequest["config"], key: string): number | undefined {
  const raw = config.get(key);
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a whole number, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * Stack config `edgeingress:apiKey` / `edgeingress:apiUrl` (the sdk falls back to the environment),
 * and the client's `edgeingress:timeoutMs` / `edgeingress:maxRetries`.
 */
export async function configure(req: dynamic.ConfigureRequest): Promise<void> {
  const next: Settings = {
    apiKey: req.config.get("edgeingress:apiKey") || undefined,
    apiUrl: req.config.get("edgeingress:apiUrl") || undefined,
    timeoutMs: numberSetting(req.config, "edgeingress:timeoutMs"),
    maxRetries: numberSetting(req.config, "edgeingress:maxRetries"),
  };
  if (JSON.stringify(next) !== JSON.stringify(settings)) {
    settings = next;
    client = undefined;
  }
}

function api(): EdgeIngress {
  const { apiKey, apiUrl, timeoutMs, maxRetries } = settings;
  return (client ??= new EdgeIngress({ apiKey, baseURL: apiUrl, timeoutMs, maxRetries }));
}

export async function check(kind: string, olds: Props, news: Props): Promise<dynamic.CheckResult> {
  return lifecycle.check(kindSpec(kind), olds, news);
}
export async function diff(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  return lifecycle.diff(kindSpec(kind), id, olds, news);
}
export async function create(kind: string, inputs: Props): Promise<dynamic.CreateResult> {
  return lifecycle.create(kindSpec(kind), api(), inputs);
}
export async function read(kind: string, id: string, props?: Props): Promise<dynamic.ReadResult> {
  return lifecycle.read(kindSpec(kind), api(), id, props);
}
export async function update(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  return lifecycle.update(kindSpec(kind), api(), id, olds, news);
}
async function remove(kind: string, id: string, _props: Props): Promise<void> {
  return lifecycle.remove(kindSpec(kind), api(), id);
}
export { remove as delete };

/** The kind's provider object, for the serialized factory (provider/framework/thin.ts) in state. */
export function provider(kind: string): dynamic.ResourceProvider {
  kindSpec(kind); // an unknown kind fails when the provider loads
  return {
    configure,
    check: (olds, news) => check(kind, olds, news),
    diff: (id, olds, news) => diff(kind, id, olds, news),
    create: (inputs) => create(kind, inputs),
    read: (id, props) => read(kind, id, props),
    update: (id, olds, news) => update(kind, id, olds, news),
    delete: (id, props) => remove(kind, id, props),
  };
}
