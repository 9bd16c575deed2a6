/**
 * The HTTP server: one pipeline for every request — operation id, route match, request hooks, auth,
 * version, query, body, handler — and every failure answered as an API error, never a crash.
 */
import * as http from "node:http";
import { randomUUID } from "node:crypto";
import { ApiError, fieldError, preview } from "./errors";
import { logError, stderrSink, type LogSink } from "./log";
import { checkServiceVersion, makeAuthenticator } from "./http/auth";
import { readJsonBody } from "./http/body";
import {
  EXTENSIONS,
  EXTENSIONS_HEADER,
  fingerprint,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyCache,
  parseIdempotencyKey,
  REPLAYED_HEADER,
} from "./http/idempotency";
import { OPERATION_ID_HEADER, sendError, sendJson, sendNoContent } from "./http/respond";
import { checkQuery, Router, type Route, type UpdateAnswers } from "./http/router";
import { ROUTES } from "./routes";
import { ReservedDomainService, type DomainSettings } from "./state/reserved-domain";
import type { Store } from "./state/store";

export interface RequestInfo {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** The matched route as `METHOD /pattern` (e.g. `GET /api_keys/{id}`), or null when none matched. */
  readonly route: string | null;
  /** Adds a header to whatever answer the request gets (e.g. the rate limit's RateLimit-* headers). */
  setHeader(name: string, value: string): void;
}

/**
 * How the answer goes out once the request was processed: sent, or (injected faults) the connection is
 * reset without an answer, or held open without one until the client gives up (at most HOLD_MAX_MS).
 */
export type Delivery = "answer" | "reset" | "hold";

/** The longest a held request keeps its socket open. */
export const HOLD_MAX_MS = 120_000;

/**
 * Runs for every request, in order, before authentication and handling; throwing an ApiError answers the
 * request with it, returning a Delivery other than "answer" processes it and then withholds the answer
 * (the last hook that returns one wins). The seam for the rate limit, fault injection, latency and request
 * counters.
 */
export type RequestHook = (info: RequestInfo) => void | Delivery | Promise<void | Delivery>;

export interface ServerOptions {
  store: Store;
  rootToken: string;
  routes?: readonly Route[];
  hooks?: readonly RequestHook[];
  /** Base domain and provisioning delay of reserved domains. */
  domains?: DomainSettings;
  /** Internal errors (level error) and every error answer (level info). Default: errors to stderr. */
  log?: LogSink;
  /** Answers remembered for Idempotency-Key retries. Default: a new cache (24 h, 10,000 answers). */
  idempotency?: IdempotencyCache;
  /** Weighted and failover PATCH answers without `backends` sent: the stored value, or empty as the spec shows. */
  updateAnswers?: UpdateAnswers;
}

const BODY_METHODS = new Set(["POST", "PATCH", "PUT"]);

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** A host as it appears in a URL (IPv6 in brackets). */
export function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** Base of the `uri`s we return: the host the client addressed, else our own socket address. */
function baseUrlOf(req: http.IncomingMessage): string {
  const host = req.headers.host;
  if (host && /^[A-Za-z0-9.:[\]-]+$/.test(host)) return `http://${host}`;
  const address = req.socket.localAddress ?? "127.0.0.1";
  return `http://${urlHost(address)}:${req.socket.localPort}`;
}

/** Send nothing: reset the connection, or hold it until the client closes it or HOLD_MAX_MS passes. */
function withhold(res: http.ServerResponse, delivery: Exclude<Delivery, "answer">): void {
  if (delivery === "reset") {
    res.socket?.resetAndDestroy();
    res.destroy();
    return;
  }
  const timer = setTimeout(() => res.destroy(), HOLD_MAX_MS).unref();
  res.on("close", () => clearTimeout(timer));
}

/**
 * A PATCH body may carry the resource's own `id` (as a GET returns it): equal to the path's id it is
 * ignored, any other value is refused. Routes without an `{id}` leave `id` to their schema.
 */
function checkPatchId(body: Record<string, unknown>, pathId: string | undefined): void {
  if (pathId === undefined || !Object.hasOwn(body, "id")) return;
  if (body.id !== pathId) throw fieldError("INVALID_FIELD", "id", "must be the id in the path (or absent)", preview(body.id));
  delete body.id;
}

export function createEmulatorServer(options: ServerOptions): http.Server {
  const { store } = options;
  const router = new Router(options.routes ?? ROUTES);
  const hooks = options.hooks ?? [];
  const authenticate = makeAuthenticator(store, options.rootToken);
  const log = options.log ?? stderrSink;
  const domains = new ReservedDomainService(store, options.domains, log);
  const idempotency = options.idempotency ?? new IdempotencyCache();
  const updateAnswers = options.updateAnswers ?? "stored";

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const operationId = `op_${randomUUID().replace(/-/g, "")}`;
    res.setHeader(OPERATION_ID_HEADER, operationId);
    res.setHeader(EXTENSIONS_HEADER, EXTENSIONS);
    let delivery: Delivery = "answer";
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    const q = target.indexOf("?");
    const path = q < 0 ? target : target.slice(0, q);
    try {
      const query = new URLSearchParams(q < 0 ? "" : target.slice(q + 1));

      const match = router.match(method, path);
      const route = match instanceof ApiError ? null : `${match.route.method} ${match.route.path}`;
      const setHeader = (name: string, value: string) => void res.setHeader(name, value);
      for (const hook of hooks) delivery = (await hook({ operationId, method, path, route, setHeader })) ?? delivery;
      if (match instanceof ApiError) throw match;

      const principal = authenticate(header(req, "authorization"));
      checkServiceVersion(header(req, "service-version"));
      checkQuery(query, match.route.query ?? []);
      const idempotencyKey = method === "POST" ? parseIdempotencyKey(header(req, IDEMPOTENCY_KEY_HEADER.toLowerCase())) : undefined;
      const body = BODY_METHODS.has(method) ? await readJsonBody(req) : {};
      if (method === "PATCH") checkPatchId(body, match.params.id);
      // From here to the answer nothing awaits, so a retry cannot overtake the request it repeats.
      const print = idempotencyKey === undefined ? "" : fingerprint(method, path, body);
      const replay = idempotencyKey === undefined ? undefined : idempotency.lookup(principal, idempotencyKey, print);
      const out =
        replay ??
        match.route.handle({ store, domains, principal, params: match.params, query, body, baseUrl: baseUrlOf(req), path, updateAnswers });
      // Remembered before the answer goes out, so a retry after a withheld answer (reset, hold) replays it.
      if (idempotencyKey !== undefined && !replay && out.status === 201) idempotency.remember(principal, idempotencyKey, print, out);
      if (delivery !== "answer") withhold(res, delivery);
      else if (out.body === undefined) sendNoContent(res);
      else sendJson(res, out.status, out.body, replay ? { [REPLAYED_HEADER]: "true" } : {});
    } catch (err) {
      if (!(err instanceof ApiError)) logError(log, `edge-ingress-emulator: internal error (${operationId}):`, err);
      const apiError = err instanceof ApiError ? err : new ApiError("INTERNAL_ERROR", "internal error");
      if (delivery !== "answer") withhold(res, delivery);
      else if (res.headersSent) res.destroy();
      else log({ level: "info", message: `${apiError.status} ${method} ${path} ${sendError(res, apiError, operationId)}` });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  // Provisioning runs only while the server does; jobs left pending resume on the next start.
  server.once("listening", () => domains.resume());
  server.once("close", () => domains.stop());
  return server;
}
