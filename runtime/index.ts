/**
 * The provider runtime entry, `@edge-ingress/pulumi/runtime`. Serialized providers in users' state
 * call these functions by name for as long as that state lives: keep every name and signature.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  API_KEY_ENV,
  APIConnectionError,
  AuthenticationError,
  BASE_URL_ENV,
  EdgeIngress,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  ValidationError,
} from "../sdk";
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
let connection: Promise<EdgeIngress> | undefined;

/** A whole number from stack config, or undefined when unset; a bad value is the user's to fix. */
function numberSetting(config: dynamic.ConfigureRequest["config"], key: string): number | undefined {
  const raw = config.get(key);
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${key} must be a whole number, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * Stack config `edgeingress:apiKey` / `edgeingress:apiUrl`, else the environment,
 * and the client's `edgeingress:timeoutMs` / `edgeingress:maxRetries`.
 */
export async function configure(req: dynamic.ConfigureRequest): Promise<void> {
  const next: Settings = {
    // The environment is read here too, so a configure after it changed checks the connection again.
    apiKey: req.config.get("edgeingress:apiKey") || process.env[API_KEY_ENV] || undefined,
    apiUrl: req.config.get("edgeingress:apiUrl") || process.env[BASE_URL_ENV] || undefined,
    timeoutMs: numberSetting(req.config, "edgeingress:timeoutMs"),
    maxRetries: numberSetting(req.config, "edgeingress:maxRetries"),
  };
  if (JSON.stringify(next) !== JSON.stringify(settings)) {
    settings = next;
    connection = undefined;
  }
}

/**
 * The client, once its connection is checked: one cheap authenticated GET per provider process, so a
 * missing or wrong key or URL fails at preview with what to set, and a server that is not the API
 * (a wrong path, a proxy) is never read as "everything was deleted".
 */
function api(): Promise<EdgeIngress> {
  if (connection) return connection;
  const attempt = connect(settings).catch((e: unknown) => {
    // A failure that may pass (a lost answer, a 5xx, a 429) is not kept: the next call looks again.
    if (!(e instanceof LastingError) && connection === attempt) connection = undefined;
    throw e;
  });
  return (connection = attempt);
}

/** A connection failure that the user must fix (a key, a URL): kept for the process, not retried per resource. */
class LastingError extends Error {}

async function connect({ apiKey, apiUrl, timeoutMs, maxRetries }: Settings): Promise<EdgeIngress> {
  let client: EdgeIngress;
  try {
    client = new EdgeIngress({ apiKey, baseURL: apiUrl, timeoutMs, maxRetries });
  } catch (e) {
    throw new LastingError(settingError(e).message);
  }
  try {
    // One retry at most: a refused connection or a wrong URL is a setting to fix, said in a second.
    const page = await client.request<{ keys?: unknown }>({ method: "GET", path: "/api_keys", query: { limit: 1 }, maxRetries: Math.min(maxRetries ?? 1, 1) });
    if (!Array.isArray(page?.keys)) throw new Error("GET /api_keys did not answer with a list of keys");
  } catch (e) {
    await client.close();
    const error = connectionError(client.baseURL, e);
    const passing = e instanceof InternalServerError || e instanceof RateLimitError || (e instanceof APIConnectionError && !e.certainlyNotSent);
    throw passing ? error : new LastingError(error.message);
  }
  return client;
}

const SET_KEY = "`pulumi config set --secret edgeingress:apiKey <key>` (or the EDGE_INGRESS_API_KEY environment variable)";
const SET_URL = "`pulumi config set edgeingress:apiUrl <url>` (or the EDGE_INGRESS_API_URL environment variable)";

function settingError(e: unknown): Error {
  if (!(e instanceof ValidationError)) return e as Error;
  if (e.field === "apiKey") return new Error(`edgeingress: no API key is configured; set one with ${SET_KEY}`);
  if (e.field === "baseURL") {
    return new Error(`edgeingress: ${e.rule === "is required" ? "no API URL is configured" : `the API URL ${e.rule}`}; set it with ${SET_URL}`);
  }
  return new Error(`edgeingress: ${e.message}`);
}

function connectionError(url: string, e: unknown): Error {
  const reason = (e as Error).message;
  if (e instanceof AuthenticationError || e instanceof PermissionDeniedError) {
    return new Error(`edgeingress: the API at ${url} refused the API key (${e.status} ${e.errorCode ?? ""}); set a valid one with ${SET_KEY}`);
  }
  if (e instanceof APIConnectionError) return new Error(`edgeingress: cannot reach the API at ${url}: ${reason}; check the URL with ${SET_URL}`);
  return new Error(`edgeingress: ${url} does not answer as the Edge Ingress API (${reason}); check the URL with ${SET_URL}`);
}

export async function check(kind: string, olds: Props, news: Props): Promise<dynamic.CheckResult> {
  await api(); // a wrong key or URL fails at preview
  return lifecycle.check(kindSpec(kind), olds, news);
}
export async function diff(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
  return lifecycle.diff(kindSpec(kind), id, olds, news);
}
export async function create(kind: string, inputs: Props): Promise<dynamic.CreateResult> {
  return lifecycle.create(kindSpec(kind), await api(), inputs);
}
export async function read(kind: string, id: string, props?: Props): Promise<dynamic.ReadResult> {
  return lifecycle.read(kindSpec(kind), await api(), id, props);
}
export async function update(kind: string, id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
  return lifecycle.update(kindSpec(kind), await api(), id, olds, news);
}
async function remove(kind: string, id: string, _props: Props): Promise<void> {
  return lifecycle.remove(kindSpec(kind), await api(), id);
}
export { remove as delete };

/** The kind's provider object, for the serialized factory (provider/framework/provider-factory.ts) in state. */
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
