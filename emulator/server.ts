/**
 * The HTTP server: one pipeline for every request — operation id, route match, request hooks, auth,
 * version, query, body, handler — and every failure answered as an API error, never a crash.
 */
import * as http from "node:http";
import { randomUUID } from "node:crypto";
import { ApiError } from "./errors";
import { checkServiceVersion, makeAuthenticator } from "./http/auth";
import { readJsonBody } from "./http/body";
import { OPERATION_ID_HEADER, sendError, sendJson, sendNoContent } from "./http/respond";
import { checkQuery, Router, type Route } from "./http/router";
import { ROUTES } from "./routes";
import { ReservedDomainService, type DomainSettings } from "./state/reserved-domain";
import type { Store } from "./state/store";

export interface RequestInfo {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  /** The matched route as `METHOD /pattern` (e.g. `GET /api_keys/{id}`), or null when none matched. */
  readonly route: string | null;
}

/**
 * Runs for every request, in order, before authentication and handling; throwing an ApiError answers the
 * request with it. The seam for fault injection, latency and per-route request counters.
 */
export type RequestHook = (info: RequestInfo) => void | Promise<void>;

export interface ServerOptions {
  store: Store;
  rootToken: string;
  routes?: readonly Route[];
  hooks?: readonly RequestHook[];
  /** Base domain and provisioning delay of reserved domains. */
  domains?: DomainSettings;
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

export function createEmulatorServer(options: ServerOptions): http.Server {
  const { store } = options;
  const router = new Router(options.routes ?? ROUTES);
  const hooks = options.hooks ?? [];
  const authenticate = makeAuthenticator(store, options.rootToken);
  const domains = new ReservedDomainService(store, options.domains);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const operationId = `op_${randomUUID().replace(/-/g, "")}`;
    res.setHeader(OPERATION_ID_HEADER, operationId);
    try {
      const method = req.method ?? "GET";
      const target = req.url ?? "/";
      const q = target.indexOf("?");
      const path = q < 0 ? target : target.slice(0, q);
      const query = new URLSearchParams(q < 0 ? "" : target.slice(q + 1));

      const match = router.match(method, path);
      const route = match instanceof ApiError ? null : `${match.route.method} ${match.route.path}`;
      for (const hook of hooks) await hook({ operationId, method, path, route });
      if (match instanceof ApiError) throw match;

      const principal = authenticate(header(req, "authorization"));
      checkServiceVersion(header(req, "service-version"));
      checkQuery(query, match.route.query ?? []);
      const body = BODY_METHODS.has(method) ? await readJsonBody(req) : {};
      const out = match.route.handle({ store, domains, principal, params: match.params, query, body, baseUrl: baseUrlOf(req), path });
      if (out.body === undefined) sendNoContent(res);
      else sendJson(res, out.status, out.body);
    } catch (err) {
      if (!(err instanceof ApiError)) console.error(`edge-ingress-emulator: internal error (${operationId}):`, err);
      const apiError = err instanceof ApiError ? err : new ApiError("INTERNAL_ERROR", "internal error");
      if (res.headersSent) res.destroy();
      else sendError(res, apiError, operationId);
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
