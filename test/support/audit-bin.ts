/**
 * `edge-ingress audit` as users run it: the bin (dist/cli) against the stacks of a real backend, with the
 * audit's key and URL from the environment only (test/e2e/audit.test.ts, the native suites).
 */
import * as path from "node:path";
import type { AuditReport } from "../../cli/audit";
import { REPO_ROOT, runCommand, type CliResult, type TestStack } from "../../harness/engine";

const BIN = path.join(REPO_ROOT, "dist", "cli", "index.js");

/** `edge-ingress audit <args> --json` in the stack's program directory with its environment (backend, pulumi on PATH). */
export async function auditStacks(
  stack: TestStack,
  args: string[],
  account: { url: string; rootToken: string },
): Promise<CliResult & { report: AuditReport }> {
  const result = await runCommand(process.execPath, [BIN, "audit", ...args, "--json"], {
    cwd: stack.programDir,
    env: { ...stack.env, EDGE_INGRESS_API_KEY: account.rootToken, EDGE_INGRESS_API_URL: account.url },
  });
  if (result.code !== 0 && result.code !== 1) throw new Error(`edge-ingress audit failed (exit ${result.code}):\n${result.stderr}`);
  return { ...result, report: JSON.parse(result.stdout) as AuditReport };
}
