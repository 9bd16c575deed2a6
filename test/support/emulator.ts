/**
 * The one way tests start the emulator: `useEmulator()` for the emulator a test file shares (started
 * before its first test, closed after its last), `start()` for one a test needs to itself (its own
 * options, a restart on the same data file). Both give a raw-HTTP client (`api`, undici, not the sdk)
 * and an sdk client (`client`) holding the root token.
 */
import type { Readable } from "node:stream";
import { request } from "undici";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../emulator";
import { KINDS } from "../../emulator/state";
import { EdgeIngress } from "../../sdk";

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

/**
 * Every list operation: each collection of the emulator's store with a path of its own (a route is
 * listed within its edge, a source within its subscription: both are in their parent's items).
 */
const LIST_PATHS: readonly string[] = KINDS.map((k) => k.path).filter((p) => !p.includes("{"));

/** The one key of a list body that holds its items (`keys`, `ip_policies`, `backends`, ...). */
function itemsKey(path: string, body: Record<string, unknown>): string {
  const keys = Object.keys(body).filter((k) => Array.isArray(body[k]));
  expect({ path, keys: keys.length }).toEqual({ path, keys: 1 });
  return keys[0];
}

/** Raw HTTP against one emulator. The URL and token may be read late: a file's client exists before its emulator does. */
export class Client {
  private readonly urlOf: () => string;
  private readonly tokenOf: () => string;

  constructor(url: string | (() => string), token: string | (() => string)) {
    this.urlOf = typeof url === "string" ? () => url : url;
    this.tokenOf = typeof token === "string" ? () => token : token;
  }

  get url(): string {
    return this.urlOf();
  }

  get token(): string {
    return this.tokenOf();
  }

  /** A client for the same emulator with another token. */
  as(token: string): Client {
    return new Client(this.urlOf, token);
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
  put = (target: string, json?: unknown, opts?: CallOptions) => this.call("PUT", target, { json, ...opts });
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

  /** Every collection as the API lists it (rendered, as a client sees it), e.g. to compare across a restart. */
  async listed(): Promise<unknown> {
    const state: Record<string, unknown> = {};
    for (const path of LIST_PATHS) {
      const first = await this.get(path);
      expect(first.status).toBe(200);
      state[path] = await this.listAll(path, itemsKey(path, first.body));
    }
    return state;
  }

  /**
   * The whole stored state as JSON text (`GET /_emulator/snapshot`: every record of every collection, in
   * one request), to prove a failed request changed nothing. Text, so comparing is a string compare.
   */
  async snapshot(): Promise<string> {
    const reply = await this.get("/_emulator/snapshot");
    expect(reply.status).toBe(200);
    return reply.text;
  }

  /** Run a request that must fail, and check that the state is the same afterwards. */
  async unchanged(action: () => Promise<Reply>): Promise<Reply> {
    const before = await this.snapshot();
    const reply = await action();
    expect(await this.snapshot()).toBe(before);
    return reply;
  }
}

/** A running emulator with its clients. */
export interface Started {
  readonly emulator: RunningEmulator;
  readonly url: string;
  readonly rootToken: string;
  /** Raw HTTP with the root token. */
  readonly api: Client;
  /** The sdk with the root token (no retries). */
  readonly client: EdgeIngress;
  /** An sdk client with another token (closed with the emulator). */
  clientWith(apiKey: string): EdgeIngress;
  /** Closes the sdk clients and the emulator. */
  close(): Promise<void>;
}

/** An emulator on an ephemeral port of 127.0.0.1; `opts` as the emulator takes them. */
export async function start(opts: EmulatorOptions = {}): Promise<Started> {
  const emulator = await startEmulator({ port: 0, ...opts });
  const clients: EdgeIngress[] = [];
  const sdk = (apiKey: string) => {
    const c = new EdgeIngress({ apiKey, baseURL: emulator.url, maxRetries: 0 });
    clients.push(c);
    return c;
  };
  let root: EdgeIngress | undefined;
  return {
    emulator,
    url: emulator.url,
    rootToken: emulator.rootToken,
    api: new Client(emulator.url, emulator.rootToken),
    get client() {
      return (root ??= sdk(emulator.rootToken));
    },
    clientWith: sdk,
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await emulator.close();
    },
  };
}

/**
 * The emulator of a test file: started in beforeAll and closed in afterAll, or with `"each"` a fresh one
 * for every test. Its `api` may be taken at load time; `close()` may come early (it is then a no-op at the end).
 */
export function useEmulator(opts: EmulatorOptions = {}, per: "file" | "each" = "file"): Started {
  let started: Started | undefined;
  const running = (): Started => {
    if (!started) throw new Error("the emulator is not running (use it inside a test or hook)");
    return started;
  };
  const close = async () => {
    const closing = started;
    started = undefined;
    await closing?.close();
  };
  (per === "each" ? beforeEach : beforeAll)(async () => {
    started = await start(opts);
  });
  (per === "each" ? afterEach : afterAll)(close);
  return {
    get emulator() {
      return running().emulator;
    },
    get url() {
      return running().url;
    },
    get rootToken() {
      return running().rootToken;
    },
    api: new Client(
      () => running().url,
      () => running().rootToken,
    ),
    get client() {
      return running().client;
    },
    clientWith: (apiKey) => running().clientWith(apiKey),
    close,
  };
}
