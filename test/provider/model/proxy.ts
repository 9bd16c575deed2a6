/**
 * A recording, fault-injecting HTTP proxy between the provider runtime and the emulator. Every request is
 * logged (method, path, status, the id a POST created, even when its answer was withheld). Faults are
 * decided per request by a seeded generator, so a run repeats:
 * - `503` / `429`: answered by the proxy, the request never reaches the service;
 * - `lost`: forwarded and processed, then the client's socket is destroyed (the answer is lost);
 * - `refused`: the client's socket is destroyed before anything is forwarded (sent, not processed).
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
// The emulator's seeded generator: the same seed, the same faults.
import { randomSource } from "../../../emulator/admin/faults";

export type ProxyFault = "503" | "429" | "lost" | "refused";

export interface Logged {
  method: string;
  path: string;
  /** The service's status (also when the proxy withheld it); undefined when not forwarded. */
  status?: number;
  fault?: ProxyFault;
  /** For a POST the service answered with an object: its id. */
  createdId?: string;
}

export interface FaultPlan {
  rate: number;
  kinds: readonly ProxyFault[];
  seed: number;
}

export class RecordingProxy {
  readonly log: Logged[] = [];
  private server: http.Server;
  private agent = new http.Agent({ keepAlive: true });
  private random: () => number = () => 1;
  private plan: FaultPlan = { rate: 0, kinds: [], seed: 0 };
  url = "";
  /** Runs before a POST is forwarded (someone else acting just before the stack's request lands). */
  onPost?: (path: string, body: Buffer) => Promise<void>;

  constructor(private readonly target: string) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Faults from now on (rate 0: none). */
  setFaults(plan: FaultPlan): void {
    this.plan = plan;
    this.random = randomSource(plan.seed);
  }

  private choose(): ProxyFault | undefined {
    if (this.plan.rate <= 0 || !this.plan.kinds.length) return undefined;
    // Always two draws, so the choices depend only on the request count.
    const a = this.random();
    const b = this.random();
    return a < this.plan.rate ? this.plan.kinds[Math.floor(b * this.plan.kinds.length)] : undefined;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const entry: Logged = { method, path };
    this.log.push(entry);
    const fault = this.choose();
    entry.fault = fault;
    if (fault === "503" || fault === "429") {
      res.writeHead(Number(fault), { "content-type": "application/json", ...(fault === "429" ? { "retry-after": "0" } : {}) });
      res.end(
        JSON.stringify({
          error_code: fault === "429" ? "RATE_LIMITED" : "SERVICE_UNAVAILABLE",
          status_code: Number(fault),
          msg: "injected by the model test's proxy",
          details: {},
        }),
      );
      return;
    }
    if (fault === "refused") {
      req.socket.destroy();
      return;
    }
    if (method === "POST" && this.onPost) await this.onPost(path, body);
    const headers = { ...req.headers };
    delete headers.host;
    const upstream = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const u = http.request(new URL(path, this.target), { method, headers, agent: this.agent }, (r) => {
        const parts: Buffer[] = [];
        r.on("data", (c: Buffer) => parts.push(c));
        r.on("end", () => resolve({ status: r.statusCode ?? 0, headers: r.headers, body: Buffer.concat(parts) }));
        r.on("error", reject);
      });
      u.on("error", reject);
      u.end(body);
    }).catch(() => undefined);
    if (!upstream) {
      req.socket.destroy();
      return;
    }
    entry.status = upstream.status;
    if (method === "POST" && upstream.status >= 200 && upstream.status < 300) {
      try {
        const parsed = JSON.parse(upstream.body.toString("utf8"));
        if (parsed && typeof parsed.id === "string") entry.createdId = parsed.id;
      } catch {
        // not JSON: nothing created
      }
    }
    if (fault === "lost") {
      req.socket.destroy();
      return;
    }
    const out = { ...upstream.headers };
    delete out["transfer-encoding"];
    delete out.connection;
    res.writeHead(upstream.status, out);
    res.end(upstream.body);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
