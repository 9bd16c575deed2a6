#!/usr/bin/env node
/**
 * edge-ingress: the package's command line. `export` writes a Pulumi program adopting the account;
 * `audit` reports what in the account no stack declares (cli/audit.ts, its own exit codes).
 * The API key comes only from the environment: a key on a command line leaks into process lists and
 * shell history. Export exits 2 on bad usage, 1 when the export fails.
 */
import * as path from "node:path";
import { parseArgs } from "node:util";
import { API_KEY_ENV, BASE_URL_ENV, EdgeIngress } from "../sdk";
import { USAGE as AUDIT_USAGE, runAudit } from "./audit";
import { exportAccount } from "./export";

const EXPORT_USAGE = `Usage: edge-ingress export [--out <dir>] [--project <name>] [--api-url <url>] [--force]

Reads every resource of the account and writes a Pulumi TypeScript program (Pulumi.yaml, index.ts,
package.json, tsconfig.json, README.md) that declares each one with \`adopt\` set to its id.

Options:
  --out <dir>        where to write the project (default: ./edge-ingress-export)
  --project <name>   Pulumi project name (default: the directory's name)
  --api-url <url>    the API's base URL (default: $${BASE_URL_ENV})
  --force            overwrite the files of an earlier export

The API key is read from $${API_KEY_ENV} only.`;

const USAGE = `${EXPORT_USAGE}\n\n${AUDIT_USAGE}`;

const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

function usageError(message: string): never {
  process.stderr.write(`edge-ingress: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (command === "audit") {
    process.exitCode = await runAudit(rest, {
      env: process.env,
      cwd: process.cwd(),
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
    return;
  }
  if (command !== "export") usageError(command ? `unknown command "${command}"` : "a command is required");
  let values: { out?: string; project?: string; "api-url"?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        out: { type: "string" },
        project: { type: "string" },
        "api-url": { type: "string" },
        force: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (e) {
    usageError((e as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${EXPORT_USAGE}\n`);
    return;
  }
  const outDir = path.resolve(values.out ?? "edge-ingress-export");
  const project = values.project ?? path.basename(outDir);
  if (!PROJECT_NAME.test(project)) usageError(`--project must be letters, digits, "_", "." or "-" (got ${JSON.stringify(project)})`);
  const apiKey = process.env[API_KEY_ENV];
  const apiUrl = values["api-url"] ?? process.env[BASE_URL_ENV];
  if (!apiKey) usageError(`set ${API_KEY_ENV} to an API key of the account`);
  if (!apiUrl) usageError(`pass --api-url or set ${BASE_URL_ENV}`);
  const client = new EdgeIngress({ apiKey, baseURL: apiUrl });
  try {
    const { plan } = await exportAccount(client, { outDir, project, apiUrl, force: values.force });
    process.stdout.write(
      `Wrote ${outDir}: ${plan.resources.length} resource(s) to adopt, ${plan.secrets.length} credential(s) to set as secret config` +
        `${plan.skipped.length ? `, ${plan.skipped.length} not declared` : ""}. Next steps: ${path.join(outDir, "README.md")}\n`,
    );
  } finally {
    await client.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  // sdk errors never contain the key or a secret value.
  const audit = process.argv[2] === "audit";
  process.stderr.write(`edge-ingress ${audit ? "audit" : "export"}: ${(e as Error).message}\n`);
  // An audit that failed unexpectedly read nothing it could vouch for: "could not read".
  process.exit(audit ? 3 : 1);
});
