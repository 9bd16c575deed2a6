/** The client: configuration, one HttpClient, and a property per resource family. */
import { z } from "zod";
import { ValidationError } from "./core/errors";
import { REQUIRED, params, parseParams } from "./core/fields";
import { HttpClient, HttpMethod, RequestOptions, type ServiceInfo } from "./core/http";
import { DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_TIME_MS } from "./core/retry";
import { ApiKeys } from "./resources/api-key";
import { Endpoints } from "./resources/endpoint";
import { FailoverBackends } from "./resources/failover-backend";
import { HttpsEdges } from "./resources/https-edge";
import { HttpsEdgeRoutes } from "./resources/https-edge-route";
import { IpPolicies } from "./resources/ip-policy";
import { IpRestrictions } from "./resources/ip-restriction";
import { IpPolicyRules } from "./resources/ip-policy-rule";
import { EventDestinations } from "./resources/event-destination";
import { EventSubscriptions } from "./resources/event-subscription";
import { EventSources } from "./resources/event-source";
import { TcpEdges } from "./resources/tcp-edge";
import { TlsEdges } from "./resources/tls-edge";
import { TunnelGroupBackends } from "./resources/tunnel-group-backend";
import { WeightedBackends } from "./resources/weighted-backend";
import { ReservedDomains } from "./resources/reserved-domain";
import { CertificateAuthorities } from "./resources/certificate-authority";
import { TlsCertificates } from "./resources/tls-certificate";
import { SshCredentials } from "./resources/ssh-credential";
import { SshCertificateAuthorities } from "./resources/ssh-certificate-authority";
import { SshUserCertificates } from "./resources/ssh-user-certificate";
import { SshHostCertificates } from "./resources/ssh-host-certificate";
import { TunnelCredentials } from "./resources/tunnel-credential";

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

const httpURL = z.string({ error: "must be a string" }).refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
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

export class EdgeIngress {
  readonly baseURL: string;
  readonly apiKeys: ApiKeys;
  readonly ipPolicies: IpPolicies;
  readonly ipRestrictions: IpRestrictions;
  readonly ipPolicyRules: IpPolicyRules;
  readonly eventDestinations: EventDestinations;
  readonly eventSubscriptions: EventSubscriptions;
  readonly eventSources: EventSources;
  readonly tunnelGroupBackends: TunnelGroupBackends;
  readonly weightedBackends: WeightedBackends;
  readonly failoverBackends: FailoverBackends;
  readonly tcpEdges: TcpEdges;
  readonly tlsEdges: TlsEdges;
  readonly httpsEdges: HttpsEdges;
  readonly httpsEdgeRoutes: HttpsEdgeRoutes;
  readonly endpoints: Endpoints;
  readonly reservedDomains: ReservedDomains;
  readonly certificateAuthorities: CertificateAuthorities;
  readonly tlsCertificates: TlsCertificates;
  readonly sshCredentials: SshCredentials;
  readonly sshCertificateAuthorities: SshCertificateAuthorities;
  readonly sshUserCertificates: SshUserCertificates;
  readonly sshHostCertificates: SshHostCertificates;
  readonly tunnelCredentials: TunnelCredentials;
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
    this.apiKeys = new ApiKeys(this.#http);
    this.ipPolicies = new IpPolicies(this.#http);
    this.ipRestrictions = new IpRestrictions(this.#http);
    this.ipPolicyRules = new IpPolicyRules(this.#http);
    this.eventDestinations = new EventDestinations(this.#http);
    this.eventSubscriptions = new EventSubscriptions(this.#http);
    this.eventSources = new EventSources(this.#http);
    this.tunnelGroupBackends = new TunnelGroupBackends(this.#http);
    this.weightedBackends = new WeightedBackends(this.#http);
    this.failoverBackends = new FailoverBackends(this.#http);
    this.tcpEdges = new TcpEdges(this.#http);
    this.tlsEdges = new TlsEdges(this.#http);
    this.httpsEdges = new HttpsEdges(this.#http);
    this.httpsEdgeRoutes = new HttpsEdgeRoutes(this.#http);
    this.endpoints = new Endpoints(this.#http);
    this.reservedDomains = new ReservedDomains(this.#http);
    this.certificateAuthorities = new CertificateAuthorities(this.#http);
    this.tlsCertificates = new TlsCertificates(this.#http);
    this.sshCredentials = new SshCredentials(this.#http);
    this.sshCertificateAuthorities = new SshCertificateAuthorities(this.#http);
    this.sshUserCertificates = new SshUserCertificates(this.#http);
    this.sshHostCertificates = new SshHostCertificates(this.#http);
    this.tunnelCredentials = new TunnelCredentials(this.#http);
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
