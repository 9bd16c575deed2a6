/** Raw-HTTP helpers for the emulator tests (undici, not the sdk). */
import type { Readable } from "node:stream";
import { request } from "undici";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON (undefined when empty or not JSON); `any` because tests read arbitrary wire fields. */
  body: any;
}

export interface CallOptions {
  /** JSON-encoded and sent with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (no Content-Type added). */
  raw?: string | Buffer | Readable;
  /** Bearer token; null sends no Authorization header. Default: the client's token. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** Every list operation: path and list key. */
const LISTS: ReadonlyArray<[string, string]> = [
  ["/api_keys", "keys"],
  ["/ip_policies", "ip_policies"],
  ["/ip_restrictions", "ip_restrictions"],
  ["/backends/tunnel_group", "backends"],
  ["/backends/weighted", "backends"],
  ["/backends/failover", "backends"],
];

export class Client {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  /** A client for the same emulator with another token. */
  as(token: string): Client {
    return new Client(this.url, token);
  }

  /** `target` is a path or an absolute URL (e.g. a next_page_uri). */
  async call(method: string, target: string, opts: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { "service-version": "2" };
    const token = opts.token === undefined ? this.token : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body = opts.raw;
    if (opts.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.json);
    }
    const res = await request(target.startsWith("http") ? target : `${this.url}${target}`, {
      method: method as "GET",
      headers: { ...headers, ...opts.headers },
      body,
    });
    const text = await res.body.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.statusCode, headers: res.headers, text, body: parsed };
  }

  get = (target: string, opts?: CallOptions) => this.call("GET", target, opts);
  post = (target: string, json?: unknown, opts?: CallOptions) => this.call("POST", target, { json, ...opts });
  patch = (target: string, json?: unknown, opts?: CallOptions) => this.call("PATCH", target, { json, ...opts });
  del = (target: string, opts?: CallOptions) => this.call("DELETE", target, opts);

  /** Every item of a collection, following next_page_uri. */
  async listAll(path: string, key: string): Promise<Array<Record<string, unknown>>> {
    const items: Array<Record<string, unknown>> = [];
    let next: string | null = path;
    while (next) {
      const reply = await this.get(next);
      expect(reply.status).toBe(200);
      items.push(...reply.body[key]);
      next = reply.body.next_page_uri;
    }
    return items;
  }

  /** The whole visible state, to prove a failed request changed nothing. */
  async snapshot(): Promise<unknown> {
    const state: Record<string, unknown> = {};
    for (const [path, key] of LISTS) state[path] = await this.listAll(path, key);
    return state;
  }

  /** Run a request that must fail, and check that the state is the same afterwards. */
  async unchanged(action: () => Promise<Reply>): Promise<Reply> {
    const before = await this.snapshot();
    const reply = await action();
    expect(await this.snapshot()).toEqual(before);
    return reply;
  }
}

export async function start(opts: EmulatorOptions = {}): Promise<{ emulator: RunningEmulator; api: Client }> {
  const emulator = await startEmulator({ port: 0, ...opts });
  return { emulator, api: new Client(emulator.url, emulator.rootToken) };
}

/** An API error reply: status, code, status_code, the operation id in body and header, optional field. */
export function expectError(reply: Reply, status: number, code: string, field?: string): void {
  expect({ status: reply.status, code: reply.body?.error_code }).toEqual({ status, code });
  expect(reply.body.status_code).toBe(status);
  expect(typeof reply.body.msg).toBe("string");
  expect(reply.body.details.operation_id).toMatch(/^op_[0-9a-f]{32}$/);
  expect(reply.headers["edge-ingress-operation-id"]).toBe(reply.body.details.operation_id);
  if (field !== undefined) {
    expect(reply.body.details.field).toBe(field);
    expect(typeof reply.body.details.rule).toBe("string");
    expect(reply.body.msg.startsWith(`${field}: `)).toBe(true);
  }
}

export const ID_SUFFIX = "[0-9a-hjkmnp-tv-z]{26}";
export const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
