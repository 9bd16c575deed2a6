/**
 * A server in front of the emulator for the connection tables: the path's first segment says how it
 * answers (`/html-404`: 404 HTML, as a proxy or wrong host; `/wrong-prefix`: the API under another
 * prefix, ROUTE_NOT_FOUND; `/refuse`: 401 for every key), anything else is forwarded. A URL per answer
 * rather than a switch: the native provider runs in the test's process and keeps a checked connection
 * per URL and key, where the engine starts a fresh plugin per command and checks it again.
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";

export type Answer = "html-404" | "wrong-prefix" | "refuse";

export interface Proxy {
  /** The URL forwarding everything, or answering as `answer` says. */
  url(answer?: Answer): string;
  close(): Promise<void>;
}

/** Answers one request as its first path segment says, else forwards it to `target()`. */
async function relay(target: string, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const [, first] = /^\/([^/?]*)/.exec(req.url ?? "/") ?? [];
  if (first === "html-404") {
    res.writeHead(404, { "content-type": "text/html" });
    return void res.end("<html>Not Found</html>");
  }
  if (first === "refuse") {
    res.writeHead(401, { "content-type": "application/json" });
    return void res.end(
      JSON.stringify({ error_code: "UNAUTHORIZED", status_code: 401, msg: "the token is unknown or revoked", details: {} }),
    );
  }
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  // A path under another prefix: the API answers ROUTE_NOT_FOUND.
  const rest = first === "wrong-prefix" ? `/v9${(req.url ?? "/").slice("/wrong-prefix".length)}` : req.url;
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== "host" && k !== "content-length")) as Record<
    string,
    string
  >;
  const answer = await fetch(new URL(rest ?? "/", target), {
    method: req.method,
    headers,
    body: chunks.length ? Buffer.concat(chunks) : undefined,
  });
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** A proxy to the emulator at `target()`, listening on a free port. */
export async function startProxy(target: () => string): Promise<Proxy> {
  // A failed forward ends the connection rather than leaving the rejection unhandled.
  const server = http.createServer((req, res) => void relay(target(), req, res).catch((err: Error) => res.destroy(err)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (answer) => (answer ? `${base}/${answer}` : base),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
