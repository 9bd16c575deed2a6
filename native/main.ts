#!/usr/bin/env node
/**
 * `pulumi-resource-edgeingress`: the native provider plugin. The engine starts it (with its own
 * address as an argument, unused here), reads the port from the first line of stdout and speaks
 * Pulumi's provider protocol to it (native/server.ts).
 */
import { serve } from "./server";
import { packageRoot, packageVersion, schemaLoader } from "./package";

async function main(): Promise<void> {
  const root = packageRoot();
  const { port } = await serve({ version: packageVersion(root), schema: schemaLoader(root) });
  // A string, so Node does not colour it; the gRPC server keeps the process alive.
  process.stdout.write(`${port}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`pulumi-resource-edgeingress: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
