/** The client: configuration, one HttpClient, and a property per resource family. */
import { z } from "zod";
import { ValidationError } from "./core/errors";
import { REQUIRED, params, parseParams } from "./core/fields";
import { HttpClient, HttpMethod, RequestOptions, type ServiceInfo } from "./core/http";
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_TIME_MS } from "./core/retry";
import * as resources from "./resources";

export const API_KEY_ENV = "EDGE_INGRESS_API_KEY";
export const BASE_URL_ENV = "EDGE_INGRESS_API_URL";
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ClientOptions {
  /** Defaults to env EDGE_INGRESS_API_KEY. */
  apiKey?: string;
  /** Defaults to env EDGE_INGRESS_API_URL; there is no built-in default. */
  baseURL?: string;
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** Per attempt: connect, then headers, then each body read (default 30 s). */
  timeoutMs?: number;
  /** No retry starts whose wait would end later than this after the first attempt (default 60 s). */
  maxRetryTimeMs?: number;
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

/** Every resource family, by its property on the client (`client.ipPolicies`): its name in every layer. */
const RESOURCES = {
  apiKeys: resources.ApiKeys,
  ipPolicies: resources.IpPolicies,
  ipRestrictions: resources.IpRestrictions,
  ipPolicyRules: resources.IpPolicyRules,
  eventDestinations: resources.EventDestinations,
  eventSubscriptions: resources.EventSubscriptions,
  eventSources: resources.EventSources,
  tunnelGroupBackends: resources.TunnelGroupBackends,
  weightedBackends: resources.WeightedBackends,
  failoverBackends: resources.FailoverBackends,
  tcpEdges: resources.TcpEdges,
  tlsEdges: resources.TlsEdges,
  httpsEdges: resources.HttpsEdges,
  httpsEdgeRoutes: resources.HttpsEdgeRoutes,
  endpoints: resources.Endpoints,
  reservedDomains: resources.ReservedDomains,
  certificateAuthorities: resources.CertificateAuthorities,
  tlsCertificates: resources.TlsCertificates,
  sshCredentials: resources.SshCredentials,
  sshCertificateAuthorities: resources.SshCertificateAuthorities,
  sshUserCertificates: resources.SshUserCertificates,
  sshHostCertificates: resources.SshHostCertificates,
  tunnelCredentials: resources.TunnelCredentials,
};
type Resources = { readonly [K in keyof typeof RESOURCES]: InstanceType<(typeof RESOURCES)[K]> };

/** The client's resource families (one property per entry of RESOURCES). */
export interface EdgeIngress extends Resources {}

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
    });
    for (const [key, Resource] of Object.entries(RESOURCES)) Object.assign(this, { [key]: new Resource(this.#http) });
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
