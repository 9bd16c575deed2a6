/**
 * The emulator's own surface under /_emulator/ (root token only; never limited, delayed, faulted or
 * counted) and the request hook that rate-limits, delays, faults and counts every other request.
 */
import { ApiError } from "../errors";
import type { IdempotencyCache } from "../http/idempotency";
import type { ApiRequest, Route } from "../http/router";
import type { RequestHook } from "../server";
import { KINDS } from "../state";
import type { Store } from "../state/store";
import { Counters } from "./counters";
import { DEFAULT_FAULT_SETTINGS, FaultInjector, parseFaultSettings, type FaultSettings } from "./faults";
import { RateLimiter } from "./rate-limit";

export { Counters } from "./counters";
export { DEFAULT_FAULT_SETTINGS, FAULT_KINDS, FaultInjector, isFaultSeed, MAX_LATENCY_MS, parseFaultSettings } from "./faults";
export type { FaultKind, FaultSettings } from "./faults";
export { defaultBurst, optionName, parseRateLimit, RateLimiter, rateLimitOptionToWire, TokenBucket } from "./rate-limit";
export type { RateLimitOption, RateLimitSettings } from "./rate-limit";

export const ADMIN_PREFIX = "/_emulator/";

const isAdminPath = (path: string) => path.startsWith(ADMIN_PREFIX);

function requireRoot(req: ApiRequest): void {
  if (!req.principal.admin) throw new ApiError("FORBIDDEN", `${ADMIN_PREFIX} operations need the root token`);
}

/** Every record of every kind removed as one change; the admin user (and so the root token) stays. */
function clearStore(store: Store): void {
  store.transaction(() => {
    for (const kind of KINDS) {
      const collection = store.collection(kind);
      for (const record of collection.all()) collection.remove(record.id);
    }
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const FAULT_ERRORS: Record<"429" | "503", () => ApiError> = {
  "429": () => new ApiError("RATE_LIMITED", "rate limit exceeded (injected fault); retry after 1 second", {}, { "Retry-After": "1" }),
  "503": () => new ApiError("SERVICE_UNAVAILABLE", "service unavailable (injected fault); retry later"),
};

export interface AdminSurface {
  routes: Route[];
  hook: RequestHook;
  injector: FaultInjector;
  limiter: RateLimiter;
  counters: Counters;
}

/**
 * `settings.rate_limit`: the account's rate limit (absent or null: none). `idempotency`: the remembered
 * answers, forgotten on reset with the state they describe. `now`: the rate limit's clock (ms).
 */
export function adminSurface(
  store: Store,
  settings?: FaultSettings,
  seed?: number,
  idempotency?: IdempotencyCache,
  now?: () => number,
): AdminSurface {
  const { rate_limit: rateLimit = null, ...faultSettings } = settings ?? DEFAULT_FAULT_SETTINGS;
  const injector = new FaultInjector(faultSettings, seed);
  const limiter = new RateLimiter(rateLimit, now);
  const counters = new Counters();
  const faultsBody = (): FaultSettings => ({ ...injector.settings, rate_limit: limiter.settings });

  const hook: RequestHook = async ({ path, route, setHeader }) => {
    if (isAdminPath(path)) return;
    // First: a refused request is answered at once, untouched by latency or faults, and nothing runs.
    const limit = limiter.take();
    if (limit && !limit.allowed) {
      counters.rateLimited(route);
      throw new ApiError("RATE_LIMITED", limit.message, {}, limit.headers);
    }
    for (const [name, value] of Object.entries(limit?.headers ?? {})) setHeader(name, value);
    const { delayMs, fault } = injector.choose();
    counters.request(route, fault);
    if (delayMs > 0) await sleep(delayMs);
    if (fault === "429" || fault === "503") throw FAULT_ERRORS[fault]();
    if (fault === "reset") return "reset";
    if (fault === "timeout") return "hold";
  };

  const admin = (method: Route["method"], path: string, run: (req: ApiRequest) => { status: number; body?: unknown }): Route => ({
    method,
    path: `${ADMIN_PREFIX}${path}`,
    handle: (req) => {
      requireRoot(req);
      return run(req);
    },
  });

  const routes: Route[] = [
    admin("POST", "reset", () => {
      clearStore(store);
      idempotency?.clear();
      return { status: 204 };
    }),
    admin("GET", "principals", () => ({ status: 200, body: { admin_user_id: store.adminUserId, bot_id: store.botId } })),
    // Every record as stored (also fields the API never shows), serialized when answered: one request
    // shows the whole state, e.g. for tests proving a refused request changed nothing.
    admin("GET", "snapshot", () => ({ status: 200, body: store.data() })),
    admin("GET", "counters", () => ({ status: 200, body: counters.toJSON() })),
    admin("DELETE", "counters", () => {
      counters.clear();
      return { status: 204 };
    }),
    admin("GET", "faults", () => ({ status: 200, body: faultsBody() })),
    admin("PUT", "faults", (req) => {
      const { rate_limit: rateLimit, ...next } = parseFaultSettings(req.body);
      injector.settings = next;
      // Absent: unchanged; changed settings start a full bucket.
      if (rateLimit !== undefined) limiter.settings = rateLimit;
      return { status: 200, body: faultsBody() };
    }),
  ];

  return { routes, hook, injector, limiter, counters };
}
