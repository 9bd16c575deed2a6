/**
 * For the per-kind unit tests: a client on a scripted server that answers every request with the
 * reply the test set, so each test can see the exact method, path and wire body a call sends.
 */
import { EdgeIngress } from "../../sdk";
import { FakeServer, json, startFakeServer } from "./fake-server";

export interface WireFixture {
  readonly client: EdgeIngress;
  /** The next answers: status and snake_case body (204 sends no body). */
  reply(status: number, body?: unknown): void;
  /** The last request: method, path with query, and parsed JSON body (undefined when none). */
  last(): { method: string; path: string; body: unknown };
  /** How many requests reached the server. */
  count(): number;
}

export function useWire(): WireFixture {
  let server: FakeServer | undefined;
  let client: EdgeIngress | undefined;
  let answer: { status: number; body?: unknown } = { status: 204 };
  beforeAll(async () => {
    server = await startFakeServer((_req, res) => {
      if (answer.status === 204) {
        res.writeHead(204).end();
        return;
      }
      json(res, answer.status, answer.body);
    });
    client = new EdgeIngress({ apiKey: "test-token", baseURL: server.url, maxRetries: 0 });
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
  });
  return {
    get client() {
      if (!client) throw new Error("fake server not started");
      return client;
    },
    reply(status, body) {
      answer = { status, body };
    },
    last() {
      const req = server?.requests.at(-1);
      if (!req) throw new Error("no request was sent");
      return { method: req.method, path: req.url, body: req.body === "" ? undefined : JSON.parse(req.body) };
    },
    count() {
      return server?.requests.length ?? 0;
    },
  };
}
