/**
 * `edge-ingress audit`: what in the account no stack declares. It reads the whole account (as export
 * does) and the state of the given stacks, and reports resources in the account that no stack records
 * (unmanaged) and resources a stack records that are gone from the account (missing). Reading the
 * states and the ignore file is ./audit-inputs.ts, the classification and its text ./audit-report.ts
 * (both pure); `runAudit` does the reading and writing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { API_KEY_ENV, BASE_URL_ENV, EdgeIngress, isHttpUrl } from "../sdk";
import {
  AuditUsageError,
  parseIgnoreFile,
  parseStackState,
  pulumiStackExport,
  pulumiStackNames,
  type AuditTarget,
  type IgnoreEntry,
  type StackState,
} from "./audit-inputs";
import { EXIT, classify, exitCodeOf, formatReport, inlineAdditions, unmanagedSnapshot, type AuditReport } from "./audit-report";
import { readAccount, writeProject } from "./export";
import type { AccountSnapshot } from "./generate";
import type { CliIo } from "./io";

export * from "./audit-inputs";
export * from "./audit-report";

/** Read from the current directory when present and no --ignore is given. */
export const DEFAULT_IGNORE_FILE = ".edge-ingress-audit-ignore";

export const USAGE = `Usage: edge-ingress audit [--stack-state <file> ...] [--stack <name> ...] [--all-stacks] [--ignore <file>] [--json] [--export <dir>] [--api-url <url>]

Reads every resource of the account and the state of the given stacks, and reports the resources in
the account that no stack records (unmanaged) and those a stack records that are gone (missing).

Options:
  --stack-state <file>  the output of \`pulumi stack export\` of a stack (repeatable)
  --stack <name>        runs \`pulumi stack export --stack <name>\` in this directory (repeatable)
  --all-stacks          every stack of the backend pulumi is logged in to here (\`pulumi stack ls --all\`), each read
                        as --stack reads one
  --ignore <file>       resources kept by hand on purpose (default: ./${DEFAULT_IGNORE_FILE} if present)
  --json                the report as JSON on stdout (shape: docs/audit.md)
  --export <dir>        write the unmanaged resources as a program that adopts them (a new directory); a child
                        whose parent a stack declares with its children inline is not declared: its README
                        gives the entry to add to that parent's list
  --api-url <url>       the API's base URL (default: $${BASE_URL_ENV})

The API key is read from $${API_KEY_ENV} only.
Exit: 0 no drift, 1 drift (unmanaged or missing), 2 bad usage, ignore file or state, 3 the account could not be read.`;

export type AuditIo = CliIo;

const OPTIONS = {
  "stack-state": { type: "string", multiple: true },
  stack: { type: "string", multiple: true },
  "all-stacks": { type: "boolean" },
  ignore: { type: "string" },
  json: { type: "boolean" },
  export: { type: "string" },
  "api-url": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true; allowPositionals: false }>>["values"];

/** What the account is compared with, read before the account (a bad one must not cost the account's read). */
interface Inputs {
  ignore: IgnoreEntry[];
  ignoreSource?: string;
  states: StackState[];
  exportDir?: string;
}

/** A file an option names; a missing or unreadable one is bad usage, named by the option. */
function readOption(option: string, file: string, cwd: string): string {
  try {
    return fs.readFileSync(path.resolve(cwd, file), "utf8");
  } catch (e) {
    throw new AuditUsageError(
      `${option} ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
    );
  }
}

/** The stacks' states: the files given, then each stack named (every stack of the backend with --all-stacks). */
async function readStates(values: Values, target: AuditTarget, io: AuditIo): Promise<StackState[]> {
  const states = (values["stack-state"] ?? []).map((file) => parseStackState(readOption("--stack-state", file, io.cwd), file, target));
  const names = [...(values.stack ?? [])];
  if (values["all-stacks"] === true) {
    const listed = await pulumiStackNames(io.cwd, io.env);
    // An empty list is a wrong login or backend far more often than an account no stack manages.
    if (!listed.length) throw new AuditUsageError("--all-stacks: the backend pulumi is logged in to here has no stacks");
    for (const name of listed) if (!names.includes(name)) names.push(name);
  }
  for (const name of names) {
    const out = await pulumiStackExport(name, io.cwd, io.env);
    states.push(parseStackState(out, `pulumi stack export --stack ${name}`, target, name));
  }
  return states;
}

/** The ignore file, the states and the export directory; AuditUsageError names a bad one. */
async function readInputs(values: Values, target: AuditTarget, io: AuditIo): Promise<Inputs> {
  const inputs: Inputs = { ignore: [], states: [] };
  const ignoreFile = values.ignore ?? DEFAULT_IGNORE_FILE;
  if (values.ignore !== undefined || fs.existsSync(path.resolve(io.cwd, ignoreFile))) {
    inputs.ignoreSource = ignoreFile;
    inputs.ignore = parseIgnoreFile(readOption("--ignore", ignoreFile, io.cwd), ignoreFile);
  }
  inputs.states = await readStates(values, target, io);
  if (values.export !== undefined) {
    const exportDir = path.resolve(io.cwd, values.export);
    // Checked before reading the account: a run must not fail after its longest part.
    if (fs.existsSync(exportDir) && (!fs.statSync(exportDir).isDirectory() || fs.readdirSync(exportDir).length)) {
      throw new AuditUsageError(`--export ${values.export}: exists and is not an empty directory; choose a new one`);
    }
    inputs.exportDir = exportDir;
  }
  return inputs;
}

/** Writes the unmanaged resources as a program that adopts them, and says so in the report. */
function writeExport(report: AuditReport, snapshot: AccountSnapshot, exportDir: string, apiUrl: string): void {
  if (!report.unmanaged.length) {
    report.export = { dir: exportDir, resources: 0, inline: 0 };
    return;
  }
  const project =
    path
      .basename(exportDir)
      .replace(/[^A-Za-z0-9_.-]/g, "-")
      .slice(0, 100) || "edge-ingress-adopt";
  const { plan } = writeProject(unmanagedSnapshot(snapshot, report), 0, {
    outDir: exportDir,
    project,
    apiUrl,
    command: "audit --export",
    holds: "the resources of the account that no given stack records (unmanaged)",
    additions: inlineAdditions(report),
  });
  report.export = { dir: exportDir, resources: plan.resources.length, inline: plan.additions.length };
}

/** What to connect to, or what is wrong with the command line (no key or URL, no stacks) before anything is read. */
function targetOf(values: Values, env: NodeJS.ProcessEnv): AuditTarget | string {
  const apiKey = env[API_KEY_ENV];
  const apiUrl = values["api-url"] ?? env[BASE_URL_ENV];
  if (!apiKey) return `set ${API_KEY_ENV} to an API key of the account`;
  if (!apiUrl) return `pass --api-url or set ${BASE_URL_ENV}`;
  if (!isHttpUrl(apiUrl)) return `--api-url must be an http(s) URL, got ${JSON.stringify(apiUrl)}`;
  if (!values["stack-state"]?.length && !values.stack?.length && values["all-stacks"] !== true)
    return "give the stacks that manage the account: --stack-state <file> (from `pulumi stack export`), --stack <name> or --all-stacks";
  return { apiUrl, apiKey };
}

/** The whole command: returns the exit code; every message goes through `io`. */
export async function runAudit(argv: string[], io: AuditIo): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`edge-ingress audit: ${message}\n\n${USAGE}\n`);
    return EXIT.usage;
  };
  const fail = (e: unknown, code: number): number => {
    // sdk errors never hold the key; ours never print it.
    io.stderr(`edge-ingress audit: ${(e as Error).message}\n`);
    return code;
  };
  let values: Values;
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    return usage((e as Error).message);
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.clean;
  }
  const target = targetOf(values, io.env);
  if (typeof target === "string") return usage(target);
  const { apiUrl, apiKey } = target;
  let inputs: Inputs;
  try {
    inputs = await readInputs(values, target, io);
  } catch (e) {
    if (e instanceof AuditUsageError) return fail(e, EXIT.usage);
    throw e;
  }
  let client: EdgeIngress;
  try {
    client = new EdgeIngress({ apiKey, baseURL: apiUrl });
  } catch (e) {
    return fail(e, EXIT.usage);
  }
  let snapshot: AccountSnapshot;
  try {
    ({ snapshot } = await readAccount(client));
  } catch (e) {
    return fail(new Error(`could not read the account at ${apiUrl}: ${(e as Error).message}`), EXIT.unreadable);
  } finally {
    await client.close();
  }
  const report = classify(snapshot, inputs.states, inputs.ignore, apiUrl);
  try {
    if (inputs.exportDir) writeExport(report, snapshot, inputs.exportDir, apiUrl);
  } catch (e) {
    return fail(new Error(`--export ${values.export}: ${(e as Error).message}`), EXIT.usage);
  }
  io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report, inputs.ignoreSource));
  return exitCodeOf(report);
}
