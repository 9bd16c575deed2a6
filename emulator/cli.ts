#!/usr/bin/env node
/**
 * edge-ingress-emulator: run the emulator until SIGINT/SIGTERM. The first stdout line is the base URL, so
 * scripts can read it; everything else goes to stderr. Exit 2 on bad flags, 1 when it cannot start.
 */
import { parseArgs } from "node:util";
import { isFaultSeed, parseFaultSettings } from "./admin/faults";
import { parseRateLimit } from "./admin/rate-limit";
import { ApiError } from "./errors";
import { FAULT_KINDS, UPDATE_ANSWERS, type FaultSettings, type RateLimitSettings, type UpdateAnswers } from "./options";
import { isValidToken, newToken } from "./secrets";

const TOKEN_ENV = "EDGE_INGRESS_EMULATOR_ROOT_TOKEN";

const USAGE = `Usage: edge-ingress-emulator [options]

Runs a local, stateful emulator of the Edge Ingress Management API.
Prints the base URL as the first line on stdout.

Options:
  --host <host>         address to listen on (default 127.0.0.1)
  --port <port>         port to listen on; 0 picks a free port (default 0)
  --root-token <token>  admin bearer token (or env ${TOKEN_ENV});
                        generated and printed to stderr when absent
  --data <file>         load state from this JSON file and save every change to it
  --latency <ms|min-max>
                        delay every request (not /_emulator/) by ms, or uniformly
                        by min..max ms (at most 60000; default 0)
  --fault-rate <0..1>   share of requests (not /_emulator/) that get a fault (default 0)
  --faults <kinds>      comma-separated kinds that may be injected (default all):
                        429 (Retry-After: 1) and 503 answer before processing;
                        reset processes, then drops the connection unanswered;
                        timeout processes, then never answers (up to 120 s)
  --fault-seed <n>      seed (0..4294967295) for repeatable latency and fault choices
  --rate-limit <n>      limit the account (every key and the root token together;
                        not /_emulator/) to n requests per minute, a token bucket
                        refilled continuously: 429 RATE_LIMITED when it is empty
                        (default 0: no limit)
  --rate-limit-burst <n>
                        the bucket's size (default ceil(n / 12): 5 s worth, >= 1)
  --rate-limit-retry-after <yes|no>
                        send Retry-After (whole seconds until a token) with a 429
                        (default yes)
  --rate-limit-headers  send RateLimit-Limit, -Remaining, -Reset and -Policy with
                        every answer to a request the limit applies to
  --base-domain <name>  the service's own domain (default edge-ingress.app)
  --provisioning-delay-ms <ms>
                        time each simulated certificate provisioning
                        attempt takes (default 1000)
  --update-answers <stored|spec>
                        what a weighted or failover backend PATCH without
                        backends answers: the stored backends (default) or,
                        as the spec's samples show, an empty map or list
  -h, --help            show this help
`;

class UsageError extends Error {}

interface CliOptions {
  host: string;
  port: number;
  rootToken?: string;
  dataFile?: string;
  faults: FaultSettings;
  faultSeed?: number;
  rateLimit: RateLimitSettings | null;
  baseDomain?: string;
  provisioningDelayMs?: number;
  updateAnswers?: UpdateAnswers;
  help: boolean;
}

const FAULT_FLAGS: Record<string, string> = { latency_ms: "--latency", fault_rate: "--fault-rate", faults: "--faults" };

function parseLatency(text: string): [number, number] {
  const match = /^(\d{1,9})(?:-(\d{1,9}))?$/.exec(text);
  if (!match) throw new UsageError(`--latency must be <ms> or <min>-<max> in whole milliseconds, got ${JSON.stringify(text)}`);
  return [Number(match[1]), Number(match[2] ?? match[1])];
}

/** The fault flags, checked by the same rules as a PUT /_emulator/faults body but named as flags. */
function parseFaultFlags(values: { latency?: string; "fault-rate"?: string; faults?: string }): FaultSettings {
  const rateText = values["fault-rate"] ?? "0";
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(rateText))
    throw new UsageError(`--fault-rate must be a number from 0 to 1, got ${JSON.stringify(rateText)}`);
  try {
    return parseFaultSettings({
      latency_ms: parseLatency(values.latency ?? "0"),
      fault_rate: Number(rateText),
      faults: values.faults === undefined ? [...FAULT_KINDS] : values.faults.split(",").map((kind) => kind.trim()),
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const field = err.details.field ?? "";
    const flag = FAULT_FLAGS[field.replace(/\[.*$/, "")] ?? field;
    throw new UsageError(`${flag}: ${err.message.slice(field.length + 2)}`); // the message minus its wire field name
  }
}

const RATE_LIMIT_FLAGS: Record<string, string> = {
  "rate_limit.per_minute": "--rate-limit",
  "rate_limit.burst": "--rate-limit-burst",
  "rate_limit.retry_after": "--rate-limit-retry-after",
  "rate_limit.headers": "--rate-limit-headers",
};

/** The rate limit flags, checked by the same rules as `rate_limit` in a PUT /_emulator/faults body. */
function parseRateLimitFlags(values: {
  "rate-limit"?: string;
  "rate-limit-burst"?: string;
  "rate-limit-retry-after"?: string;
  "rate-limit-headers"?: boolean;
}): RateLimitSettings | null {
  const rateText = values["rate-limit"];
  const given = (["rate-limit-burst", "rate-limit-retry-after", "rate-limit-headers"] as const).filter(
    (name) => values[name] !== undefined,
  );
  if (rateText !== undefined && !/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(rateText)) {
    throw new UsageError(`--rate-limit must be a number of requests per minute (0: no limit), got ${JSON.stringify(rateText)}`);
  }
  if (rateText === undefined || Number(rateText) === 0) {
    if (given.length > 0) throw new UsageError(`--${given[0]} needs --rate-limit <n> greater than 0`);
    return null;
  }
  const rateLimit: Record<string, unknown> = { per_minute: Number(rateText) };
  const burstText = values["rate-limit-burst"];
  if (burstText !== undefined) {
    if (!/^\d{1,15}$/.test(burstText))
      throw new UsageError(`--rate-limit-burst must be a whole number of requests, at least 1, got ${JSON.stringify(burstText)}`);
    rateLimit.burst = Number(burstText);
  }
  const retryAfter = values["rate-limit-retry-after"];
  if (retryAfter !== undefined) {
    if (retryAfter !== "yes" && retryAfter !== "no")
      throw new UsageError(`--rate-limit-retry-after must be yes or no, got ${JSON.stringify(retryAfter)}`);
    rateLimit.retry_after = retryAfter === "yes";
  }
  if (values["rate-limit-headers"]) rateLimit.headers = true;
  try {
    return parseRateLimit(rateLimit);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const field = err.details.field ?? "";
    throw new UsageError(`${RATE_LIMIT_FLAGS[field] ?? field}: ${err.message.slice(field.length + 2)}`);
  }
}

function parseCli(argv: string[]): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        "root-token": { type: "string" },
        data: { type: "string" },
        latency: { type: "string" },
        "fault-rate": { type: "string" },
        faults: { type: "string" },
        "fault-seed": { type: "string" },
        "rate-limit": { type: "string" },
        "rate-limit-burst": { type: "string" },
        "rate-limit-retry-after": { type: "string" },
        "rate-limit-headers": { type: "boolean" },
        "base-domain": { type: "string" },
        "provisioning-delay-ms": { type: "string" },
        "update-answers": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const portText = values.port ?? "0";
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`--port must be an integer from 0 to 65535, got ${JSON.stringify(portText)}`);
  const host = values.host ?? "127.0.0.1";
  if (host === "") throw new UsageError("--host must not be empty");
  const rootToken = values["root-token"] ?? (process.env[TOKEN_ENV] || undefined);
  if (rootToken !== undefined && !isValidToken(rootToken)) {
    throw new UsageError("the root token must be 1 to 512 visible ASCII characters, no spaces");
  }
  if (values.data === "") throw new UsageError("--data must not be empty");
  const faults = parseFaultFlags(values);
  let faultSeed: number | undefined;
  if (values["fault-seed"] !== undefined) {
    faultSeed = /^\d{1,10}$/.test(values["fault-seed"]) ? Number(values["fault-seed"]) : NaN;
    if (!isFaultSeed(faultSeed))
      throw new UsageError(`--fault-seed must be an integer from 0 to 4294967295, got ${JSON.stringify(values["fault-seed"])}`);
  }
  const rateLimit = parseRateLimitFlags(values);
  const baseDomain = values["base-domain"];
  const delayText = values["provisioning-delay-ms"];
  const provisioningDelayMs = delayText === undefined ? undefined : /^\d{1,10}$/.test(delayText) ? Number(delayText) : NaN;
  if (provisioningDelayMs !== undefined && !(provisioningDelayMs <= 2_147_483_647)) {
    throw new UsageError(`--provisioning-delay-ms must be an integer from 0 to 2147483647, got ${JSON.stringify(delayText)}`);
  }
  const answers = values["update-answers"];
  const updateAnswers = UPDATE_ANSWERS.find((choice) => choice === answers);
  if (answers !== undefined && updateAnswers === undefined) {
    throw new UsageError(`--update-answers must be one of ${UPDATE_ANSWERS.join(", ")}, got ${JSON.stringify(answers)}`);
  }
  return {
    host,
    port,
    rootToken,
    dataFile: values.data,
    faults,
    faultSeed,
    rateLimit,
    baseDomain,
    provisioningDelayMs,
    updateAnswers,
    help: values.help ?? false,
  };
}

/** The checks that need the state's rules, loaded only for a flag that asks for them. */
async function checkWithRules(options: CliOptions): Promise<void> {
  if (options.baseDomain === undefined) return;
  const { isBaseDomain } = await import("./state/reserved-domain");
  if (!isBaseDomain(options.baseDomain))
    throw new UsageError(`--base-domain must be a lowercase DNS name without *., got ${JSON.stringify(options.baseDomain)}`);
}

async function main(argv: string[]): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCli(argv);
    await checkWithRules(options);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`edge-ingress-emulator: ${err.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  // The emulator itself is loaded only now: bad flags and --help answer without its modules.
  const { startEmulator } = await import("./index");
  const generated = options.rootToken === undefined;
  const rootToken = options.rootToken ?? newToken();
  let emulator;
  try {
    const { latency_ms, fault_rate, faults } = options.faults;
    emulator = await startEmulator({
      host: options.host,
      port: options.port,
      rootToken,
      dataFile: options.dataFile,
      latencyMs: latency_ms,
      faultRate: fault_rate,
      faults,
      faultSeed: options.faultSeed,
      rateLimit: options.rateLimit
        ? {
            perMinute: options.rateLimit.per_minute,
            burst: options.rateLimit.burst,
            retryAfter: options.rateLimit.retry_after,
            headers: options.rateLimit.headers,
          }
        : undefined,
      baseDomain: options.baseDomain,
      provisioningDelayMs: options.provisioningDelayMs,
      updateAnswers: options.updateAnswers,
    });
  } catch (err) {
    process.stderr.write(`edge-ingress-emulator: cannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${emulator.url}\n`);
  // Printed only when we made it up: the user has no other way to learn it.
  if (generated) process.stderr.write(`edge-ingress-emulator: root token: ${rootToken}\n`);
  if (options.dataFile) process.stderr.write(`edge-ingress-emulator: data file: ${options.dataFile}\n`);
  // The owners the root token may name besides itself (also GET /_emulator/principals).
  process.stderr.write(`edge-ingress-emulator: admin user: ${emulator.adminUserId}, bot: ${emulator.botId}\n`);

  const running = emulator;
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      (err: Error) => {
        process.stderr.write(`edge-ingress-emulator: error while closing: ${err.message}\n`);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main(process.argv.slice(2)).catch((err: Error) => {
  process.stderr.write(`edge-ingress-emulator: ${err.message}\n`);
  process.exit(1);
});
