/** The benchmark's emulator: the built CLI in its own process, and the admin calls the benchmark needs. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { Pool } from "undici";
import { REPO_ROOT } from "../harness/engine";
import { processCpuMs } from "./measure";

/** One route's (or the totals') count; `rate_limited`: requests refused with 429 by the account's limit, also counted in `requests`. */
export interface Count {
  requests: number;
  rate_limited?: number;
}

export interface Counters {
  routes: Record<string, Count>;
  totals: Count;
  /** When the first and the last request the limit let through arrived (ISO 8601; null before one). */
  accepted?: { first: string | null; last: string | null };
}

/** The emulator's account-wide limit (docs/emulator.md): `burst` and `retryAfter` default to the emulator's. */
export interface RateLimitSettings {
  perMinute: number;
  burst?: number;
  retryAfter?: boolean;
  headers?: boolean;
}

/** The limit as `GET /_emulator/faults` reports it. */
export interface WireRateLimit {
  per_minute: number;
  burst: number;
  retry_after: boolean;
  headers: boolean;
}

/** The emulator CLI's flags for a limit. */
export function rateLimitFlags(rateLimit: RateLimitSettings | undefined): string[] {
  if (rateLimit === undefined) return [];
  return [
    "--rate-limit",
    String(rateLimit.perMinute),
    ...(rateLimit.burst === undefined ? [] : ["--rate-limit-burst", String(rateLimit.burst)]),
    ...(rateLimit.retryAfter === undefined ? [] : ["--rate-limit-retry-after", rateLimit.retryAfter ? "yes" : "no"]),
    ...(rateLimit.headers ? ["--rate-limit-headers"] : []),
  ];
}

export class BenchEmulator {
  private constructor(
    readonly url: string,
    readonly rootToken: string,
    private readonly child: ChildProcess,
    private readonly pool: Pool,
  ) {}

  /**
   * `node dist/emulator/cli.js --port 0 --latency <ms>` (with `rateLimit`, its `--rate-limit*` flags);
   * the root token goes through the environment.
   */
  static async start(latencyMs: number, rateLimit?: RateLimitSettings): Promise<BenchEmulator> {
    const cli = path.join(REPO_ROOT, "dist", "emulator", "cli.js");
    const rootToken = randomBytes(16).toString("hex");
    const child = spawn(process.execPath, [cli, "--port", "0", "--latency", String(latencyMs), ...rateLimitFlags(rateLimit)], {
      env: { ...process.env, EDGE_INGRESS_EMULATOR_ROOT_TOKEN: rootToken },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d) => {
        out += d;
        const line = /^(.*)\n/.exec(out);
        if (line) resolve(line[1]);
      });
      child.once("exit", (code) => reject(new Error(`the emulator exited (${code}) before printing its URL (is dist/ built?): ${stderr}`)));
    });
    return new BenchEmulator(url, rootToken, child, new Pool(url, { connections: 64 }));
  }

  /** CPU ms the emulator (the service's stand-in) has used so far. */
  cpuMs(): number {
    return this.child.pid === undefined ? 0 : processCpuMs(this.child.pid);
  }

  /** One request with the root token; the parsed JSON answer. */
  async call<T = unknown>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", urlPath: string, body?: unknown): Promise<T> {
    const res = await this.pool.request({
      method,
      path: urlPath,
      headers: { authorization: `Bearer ${this.rootToken}`, "service-version": "2", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${urlPath}: ${res.statusCode} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  counters = () => this.call<Counters>("GET", "/_emulator/counters");
  resetCounters = () => this.call("DELETE", "/_emulator/counters");
  resetState = () => this.call("POST", "/_emulator/reset");
  setLatency = (ms: number) =>
    this.call("PUT", "/_emulator/faults", { latency_ms: [ms, ms], fault_rate: 0, faults: ["429", "503", "reset", "timeout"] });

  /** The account's limit as the emulator applies it (null: off). */
  async rateLimit(): Promise<WireRateLimit | null> {
    return (await this.call<{ rate_limit?: WireRateLimit | null }>("GET", "/_emulator/faults")).rate_limit ?? null;
  }

  /**
   * Fills the account's bucket: the limit is turned off and set again, a change of the limit, which
   * refills it (PUT /_emulator/faults takes the whole settings body). Admin routes are never limited.
   */
  async refillBucket(): Promise<void> {
    const settings = await this.call<Record<string, unknown> & { rate_limit?: WireRateLimit | null }>("GET", "/_emulator/faults");
    if (!settings.rate_limit)
      throw new Error("the emulator has no rate limit to refill (is dist/ built from a tree with the emulator's limiter?)");
    await this.call("PUT", "/_emulator/faults", { ...settings, rate_limit: null });
    await this.call("PUT", "/_emulator/faults", settings);
  }

  /** Turns the account's limit off (`lift`) or sets `limit` again; admin routes are never limited. */
  async setRateLimit(limit: WireRateLimit | null): Promise<void> {
    const settings = await this.call<Record<string, unknown>>("GET", "/_emulator/faults");
    await this.call("PUT", "/_emulator/faults", { ...settings, rate_limit: limit });
  }

  /**
   * Requests per second of `clients` concurrent clients, each sending one request after another for
   * `seconds`: reads (GET of one IP policy) and writes (POST of a new one).
   */
  async throughput(clients: number, seconds: number): Promise<{ reads: number; writes: number }> {
    const { id } = await this.call<{ id: string }>("POST", "/ip_policies", { description: "throughput" });
    const measure = async (method: "GET" | "POST", urlPath: string, body?: unknown): Promise<number> => {
      const pool = new Pool(this.url, { connections: clients });
      const end = Date.now() + seconds * 1000;
      let done = 0;
      const started = performance.now();
      try {
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (Date.now() < end) {
              const res = await pool.request({
                method,
                path: urlPath,
                headers: { authorization: `Bearer ${this.rootToken}`, "service-version": "2", "content-type": "application/json" },
                body: body === undefined ? undefined : JSON.stringify(body),
              });
              await res.body.text();
              if (res.statusCode >= 300) throw new Error(`${method} ${urlPath}: ${res.statusCode}`);
              done++;
            }
          }),
        );
      } finally {
        await pool.close();
      }
      return Math.round(done / ((performance.now() - started) / 1000));
    };
    return {
      reads: await measure("GET", `/ip_policies/${id}`),
      writes: await measure("POST", "/ip_policies", { description: "throughput" }),
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
    if (this.child.exitCode === null) {
      const exited = new Promise((resolve) => this.child.once("exit", resolve));
      this.child.kill("SIGTERM");
      await exited;
    }
  }
}
