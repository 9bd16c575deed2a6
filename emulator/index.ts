/** Public entry of the emulator: start a faithful, stateful local server of the Management API. */
import type { AddressInfo } from "node:net";
import { isValidToken, newToken } from "./secrets";
import { createEmulatorServer, urlHost } from "./server";
import { KINDS } from "./state";
import { Store } from "./state/store";

export interface EmulatorOptions {
  host?: string;
  port?: number;
  rootToken?: string;
  dataFile?: string;
}

export interface RunningEmulator {
  url: string;
  rootToken: string;
  close(): Promise<void>;
}

/**
 * Listen on host (default 127.0.0.1) and port (default 0: any free port). Without rootToken one is
 * generated. With dataFile, state is loaded from it (rejects if it is corrupt) and written after every change.
 */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = opts.host ?? "127.0.0.1";
  const rootToken = opts.rootToken ?? newToken();
  if (!isValidToken(rootToken)) throw new Error("rootToken must be 1 to 512 visible ASCII characters, no spaces");
  const store = Store.open(KINDS, opts.dataFile);
  const server = createEmulatorServer({ store, rootToken });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    rootToken,
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections(); // keep-alive clients must not hold the close open
      })),
  };
}
