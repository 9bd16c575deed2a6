/**
 * The transport: one keep-alive undici Agent per client with the retry interceptor composed in,
 * JSON in and out, wire case conversion, and every failure turned into an EdgeIngressError.
 */
import { Agent, type Dispatcher, type RetryHandler } from "undici";
import { VERSION } from "../version";
import { camelCaseKeys, snakeCaseKeys } from "./case";
import {
  EdgeIngressError,
  OPERATION_ID_HEADER,
  RequestInfo,
  UnexpectedResponseError,
  headerValue,
  makeApiError,
  wrapTransportError,
} from "./errors";
import { type Pacer, pacerFor } from "./pacer";
import { type Pacing, RetryPolicy, retryCallback, retryInterceptor, settle } from "./retry";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method: HttpMethod;
  /** A path under the base URL (`/ip_policies`), or an absolute URL on the base URL's origin. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** camelCase; sent as snake_case JSON. */
  body?: unknown;
  /**
   * Sent as `Idempotency-Key` (a POST): a service that honours keys answers a repeat with the first
   * answer instead of acting twice, so such a POST is retried like an idempotent request.
   */
  idempotencyKey?: string;
  /** This request's retries, instead of the client's (e.g. a quick connection check). */
  maxRetries?: number;
}

/** What the client has learnt about the service from its answers. */
export interface ServiceInfo {
  /** The service's clock minus ours, from the last answer's `Date` header (whole seconds, rounded down). */
  clockOffsetMs: number | undefined;
  /** The service said (`Edge-Ingress-Extensions`) that it honours `Idempotency-Key` on POST. */
  idempotencyKeys: boolean;
}

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const EXTENSIONS_HEADER = "edge-ingress-extensions";

export interface APIResponse {
  status: number;
  /** The parsed body in camelCase; undefined when there is none (204). */
  data: unknown;
  operationId: string | undefined;
  request: RequestInfo;
}

export interface HttpConfig extends RetryPolicy {
  apiKey: string;
  baseURL: URL;
  timeoutMs: number;
  userAgent?: string;
  /** Pace every attempt through the account's pacer (sdk/core/pacer.ts); off: 429s follow maxRetries. */
  pacing: boolean;
  /** With pacing: a request fails on a 429 once the account has let nothing through for this long. */
  rateLimitWaitMs: number;
}

export const SERVICE_VERSION = "2";

export function defaultUserAgent(): string {
  return `edge-ingress-pulumi/${VERSION} node/${process.versions.node}`;
}

export class HttpClient {
  readonly baseURL: URL;
  // Private fields stay out of util.inspect and JSON output, so the token cannot leak through logging.
  readonly #headers: Record<string, string>;
  readonly #agent: Agent;
  readonly #dispatcher: Dispatcher;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #pacer: Pacer | undefined;
  readonly #rateLimitWaitMs: number;
  #service: ServiceInfo = { clockOffsetMs: undefined, idempotencyKeys: false };
  #closing: Promise<void> | undefined;

  constructor(config: HttpConfig) {
    this.baseURL = config.baseURL;
    this.#policy = { maxRetries: config.maxRetries, maxRetryTimeMs: config.maxRetryTimeMs };
    this.#timeoutMs = config.timeoutMs;
    // Shared by every client of this account in the process: the service limits the account, not the client.
    this.#pacer = config.pacing ? pacerFor(config.baseURL, config.apiKey) : undefined;
    this.#rateLimitWaitMs = config.rateLimitWaitMs;
    this.#headers = {
      authorization: `Bearer ${config.apiKey}`,
      "service-version": SERVICE_VERSION,
      accept: "application/json",
      "user-agent": config.userAgent ? `${defaultUserAgent()} ${config.userAgent}` : defaultUserAgent(),
    };
    this.#agent = new Agent({ keepAliveTimeout: 10_000, connections: 16, connect: { timeout: config.timeoutMs } });
    this.#dispatcher = this.#agent.compose(retryInterceptor());
  }

  /** Resolves a path or absolute URL; refuses any origin other than the base URL's (the token goes with it). */
  resolve(path: string, query: RequestOptions["query"] = {}): URL {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(path);
    const relative = path.startsWith("/") ? path : `/${path}`;
    const url = absolute ? new URL(path) : new URL(this.baseURL.pathname.replace(/\/$/, "") + relative, this.baseURL.origin);
    if (url.origin !== this.baseURL.origin) {
      throw new EdgeIngressError(`refusing to send credentials to ${url.origin}: the client's origin is ${this.baseURL.origin}`);
    }
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** What the answers so far said about the service (clock, extensions). */
  get service(): Readonly<ServiceInfo> {
    return this.#service;
  }

  async request(opts: RequestOptions): Promise<APIResponse> {
    const url = this.resolve(opts.path, opts.query);
    const request: RequestInfo = { method: opts.method, path: url.pathname + url.search, url: url.href };
    const hasBody = opts.body !== undefined;
    const sent: Record<string, string> = hasBody ? { ...this.#headers, "content-type": "application/json" } : { ...this.#headers };
    if (opts.idempotencyKey !== undefined) sent[IDEMPOTENCY_KEY_HEADER] = opts.idempotencyKey;
    // A keyed POST is safe to repeat only where the service is known to honour keys.
    const repeatable = opts.idempotencyKey !== undefined && this.#service.idempotencyKeys;
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    let text: string;
    const pacing: Pacing | undefined = this.#pacer && { pacer: this.#pacer, waitMs: this.#rateLimitWaitMs };
    // retryOptions is read by the retry interceptor; undici's request typings do not list it.
    const dispatchOptions: Dispatcher.RequestOptions & { retryOptions: RetryHandler.RetryOptions } = {
      origin: url.origin,
      path: request.path,
      method: opts.method,
      headers: sent,
      body: hasBody ? JSON.stringify(snakeCaseKeys(opts.body)) : undefined,
      headersTimeout: this.#timeoutMs,
      bodyTimeout: this.#timeoutMs,
      retryOptions: {
        retry: retryCallback(
          opts.method,
          opts.maxRetries === undefined ? this.#policy : { ...this.#policy, maxRetries: opts.maxRetries },
          repeatable || undefined,
          pacing,
        ),
      },
    };
    if (pacing) pacing.ticket = await pacing.pacer.acquire();
    try {
      const res = await this.#dispatcher.request(dispatchOptions);
      status = res.statusCode;
      headers = res.headers;
      settle(pacing, { status, headers });
      text = await res.body.text();
    } catch (err) {
      settle(pacing, {});
      throw wrapTransportError(err, request);
    }

    this.#observe(headers);
    const operationId = headerValue(headers, OPERATION_ID_HEADER);
    const body = parseJson(text);
    if (status < 200 || status >= 300) {
      const note = pacing?.gaveUp ? rateLimitNote(this.#rateLimitWaitMs) : undefined;
      throw makeApiError(status, body.ok ? body.value : text, headers, request, note);
    }
    if (!body.ok) {
      throw new UnexpectedResponseError(status, operationId, request, [{ field: "", rule: "must be JSON" }]);
    }
    return { status, data: camelCaseKeys(body.value), operationId, request };
  }

  #observe(headers: Record<string, string | string[] | undefined>): void {
    const date = Date.parse(headerValue(headers, "date") ?? "");
    const extensions = (headerValue(headers, EXTENSIONS_HEADER) ?? "").split(",").map((e) => e.trim().toLowerCase());
    this.#service = {
      clockOffsetMs: Number.isNaN(date) ? this.#service.clockOffsetMs : date - Date.now(),
      // Once said, kept: an answer without the header may come from something in front of the service.
      idempotencyKeys: this.#service.idempotencyKeys || extensions.includes("idempotency-key"),
    };
  }

  /** Closes the pooled connections; safe to call more than once. */
  close(): Promise<void> {
    this.#closing ??= this.#agent.close();
    return this.#closing;
  }
}

/** Why a 429 ended a request after pacing: what happened, that nothing was applied, and what to do. */
function rateLimitNote(waitMs: number): string {
  const wait = waitMs % 60_000 === 0 && waitMs > 0 ? `${waitMs / 60_000} min` : `${waitMs / 1000} s`;
  return (
    `The account let no request through for ${wait}, so this request stopped waiting; nothing of it was applied. ` +
    "Rerun `pulumi up` to continue where it stopped, or raise `edgeingress:rateLimitWaitMs` (the client's rateLimitWaitMs) to wait longer."
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
