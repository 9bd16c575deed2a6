/** A proxy in front of the emulator that answers an API error to the requests `refuse` picks, and passes the rest through. */
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export interface RefusingProxy {
  readonly url: string;
  /** How many requests were refused so far. */
  readonly refused: number;
  close(): Promise<void>;
}

/** `status` and `code` make the refusal: a 403 is certain (nothing applied), a 500 may pass. */
export async function refusingProxy(
  target: string,
  refuse: (req: http.IncomingMessage) => boolean,
  { status, code }: { status: number; code: string },
): Promise<RefusingProxy> {
  const upstream = new URL(target);
  let refused = 0;
  const server = http.createServer((req, res) => {
    if (refuse(req)) {
      refused++;
      req.resume();
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error_code: code, status_code: status, msg: "injected", details: {} }));
      return;
    }
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get refused() {
      return refused;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// The extension, and what fetch already undid (the body is sent as read).
const DROPPED_ANSWER_HEADERS = new Set(["edge-ingress-extensions", "content-encoding", "content-length", "transfer-encoding"]);

/** What a gateway in front of the API does with a request: passes it, or fails it as a misconfigured or lossy one would. */
export type GatewayMode = "forward" | "html-404" | "wrong-prefix";

export interface Gateway {
  readonly url: string;
  mode: GatewayMode;
  /** Requests whose answer was lost, by `lose`'s verdict: "after" it was applied, or "before" it reached the API. */
  readonly lost: Array<{ method: string; path: string; when: "after" | "before" }>;
  close(): Promise<void>;
}

/**
 * A gateway in front of the API that drops the idempotency extension both ways (a create whose answer
 * is lost must then be found by its fields and time, never taken from a look-alike), answers 404 in the
 * `html-404` and `wrong-prefix` modes (a proxy page; a path under another prefix, which the API answers
 * ROUTE_NOT_FOUND), and ends the connection without an answer where `lose` says so.
 */
export async function gateway(
  target: string,
  lose: (req: http.IncomingMessage) => "after" | "before" | undefined = () => undefined,
): Promise<Gateway> {
  const lost: Gateway["lost"] = [];
  const state = { mode: "forward" as GatewayMode };
  const relay = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (state.mode === "html-404") {
      res.writeHead(404, { "content-type": "text/html" });
      return void res.end("<html>Not Found</html>");
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const when = state.mode === "forward" ? lose(req) : undefined;
    if (when) lost.push({ method: req.method!, path: req.url!, when });
    if (when === "before") return void res.socket?.destroy();
    const url = new URL((state.mode === "wrong-prefix" ? "/v9" : "") + req.url, target);
    const skip = new Set(["host", "content-length", "idempotency-key"]);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !skip.has(k))) as Record<string, string>;
    const answer = await fetch(url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const body = Buffer.from(await answer.arrayBuffer());
    if (when === "after") return void res.socket?.destroy();
    const answerHeaders = Object.fromEntries([...answer.headers].filter(([k]) => !DROPPED_ANSWER_HEADERS.has(k)));
    res.writeHead(answer.status, answerHeaders);
    res.end(body);
  };
  // A failed forward ends the connection rather than leaving the rejection unhandled.
  const server = http.createServer((req, res) => void relay(req, res).catch((err: Error) => res.destroy(err)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: GatewayMode) {
      state.mode = m;
    },
    lost,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
