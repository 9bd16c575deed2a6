/**
 * Where a resource's requests go: stack config (or the environment), or the resource's own
 * `connection` (another account). Each connection is checked once per provider process.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { API_KEY_ENV, BASE_URL_ENV, EdgeIngress, isHttpUrl } from "../sdk/client";
import {
  APIConnectionError,
  AuthenticationError,
  InternalServerError,
  PermissionDeniedError,
  RateLimitError,
  ValidationError,
} from "../sdk/core/errors";

import { CONNECTION, type ConnectionValue } from "../provider/connection-value";
import { UserError } from "./user-error";

type Props = Record<string, any>;

export interface Settings {
  apiKey?: string;
  apiUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
  rateLimitWaitMs?: number;
  /** Where the key came from (`stack config edgeingress:apiKey`), named in connection errors. */
  keyFrom?: string;
}
let settings: Settings = {};
/** Checked clients by connection ("" is stack config's). */
const clients = new Map<string, Promise<EdgeIngress>>();

/** A whole number from stack config, or undefined when unset; a bad value is the user's to fix. */
function numberSetting(config: dynamic.ConfigureRequest["config"], key: string): number | undefined {
  const raw = config.get(key);
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new UserError(`${key} must be a whole number, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * Stack config `edgeingress:apiKey` / `edgeingress:apiUrl`, else the environment,
 * and the client's `edgeingress:timeoutMs` / `edgeingress:maxRetries` / `edgeingress:rateLimitWaitMs`
 * (for every connection).
 */
export async function configure(req: dynamic.ConfigureRequest): Promise<void> {
  const next: Settings = {
    ...withEnvironment({ apiKey: req.config.get("edgeingress:apiKey"), apiUrl: req.config.get("edgeingress:apiUrl") }, "stack config"),
    timeoutMs: numberSetting(req.config, "edgeingress:timeoutMs"),
    maxRetries: numberSetting(req.config, "edgeingress:maxRetries"),
    rateLimitWaitMs: numberSetting(req.config, "edgeingress:rateLimitWaitMs"),
  };
  if (JSON.stringify(next) !== JSON.stringify(settings)) {
    settings = next;
    clients.clear();
  }
}

/**
 * The configured key and URL, else the environment's (read at each configure, so a configure after it
 * changed checks the connection again), with where the key came from (`from`: "stack config").
 */
export function withEnvironment(
  given: { apiKey?: string; apiUrl?: string },
  from: string,
): Pick<Settings, "apiKey" | "apiUrl" | "keyFrom"> {
  const apiKey = given.apiKey || process.env[API_KEY_ENV] || undefined;
  const keyFrom = !apiKey ? undefined : given.apiKey ? `${from} edgeingress:apiKey` : `the ${API_KEY_ENV} environment variable`;
  return { apiKey, apiUrl: given.apiUrl || process.env[BASE_URL_ENV] || undefined, keyFrom };
}

/** The resource's own connection, if it has one (undefined: stack config's). */
export function connectionOf(props: Props | undefined): ConnectionValue | undefined {
  const value = props?.[CONNECTION];
  return value && typeof value === "object" ? (value as ConnectionValue) : undefined;
}

/** What is wrong with a declared connection, for preview; the key is never shown. */
export function connectionProblems(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [`${CONNECTION}: must be a Connection`];
  const { name, apiUrl, apiKey, ...rest } = value as Props;
  const problems = Object.keys(rest).map((key) => `${CONNECTION}.${key}: is not a known field`);
  if (typeof apiUrl !== "string" || !isHttpUrl(apiUrl))
    problems.push(`${CONNECTION}.apiUrl: ${label(name)} needs an http(s) URL, got ${JSON.stringify(apiUrl ?? null)}`);
  if (typeof apiKey !== "string" || apiKey === "") problems.push(`${CONNECTION}.apiKey: ${label(name)} needs a non-empty API key`);
  return problems;
}

const label = (name: unknown) => (typeof name === "string" && name ? `Connection "${name}"` : "the connection");

/**
 * What identifies a connection: its URL (in canonical form) and key; "" for stack config's. The name only
 * labels it. Keys both the client cache and the comparison of a resource's old and new connection.
 */
function connectionKey(connection: ConnectionValue | undefined): string {
  if (!connection) return "";
  const url = URL.canParse(connection.apiUrl) ? new URL(connection.apiUrl).href.replace(/\/$/, "") : connection.apiUrl;
  return JSON.stringify([url, connection.apiKey]);
}

/** Same account binding: both stack config's, or the same URL and key. */
export const sameConnection = (a: ConnectionValue | undefined, b: ConnectionValue | undefined): boolean =>
  connectionKey(a) === connectionKey(b);

/**
 * The client of a connection, once checked: one cheap authenticated GET per connection and provider
 * process, so a missing or wrong key or URL fails at preview with what to set, and a server that is
 * not the API (a wrong path, a proxy) is never read as "everything was deleted".
 */
export function clientFor(connection?: ConnectionValue): Promise<EdgeIngress> {
  return checkedClient(connectionKey(connection), () => (connection ? explicit(connection) : stackConfig()));
}

/**
 * The checked client under `key`, connecting to `target()` on first use: a lasting failure is kept for
 * the process, one that may pass (a lost answer, a 5xx, a 429) is not, so the next call looks again.
 */
export function checkedClient(key: string, target: () => Target): Promise<EdgeIngress> {
  const known = clients.get(key);
  if (known) return known;
  const attempt = connect(target()).catch((e: unknown) => {
    if (!(e instanceof LastingError) && clients.get(key) === attempt) clients.delete(key);
    throw e;
  });
  clients.set(key, attempt);
  return attempt;
}

/** What to connect to, and how to tell the user to fix it. */
export interface Target extends Settings {
  /** Prefix of every message. */
  who: string;
  setKey: string;
  setUrl: string;
  /** Ends a message about the connection: which one it is, when the prefix does not say. */
  whose?: string;
}

/** Stack config's connection, or (`provider`) a native provider's configuration, which the same keys set. */
export function configTarget(from: Settings, provider = false): Target {
  const whose = `${provider ? "the provider's" : "the stack's"} connection, ${from.keyFrom ? `API key from ${from.keyFrom}` : "no API key"}`;
  return {
    ...from,
    who: "edgeingress",
    setKey: `\`pulumi config set --secret edgeingress:apiKey <key>\` (or the ${API_KEY_ENV} environment variable)`,
    setUrl: `\`pulumi config set edgeingress:apiUrl <url>\` (or the ${BASE_URL_ENV} environment variable)`,
    // Said of every resource's check alike: it is the connection that fails, not the resource.
    whose: provider ? whose : `${whose}: every resource using it fails alike until it is fixed`,
  };
}

const stackConfig = (): Target => configTarget(settings);

function explicit(connection: ConnectionValue): Target {
  const name = label(connection.name);
  return {
    ...settings,
    apiKey: connection.apiKey,
    apiUrl: connection.apiUrl,
    who: `edgeingress: ${name}`,
    setKey: `the apiKey of ${name}`,
    setUrl: `the apiUrl of ${name}`,
  };
}

/** A connection failure that the user must fix (a key, a URL): kept for the process, not retried per resource. */
export class LastingError extends UserError {}

export async function connect(target: Target): Promise<EdgeIngress> {
  const { apiKey, apiUrl, timeoutMs, maxRetries, rateLimitWaitMs } = target;
  let client: EdgeIngress;
  try {
    client = new EdgeIngress({ apiKey, baseURL: apiUrl, timeoutMs, maxRetries, rateLimitWaitMs });
  } catch (e) {
    throw new LastingError(settingError(target, e).message);
  }
  try {
    // One retry at most: a refused connection or a wrong URL is a setting to fix, said in a second.
    const page = await client.request<{ keys?: unknown }>({
      method: "GET",
      path: "/api_keys",
      query: { limit: 1 },
      maxRetries: Math.min(maxRetries ?? 1, 1),
    });
    if (!Array.isArray(page?.keys)) throw new Error("GET /api_keys did not answer with a list of keys");
  } catch (e) {
    await client.close();
    const error = connectionError(target, client.baseURL, e);
    const passing =
      e instanceof InternalServerError || e instanceof RateLimitError || (e instanceof APIConnectionError && !e.certainlyNotSent);
    throw passing ? error : new LastingError(error.message);
  }
  return client;
}

/** The message with the connection it concerns named at its end. */
const naming = (message: string, { whose }: Target): string => (whose ? `${message} (${whose})` : message);

function settingError(target: Target, e: unknown): Error {
  const error = settingProblem(target, e);
  return error === e ? error : new Error(naming(error.message, target));
}

function settingProblem({ who, setKey, setUrl }: Target, e: unknown): Error {
  if (!(e instanceof ValidationError)) return e as Error;
  if (e.field === "apiKey") return new Error(`${who}: no API key is configured; set one with ${setKey}`);
  if (e.field === "baseURL") {
    return new Error(`${who}: ${e.rule === "is required" ? "no API URL is configured" : `the API URL ${e.rule}`}; set it with ${setUrl}`);
  }
  return new Error(`${who}: ${e.message}`);
}

function connectionError(target: Target, url: string, e: unknown): Error {
  return new Error(naming(connectionProblem(target, url, e).message, target));
}

function connectionProblem({ who, setKey, setUrl }: Target, url: string, e: unknown): Error {
  const reason = (e as Error).message;
  if (e instanceof AuthenticationError || e instanceof PermissionDeniedError) {
    return new Error(`${who}: the API at ${url} refused the API key (${e.status} ${e.errorCode ?? ""}); set a valid one with ${setKey}`);
  }
  if (e instanceof APIConnectionError) return new Error(`${who}: cannot reach the API at ${url}: ${reason}; check the URL with ${setUrl}`);
  return new Error(`${who}: ${url} does not answer as the Edge Ingress API (${reason}); check the URL with ${setUrl}`);
}
