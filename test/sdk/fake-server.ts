/** A scripted node:http server for transport tests: records every request, answers from a handler. */
import * as http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when the request was complete. */
  at: number;
}

export type Handler = (req: Recorded, res: http.ServerResponse, index: number) => void;

export interface FakeServer {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startFakeServer(handler: Handler): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rec: Recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(rec);
      handler(rec, res, requests.length - 1);
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Hung handlers never answer: drop their sockets so close() can finish.
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON body with the service's operation id header. */
export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "edge-ingress-operation-id": "op_test", ...headers });
  res.end(JSON.stringify(body));
}

/** The service's error body. */
export function errorBody(status: number, code: string, details: Record<string, string> = {}) {
  return { error_code: code, status_code: status, msg: `${code.toLowerCase()} happened`, details: { operation_id: "op_test", ...details } };
}

/** A free port with nothing listening on it (for connection-refused tests). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
