/** The client: configuration, one HttpClient, and a property per resource resource. */
import { z } from "zod";
import { ValidationError } from "./core/errors";
import { REQUIRED, params, parseParams } from "./core/fields";
import { HttpClient, HttpMethod, RequestOptions, type ServiceInfo } from "./core/http";
import { DEFAULT_RATE_LIMIT_WAIT_MS } from "./core/pacer";
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_TIME_MS } from "./core/retry";
import { RESOURCE_CLASSES } from "./resource-classes";

export const API_KEY_ENV = "EDGE_INGRESS_API_KEY";
export const BASE_URL_ENV = "EDGE_INGRESS_API_URL";
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  /** Defaults to env EDGE_INGRESS_API_KEY. */
  apiKey?: string;
  /** Defaults to env EDGE_INGRESS_API_URL; there is no built-in default. */
  baseURL?: string;
  /** Retries after the first attempt (default 4); a 429 is not counted (see rateLimitWaitMs). */
  maxRetries?: number;
  /** Per attempt: connect, then headers, then each body read (default 30 s). */
  timeoutMs?: number;
  /** No retry starts whose wait would end later than this after the first attempt (default 60 s); time waiting out 429s is not counted. */
  maxRetryTimeMs?: number;
  /**
   * A 429 is retried, paced, for as long as the account lets any request through; a request fails with
   * RateLimitError only when nothing has gone through for this long (default 300 000 = 5 min).
   */
  rateLimitWaitMs?: number;
  /**
   * Pace every attempt at the account's learnt rate, shared by every client of the same URL and key in
   * the process (default true). false: no pacing, and a 429 is retried like a 5xx (maxRetries, maxRetryTimeMs).
   */
  pacing?: boolean;
  /** Appended to the default User-Agent. */
  userAgent?: string;
}

/** An absolute http or https URL: the form of a base URL. */
export const isHttpUrl = (v: string): boolean => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

const httpURL = z.string({ error: "must be a string" }).refine(isHttpUrl, {
  error: "must be an absolute http or https URL",
});

const ClientOptionsSchema = params({
  apiKey: z.string({ error: "must be a string" }).optional(),
  baseURL: httpURL.optional(),
  maxRetries: z.int({ error: "must be an integer" }).min(0, { error: "must be at least 0" }).optional(),
  timeoutMs: z.number({ error: "must be a number" }).positive({ error: "must be greater than 0" }).optional(),
  maxRetryTimeMs: z.number({ error: "must be a number" }).min(0, { error: "must be at least 0" }).optional(),
  rateLimitWaitMs: z.number({ error: "must be a number" }).min(0, { error: "must be at least 0" }).optional(),
  pacing: z.boolean({ error: "must be a boolean" }).optional(),
  userAgent: z.string({ error: "must be a string" }).optional(),
});

function required(value: string | undefined, option: string, env: string): string {
  if (value) return value;
  throw new ValidationError([{ field: option, rule: REQUIRED }], `pass the \`${option}\` option or set ${env}`);
}

export interface LowLevelOptions {
  query?: RequestOptions["query"];
  body?: unknown;
}

const RESOURCES = RESOURCE_CLASSES;
type Resources = { readonly [K in keyof typeof RESOURCES]: InstanceType<ReturnType<(typeof RESOURCES)[K]>> };

/** The client's resource resources (one property per entry of RESOURCES). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- types the properties the constructor defines from RESOURCES
export interface EdgeIngress extends Resources {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class EdgeIngress {
  readonly baseURL: string;
  readonly #http: HttpClient;

  constructor(opts: ClientOptions = {}) {
    const o = parseParams(ClientOptionsSchema, opts);
    const apiKey = required(o.apiKey ?? process.env[API_KEY_ENV], "apiKey", API_KEY_ENV);
    const baseURL = parseParams(httpURL, required(o.baseURL ?? process.env[BASE_URL_ENV], "baseURL", BASE_URL_ENV), "baseURL");
    this.baseURL = baseURL;
    this.#http = new HttpClient({
      apiKey,
      baseURL: new URL(baseURL),
      maxRetries: o.maxRetries ?? DEFAULT_MAX_RETRIES,
      timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxRetryTimeMs: o.maxRetryTimeMs ?? DEFAULT_MAX_RETRY_TIME_MS,
      userAgent: o.userAgent,
      pacing: o.pacing ?? true,
      rateLimitWaitMs: o.rateLimitWaitMs ?? DEFAULT_RATE_LIMIT_WAIT_MS,
    });
    for (const [key, load] of Object.entries(RESOURCES)) {
      let resource: unknown;
      Object.defineProperty(this, key, { enumerable: true, get: () => (resource ??= new (load())(this.#http)) });
    }
  }

  /**
   * Low-level request without parameter or response validation: `body` is camelCase and sent as
   * snake_case; the result is the camelCase body (undefined for 204). Errors are the usual classes.
   */
  async request<T = unknown>(opts: RequestOptions): Promise<T> {
    return (await this.#http.request(opts)).data as T;
  }

  get<T = unknown>(path: string, opts?: LowLevelOptions): Promise<T> {
    return this.#send("GET", path, opts);
  }

  post<T = unknown>(path: string, opts?: LowLevelOptions): Promise<T> {
    return this.#send("POST", path, opts);
  }

  put<T = unknown>(path: string, opts?: LowLevelOptions): Promise<T> {
    return this.#send("PUT", path, opts);
  }

  patch<T = unknown>(path: string, opts?: LowLevelOptions): Promise<T> {
    return this.#send("PATCH", path, opts);
  }

  delete<T = unknown>(path: string, opts?: LowLevelOptions): Promise<T> {
    return this.#send("DELETE", path, opts);
  }

  /** What the service's answers so far said about it: its clock, the extensions it honours. */
  get service(): Readonly<ServiceInfo> {
    return this.#http.service;
  }

  /** Closes pooled connections; the client is unusable afterwards. */
  close(): Promise<void> {
    return this.#http.close();
  }

  #send<T>(method: HttpMethod, path: string, opts: LowLevelOptions = {}): Promise<T> {
    return this.request<T>({ method, path, query: opts.query, body: opts.body });
  }
}
