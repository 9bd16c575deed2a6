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
