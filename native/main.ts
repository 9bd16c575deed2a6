#!/usr/bin/env node
/**
 * `pulumi-resource-edgeingress`: the native provider plugin. The engine starts it (with its own
 * address as an argument, unused here), reads the port from the first line of stdout and speaks
 * Pulumi's provider protocol to it (native/server.ts). The engine starts it anew in every command and
 * waits for the port: what is loaded before the port is printed is kept small, and the provider itself
 * loads only in a process that will serve it (native/listen.ts).
 */
import * as nodeModule from "node:module";

// Node's compiled-code cache (in NODE_COMPILE_CACHE, else the system's temporary directory) spares
// every start after the first most of the compiling; first, so that it covers what follows.
nodeModule.enableCompileCache?.();

async function main(): Promise<void> {
  const { serve } = require("./listen") as typeof import("./listen");
  const { packageRoot, packageVersion, schemaLoader } = require("./package") as typeof import("./package");
  const root = packageRoot();
  const { port } = await serve({ version: packageVersion(root), schema: schemaLoader(root) });
  // A string, so Node does not colour it; the gRPC server keeps the process alive.
  process.stdout.write(`${port}\n`);
  (require("./timings") as typeof import("./timings")).mark("port");
}

main().catch((e: unknown) => {
  process.stderr.write(`pulumi-resource-edgeingress: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
