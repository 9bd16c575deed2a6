/** Public entry of the emulator: start a stateful local server of the Management API, written from its text. */
import type { AddressInfo } from "node:net";
import {
  adminSurface,
  DEFAULT_FAULT_SETTINGS,
  isFaultSeed,
  optionName,
  parseFaultSettings,
  parseRateLimit,
  rateLimitOptionToWire,
} from "./admin";
import { ApiError } from "./errors";
import { IdempotencyCache } from "./http/idempotency";
// Types from ./options only: the public declarations must reach no zod type (see there).
import { UPDATE_ANSWERS, type FaultKind, type RateLimitOption, type UpdateAnswers } from "./options";
import { ROUTES } from "./routes";
import { isValidToken, newToken } from "./secrets";
import type { LogSink } from "./log";
import { createEmulatorServer, urlHost } from "./server";
import { KINDS } from "./state";
import { isBaseDomain } from "./state/reserved-domain";
import { Store } from "./state/store";

export interface EmulatorOptions {
  host?: string;
  port?: number;
  rootToken?: string;
  dataFile?: string;
  /** The service's own domain (default `edge-ingress.app`): its subdomains need no CNAME. */
  baseDomain?: string;
  /** How long each simulated certificate provisioning attempt takes (default 1000 ms). */
  provisioningDelayMs?: number;
  /** Delay of every request outside /_emulator/: a fixed number of ms, or [min, max] (uniform). Default 0. */
  latencyMs?: number | readonly [number, number];
  /** Share of requests outside /_emulator/ that get a fault, 0..1. Default 0. */
  faultRate?: number;
  /** Kinds of fault that may be injected. Default all four. */
  faults?: readonly FaultKind[];
  /** Seed of the fault and latency choices: the same seed and requests give the same choices. */
  faultSeed?: number;
  /**
   * The account's rate limit on every request outside /_emulator/ (every key and the root token share
   * it): requests per minute, or `{ perMinute, burst, retryAfter, headers }` (defaults: burst
   * ceil(perMinute / 12), Retry-After sent, no RateLimit-* headers). Undefined or 0: no limit (default).
   */
  rateLimit?: RateLimitOption;
  /** Receives internal errors (level `error`) and every error answer (level `info`). Default: errors to stderr. */
  log?: LogSink;
  /**
   * What a weighted or failover backend PATCH that did not send `backends` answers: `"stored"` (default) the
   * stored value, `"spec"` an empty map or list as the spec's samples show. The stored state is the same.
   */
  updateAnswers?: UpdateAnswers;
}

export type { FaultKind, FaultSettings, RateLimitOption, RateLimitSettings, UpdateAnswers } from "./options";
export type { LogEntry, LogSink } from "./log";
export { FAULT_KINDS } from "./options";

export interface RunningEmulator {
  url: string;
  rootToken: string;
  /** The admin user: the owner of what the root token creates. */
  adminUserId: string;
  /** The account's bot (`bot_…`): an owner the root token may name; kept in the data file like the admin user. */
  botId: string;
  close(): Promise<void>;
}

/**
 * Listen on host (default 127.0.0.1) and port (default 0: any free port). Without rootToken one is
 * generated. With dataFile, state is loaded from it (rejects if it is corrupt) and written after every change.
 * Fault options are checked like a PUT /_emulator/faults body (rejects naming the option's wire field;
 * `rateLimit` by its option name, e.g. `rateLimit.perMinute`).
 */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const rootToken = opts.rootToken ?? newToken();
  if (!isValidToken(rootToken)) throw new Error("rootToken must be 1 to 512 visible ASCII characters, no spaces");
  if (opts.baseDomain !== undefined && !isBaseDomain(opts.baseDomain))
    throw new Error("baseDomain must be a lowercase DNS name without *.");
  const delay = opts.provisioningDelayMs;
  if (delay !== undefined && !(Number.isInteger(delay) && delay >= 0 && delay <= 2_147_483_647)) {
    throw new Error("provisioningDelayMs must be an integer number of milliseconds from 0 to 2147483647");
  }
  const latency = opts.latencyMs ?? 0;
  const settings = parseFaultSettings({
    latency_ms: typeof latency === "number" ? [latency, latency] : [...latency],
    fault_rate: opts.faultRate ?? DEFAULT_FAULT_SETTINGS.fault_rate,
    faults: [...(opts.faults ?? DEFAULT_FAULT_SETTINGS.faults)],
  });
  try {
    settings.rate_limit = parseRateLimit(rateLimitOptionToWire(opts.rateLimit));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const field = err.details.field ?? "rate_limit";
    // A plain number is the whole option.
    const name = typeof opts.rateLimit === "object" ? optionName(field) : "rateLimit";
    throw new Error(`${name}${err.message.slice(field.length)}`);
  }
  if (opts.faultSeed !== undefined && !isFaultSeed(opts.faultSeed)) throw new Error("faultSeed must be an integer from 0 to 4294967295");
  const updateAnswers = opts.updateAnswers ?? "stored";
  if (!UPDATE_ANSWERS.includes(updateAnswers)) throw new Error(`updateAnswers must be one of ${UPDATE_ANSWERS.join(", ")}`);
  const store = Store.open(KINDS, opts.dataFile);
  const idempotency = new IdempotencyCache();
  const admin = adminSurface(store, settings, opts.faultSeed, idempotency);
  const server = createEmulatorServer({
    store,
    rootToken,
    domains: { baseDomain: opts.baseDomain, provisioningDelayMs: opts.provisioningDelayMs },
    routes: [...ROUTES, ...admin.routes],
    hooks: [admin.hook],
    log: opts.log,
    idempotency,
    updateAnswers,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    rootToken,
    adminUserId: store.adminUserId,
    botId: store.botId,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections(); // keep-alive clients must not hold the close open
      })),
  };
}
