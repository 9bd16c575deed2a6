/** A small route table: path patterns with `{param}` segments, 404 for unknown paths, 405 with Allow. */
import { ApiError, preview } from "../errors";
import type { OperationCall } from "../state/rules";
import { UPDATE_ANSWERS, type UpdateAnswers } from "../options";

export { UPDATE_ANSWERS, type UpdateAnswers };

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** An operation's call (what the kind's rules see) and what only routing needs. */
export interface ApiRequest extends OperationCall {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  path: string;
}

export interface ApiResponse {
  status: number;
  body?: unknown;
}

export interface Route {
  method: Method;
  /** e.g. `/ip_policies/{id}` */
  path: string;
  /** Query parameters accepted; any other one is INVALID_QUERY. */
  query?: readonly string[];
  handle(req: ApiRequest): ApiResponse;
}

export type RouteMatch = { route: Route; params: Record<string, string> };

function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const param = /^\{(\w+)\}$/.exec(want[i]);
    if (param && got[i] !== "") params[param[1]] = got[i];
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

export class Router {
  constructor(private readonly routes: readonly Route[]) {}

  /**
   * The route for this method and path, else the ROUTE_NOT_FOUND or METHOD_NOT_ALLOWED error to answer
   * (returned, not thrown, so request hooks still see the request first).
   */
  match(method: string, path: string): RouteMatch | ApiError {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchPath(route.path, path);
      if (!params) continue;
      if (route.method === method) return { route, params };
      allowed.push(route.method);
    }
    if (allowed.length === 0) return new ApiError("ROUTE_NOT_FOUND", `no route for ${method} ${path}`);
    const allow = [...new Set(allowed)].sort().join(", ");
    return new ApiError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${path} (allowed: ${allow})`, {}, { Allow: allow });
  }
}

/** Only the route's own parameters, each at most once. */
export function checkQuery(query: URLSearchParams, accepted: readonly string[]): void {
  const seen = new Set<string>();
  for (const name of query.keys()) {
    const details = { field: name.slice(0, 60) };
    if (!accepted.includes(name)) {
      const known = accepted.length ? `accepted: ${accepted.join(", ")}` : "none accepted here";
      const rule = "must be a known query parameter";
      throw new ApiError("INVALID_QUERY", `unknown query parameter ${preview(name)} (${known})`, { ...details, rule });
    }
    if (seen.has(name)) {
      const rule = "must be given at most once";
      throw new ApiError("INVALID_QUERY", `query parameter ${preview(name)} ${rule}`, { ...details, rule });
    }
    seen.add(name);
  }
}
