/**
 * `edge-ingress audit`: what in the account no stack declares. It reads the whole account (as export
 * does) and the state of the given stacks, and reports resources in the account that no stack records
 * (unmanaged) and resources a stack records that are gone from the account (missing). The parsing and
 * the classification are pure; `runAudit` does the reading and writing.
 */
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { API_KEY_ENV, BASE_URL_ENV, EdgeIngress, isHttpUrl } from "../sdk";
import { idFormOf, providerId } from "../provider/framework/ids";
import type { KindDeclaration } from "../provider/framework/kind";
import { toOutputs } from "../provider/framework/lifecycle";
import { kinds } from "../provider/kinds";
import { readAccount, writeProject } from "./export";
import type { CliIo } from "./io";
import { EXPORT_ORDER, type AccountSnapshot, type InlineAddition } from "./generate";

/** The type token of every resource of this package in a Pulumi state: `<prefix><Kind>`. */
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/edgeingress:";
/** Read from the current directory when present and no --ignore is given. */
export const DEFAULT_IGNORE_FILE = ".edge-ingress-audit-ignore";
/** Pulumi's marker of a secret value in an exported state (its ciphertext beside it). */
const SECRET_SIG = "4dabf18193072939515e22adc82c2e4f";

export const EXIT = { clean: 0, drift: 1, usage: 2, unreadable: 3 } as const;

/** Bad arguments, ignore file or stack state: exit 2. */
export class AuditUsageError extends Error {}

// --- stack states ----------------------------------------------------------------------------------

/**
 * Which account a recorded resource belongs to, as far as the state tells:
 * - `default`: it names no connection, so it is in the stack's default account (taken to be the audited one);
 * - `same`: its connection has the audited URL and key;
 * - `other`: its connection has another URL (another account or deployment);
 * - `unknown`: its connection is encrypted in the state, or has the audited URL with another key.
 */
export type Placement = "default" | "same" | "other" | "unknown";

export interface RecordedResource {
  kind: string;
  id: string;
  description: string;
  urn: string;
  placement: Placement;
  /** Recorded as being deleted (`delete: true`): managed, but never missing. */
  pendingDelete: boolean;
  /** The owned inputs it declares inline (an IP policy's `rules`): the stack owns each whole set. */
  ownsInline?: string[];
}

export interface StackState {
  /** The stack's name (from its URNs, else the name given). */
  name: string;
  project: string;
  /** Where it was read: a file, or `pulumi stack export --stack <name>`. */
  source: string;
  resources: RecordedResource[];
}

/** What the audit connects to; the key is only compared with connections in states, never shown. */
export interface AuditTarget {
  apiUrl: string;
  apiKey: string;
}

const canonicalUrl = (url: string): string => (URL.canParse(url) ? new URL(url).href.replace(/\/$/, "") : url);

function placementOf(connection: unknown, target: AuditTarget): Placement {
  if (connection === undefined || connection === null) return "default";
  if (typeof connection !== "object" || SECRET_SIG in connection) return "unknown";
  const { apiUrl, apiKey } = connection as { apiUrl?: unknown; apiKey?: unknown };
  if (typeof apiUrl !== "string") return "unknown";
  if (canonicalUrl(apiUrl) !== canonicalUrl(target.apiUrl)) return "other";
  return apiKey === target.apiKey ? "same" : "unknown";
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The resources of this package recorded in the output of `pulumi stack export`, without the ones only read (`get`). */
export function parseStackState(json: string, source: string, target: AuditTarget, stackName?: string): StackState {
  let parsed: any;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    throw new AuditUsageError(`${source}: not JSON (${(e as Error).message}); give the output of \`pulumi stack export\``);
  }
  const deployment = parsed?.deployment;
  if (deployment === null || typeof deployment !== "object" || Array.isArray(deployment)) {
    throw new AuditUsageError(`${source}: not the output of \`pulumi stack export\` (no "deployment" object)`);
  }
  const all: unknown = deployment.resources ?? [];
  if (!Array.isArray(all)) throw new AuditUsageError(`${source}: "deployment.resources" must be a list`);
  let name = stackName;
  let project = "";
  const resources: RecordedResource[] = [];
  all.forEach((r: any, at: number) => {
    const urn = text(r?.urn);
    const type = text(r?.type);
    if (!urn || !type) throw new AuditUsageError(`${source}: deployment.resources[${at}] has no urn or type`);
    const [, stack, proj] = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn) ?? [];
    name ??= stack;
    project ||= proj ?? "";
    // A resource read with `Kind.get` is external: the stack uses it but does not manage it.
    if (!type.startsWith(TYPE_PREFIX) || r.external === true || !text(r.id)) return;
    const connection = r.inputs?.connection ?? r.outputs?.connection;
    const recorded: RecordedResource = {
      kind: type.slice(TYPE_PREFIX.length),
      id: r.id,
      description: text(r.outputs?.description) ?? text(r.inputs?.description) ?? "",
      urn,
      placement: placementOf(connection, target),
      pendingDelete: r.delete === true,
    };
    const kind = Object.hasOwn(kinds, recorded.kind) ? kinds[recorded.kind] : undefined;
    const inline = Object.keys(kind?.owns ?? {}).filter((key) => Array.isArray(r.inputs?.[key]) || Array.isArray(r.outputs?.[key]));
    if (inline.length) recorded.ownsInline = inline;
    resources.push(recorded, ...ownedChildren(recorded, r.outputs));
  });
  return { name: name ?? path.basename(source), project, source, resources };
}

/**
 * The children a recorded resource owns inline (an IP policy's `rules`, a subscription's `sources`;
 * docs/provider.md "Owning a parent's children"): the stack records them through the parent, their ids
 * in its outputs.
 */
function ownedChildren(parent: RecordedResource, outputs: any): RecordedResource[] {
  const decl = Object.hasOwn(kinds, parent.kind) ? kinds[parent.kind] : undefined;
  const children: RecordedResource[] = [];
  for (const [key, owned] of Object.entries(decl?.owns ?? {})) {
    const ids: unknown = outputs?.[owned.idsOutput];
    const items: unknown = outputs?.[key];
    if (!Array.isArray(ids)) continue;
    ids.forEach((id, i) => {
      if (!text(id)) return;
      const description = Array.isArray(items) ? text(items[i]?.description) : undefined;
      const { ownsInline: _owns, ...child } = parent;
      children.push({ ...child, kind: owned.decl.name, id, description: description ?? "" });
    });
  }
  return children;
}

// --- the ignore file ---------------------------------------------------------------------------------

export interface IgnoreEntry {
  /** As written, and its line (from 1). */
  entry: string;
  line: number;
  /** Undefined: any kind (a bare id). */
  kind?: string;
  /** Exact id; undefined with `Kind:*` and description globs. */
  id?: string;
  /** `Kind:description=<glob>`: the whole description matches. */
  description?: RegExp;
}

/** `*` any run of characters, `?` one; everything else literally. */
function globToRegExp(glob: string): RegExp {
  const source = glob.replace(/[.+^${}()|[\]\\*?]/g, (c) => (c === "*" ? "[\\s\\S]*" : c === "?" ? "[\\s\\S]" : `\\${c}`));
  return new RegExp(`^${source}$`);
}

/**
 * One entry a line: `<id>`, `<Kind>:<id>`, `<Kind>:*` or `<Kind>:description=<glob>`; blank lines and
 * lines starting with `#` are skipped. An error names the file, the line and the rule.
 */
export function parseIgnoreFile(content: string, source: string): IgnoreEntry[] {
  const entries: IgnoreEntry[] = [];
  content.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const entry = raw.trim();
    if (entry === "" || entry.startsWith("#")) return;
    const fail = (why: string): never => {
      throw new AuditUsageError(`${source}:${line}: ${JSON.stringify(entry)}: ${why}`);
    };
    const colon = entry.indexOf(":");
    if (colon < 0) {
      if (/\s/.test(entry)) fail("an id has no spaces (comments go on their own line, starting with #)");
      if (!Object.values(kinds).some((decl) => idFormOf(decl).test(entry)))
        fail("is not the id of any kind (or write <Kind>:<id>, <Kind>:* or <Kind>:description=<glob>)");
      entries.push({ entry, line, id: entry });
      return;
    }
    const kind = entry.slice(0, colon);
    const rest = entry.slice(colon + 1);
    if (!Object.hasOwn(kinds, kind)) fail(`unknown kind "${kind}" (kinds: ${EXPORT_ORDER.join(", ")})`);
    if (rest === "*") {
      entries.push({ entry, line, kind });
    } else if (rest.startsWith("description=")) {
      const glob = rest.slice("description=".length);
      if (glob === "") fail("description= needs a pattern (* matches any text, ? one character)");
      entries.push({ entry, line, kind, description: globToRegExp(glob) });
    } else {
      if (rest === "" || /\s/.test(rest)) fail(`after "${kind}:" comes an id, * or description=<glob>`);
      if (!idFormOf(kinds[kind]).test(rest)) fail(`is not a ${kind} id (${idFormOf(kinds[kind]).shown})`);
      entries.push({ entry, line, kind, id: rest });
    }
  });
  return entries;
}

/** The first entry that covers the resource, if any. */
export function ignoredBy(
  entries: readonly IgnoreEntry[],
  item: { kind: string; id: string; description: string },
): IgnoreEntry | undefined {
  return entries.find(
    (e) =>
      (e.kind === undefined || e.kind === item.kind) &&
      (e.id === undefined || e.id === item.id) &&
      (e.description === undefined || e.description.test(item.description)),
  );
}

// --- classification ----------------------------------------------------------------------------------

export interface Unmanaged {
  kind: string;
  id: string;
  description: string;
  /**
   * Set when its parent is declared by a stack with the whole list of its children inline (an edge's
   * `routes`): it belongs in that list, not in a declaration of its own.
   */
  inlineIn?: { kind: string; id: string; key: string; stack: string };
}
export interface Missing {
  kind: string;
  id: string;
  description: string;
  stack: string;
  urn: string;
}
export interface Ignored {
  finding: "unmanaged" | "missing";
  kind: string;
  id: string;
  description: string;
  /** The stack that records it (missing ones). */
  stack?: string;
  /** The ignore file's entry and line. */
  entry: string;
  line: number;
}
export interface NotChecked {
  kind: string;
  id: string;
  stack: string;
  reason: string;
}
export interface NotDeclarable {
  kind: string;
  id: string;
  reason: string;
}

/** The `--json` output (docs/audit.md): version 1. */
export interface AuditReport {
  version: 1;
  apiUrl: string;
  stacks: Array<{ name: string; project: string; source: string; resources: number }>;
  unmanaged: Unmanaged[];
  missing: Missing[];
  ignored: Ignored[];
  notChecked: NotChecked[];
  notDeclarable: NotDeclarable[];
  /**
   * Set by --export: where the unmanaged ones were written as a program; `resources` declared with
   * `adopt`, `inline` to add to a parent's inline list (in its README) instead.
   */
  export: { dir: string; resources: number; inline: number } | null;
  /** True when anything is unmanaged or missing (after the ignore file). */
  drift: boolean;
}

const descriptionOf = (obj: Record<string, any>): string => (typeof obj.description === "string" ? obj.description : "");

/** The parent that a stack declares with this child's kind inline, if any. */
function inlineParent(
  decl: KindDeclaration,
  obj: any,
  owners: ReadonlyMap<string, { kind: string; stack: string; keys: string[] }>,
): Pick<Unmanaged, "inlineIn"> {
  if (!decl.parent) return {};
  const parentId = toOutputs(decl, obj)[decl.parent.key];
  const owner = typeof parentId === "string" ? owners.get(parentId) : undefined;
  const key = Object.entries(kinds[owner?.kind ?? ""]?.owns ?? {}).find(
    ([k, owned]) => owned.decl.name === decl.name && owner!.keys.includes(k),
  )?.[0];
  return owner && key ? { inlineIn: { kind: owner.kind, id: parentId as string, key, stack: owner.stack } } : {};
}

/** Compares the account with the stacks' states; the ignore file takes out what people keep on purpose. */
export function classify(
  snapshot: AccountSnapshot,
  states: readonly StackState[],
  ignore: readonly IgnoreEntry[],
  apiUrl: string,
): AuditReport {
  const managed = new Set(states.flatMap((s) => s.resources.map((r) => r.id)));
  // Parents a stack declares with an owned list inline: parent id → the stack and the inputs.
  const owners = new Map<string, { kind: string; stack: string; keys: string[] }>();
  for (const state of states)
    for (const r of state.resources) if (r.ownsInline) owners.set(r.id, { kind: r.kind, stack: state.name, keys: r.ownsInline });
  const inAccount = new Set<string>();
  const unmanaged: Unmanaged[] = [];
  const missing: Missing[] = [];
  const ignored: Ignored[] = [];
  const notChecked: NotChecked[] = [];
  const notDeclarable: NotDeclarable[] = [];
  for (const kind of EXPORT_ORDER) {
    const decl = kinds[kind];
    for (const obj of snapshot[kind] ?? []) {
      const id = providerId(decl, obj);
      inAccount.add(id);
      if (managed.has(id)) continue;
      // What no program could declare (a certificate the service issued for a domain) is not drift.
      const why = decl.export?.skip?.(obj);
      if (why) {
        notDeclarable.push({ kind, id, reason: why });
        continue;
      }
      const item = { kind, id, description: descriptionOf(obj) };
      const by = ignoredBy(ignore, item);
      if (by) ignored.push({ finding: "unmanaged", ...item, entry: by.entry, line: by.line });
      else unmanaged.push({ ...item, ...inlineParent(decl, obj, owners) });
    }
  }
  const listed = new Set(Object.keys(snapshot));
  for (const state of states) {
    for (const r of state.resources) {
      if (inAccount.has(r.id) || r.pendingDelete) continue;
      const reason = !listed.has(r.kind)
        ? `${r.kind} is not a kind this package lists`
        : r.placement === "other"
          ? "its connection names another API URL"
          : r.placement === "unknown"
            ? "it names its own connection (encrypted in the state, or another key): another account's, or gone"
            : undefined;
      if (reason) {
        notChecked.push({ kind: r.kind, id: r.id, stack: state.name, reason });
        continue;
      }
      const item = { kind: r.kind, id: r.id, description: r.description };
      const by = ignoredBy(ignore, item);
      if (by) ignored.push({ finding: "missing", ...item, stack: state.name, entry: by.entry, line: by.line });
      else missing.push({ ...item, stack: state.name, urn: r.urn });
    }
  }
  return {
    version: 1,
    apiUrl,
    stacks: states.map((s) => ({ name: s.name, project: s.project, source: s.source, resources: s.resources.length })),
    unmanaged,
    missing,
    ignored,
    notChecked,
    notDeclarable,
    export: null,
    drift: unmanaged.length > 0 || missing.length > 0,
  };
}

export const exitCodeOf = (report: AuditReport): number => (report.drift ? EXIT.drift : EXIT.clean);

/**
 * The part of the account `--export` writes: the unmanaged resources, nothing else (those that belong
 * in a parent's inline list too, as additions: `inlineAdditions`).
 */
export function unmanagedSnapshot(snapshot: AccountSnapshot, report: AuditReport): AccountSnapshot {
  const wanted = new Set(report.unmanaged.map((u) => u.id));
  const subset: AccountSnapshot = {};
  for (const kind of EXPORT_ORDER) {
    const objs = (snapshot[kind] ?? []).filter((obj) => wanted.has(providerId(kinds[kind], obj)));
    if (objs.length) subset[kind] = objs;
  }
  return subset;
}

/** The unmanaged children to add to a parent's inline list rather than declare. */
export function inlineAdditions(report: AuditReport): InlineAddition[] {
  return report.unmanaged.flatMap((u) =>
    u.inlineIn
      ? [{ kind: u.kind, id: u.id, parent: { kind: u.inlineIn.kind, id: u.inlineIn.id, stack: u.inlineIn.stack }, key: u.inlineIn.key }]
      : [],
  );
}

// --- printing ----------------------------------------------------------------------------------------

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows].map((r) => `  ${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join("  ")}`.trimEnd());
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report for people: one table for unmanaged, one for missing, then what was left out and why. */
export function formatReport(report: AuditReport, ignoreSource?: string): string {
  const lines: string[] = [];
  const stacks = report.stacks.map((s) => `${s.name} (${plural(s.resources, "resource")})`).join(", ");
  lines.push(`edge-ingress audit of ${report.apiUrl} against ${plural(report.stacks.length, "stack")}: ${stacks}`, "");
  if (report.unmanaged.length) {
    lines.push(`${report.unmanaged.length} unmanaged (in the account, in no given stack):`);
    lines.push(
      ...table(
        ["KIND", "ID", "DESCRIPTION"],
        report.unmanaged.map((u) => [u.kind, u.id, u.description]),
      ),
      "",
    );
  }
  for (const u of report.unmanaged.filter((x) => x.inlineIn)) {
    const p = u.inlineIn!;
    lines.push(
      `${u.kind} ${u.id} belongs to ${p.kind} ${p.id}, which stack ${p.stack} declares with inline \`${p.key}\`: to keep it, add it to that list (declared on its own, the parent's next up deletes it).`,
    );
  }
  if (report.unmanaged.some((x) => x.inlineIn)) lines.push("");
  if (report.missing.length) {
    lines.push(`${report.missing.length} missing (in a stack's state, gone from the account):`);
    lines.push(
      ...table(
        ["KIND", "ID", "STACK", "DESCRIPTION"],
        report.missing.map((m) => [m.kind, m.id, m.stack, m.description]),
      ),
      "",
    );
  }
  if (report.ignored.length) lines.push(`${report.ignored.length} ignored (by ${ignoreSource ?? "the ignore file"}).`);
  if (report.notChecked.length) {
    lines.push(`${plural(report.notChecked.length, "recorded resource")} not checked (not in this account, and maybe another's):`);
    lines.push(
      ...table(
        ["KIND", "ID", "STACK", "WHY"],
        report.notChecked.map((n) => [n.kind, n.id, n.stack, n.reason]),
      ),
    );
  }
  if (report.notDeclarable.length)
    lines.push(
      `${plural(report.notDeclarable.length, "resource")} no program declares (e.g. ${report.notDeclarable[0].kind} ${report.notDeclarable[0].id}: ${report.notDeclarable[0].reason}).`,
    );
  if (report.unmanaged.some((u) => u.kind === "ApiKey")) {
    lines.push(
      "The API cannot tell which key a request uses: if the key this audit runs with is listed above, add `ApiKey:<its id>` to the ignore file.",
    );
  }
  if (report.export && report.export.resources + report.export.inline === 0)
    lines.push(`Nothing unmanaged: nothing written to ${report.export.dir}.`);
  else if (report.export)
    lines.push(
      `Wrote ${report.export.dir}: ${plural(report.export.resources, "unmanaged resource")} declared with \`adopt\`` +
        `${report.export.inline ? `, ${plural(report.export.inline, "child", "children")} to add to a parent's inline list` : ""} (see its README.md).`,
    );
  lines.push(report.drift ? `Drift: ${report.unmanaged.length} unmanaged, ${report.missing.length} missing.` : "No drift.");
  return `${lines.join("\n")}\n`;
}

// --- the command -------------------------------------------------------------------------------------

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

/** Runs the pulumi CLI on PATH with the user's environment (backend, passphrase, login); `why` names the option that runs it. */
function runPulumi(args: string[], why: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("pulumi", [...args, "--non-interactive"], { cwd, env, maxBuffer: 1 << 30, encoding: "utf8" }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT")
        return reject(new AuditUsageError(`${why} runs the pulumi CLI, which is not on PATH (or give --stack-state <file>)`));
      const said = stderr.trim().split("\n").slice(-3).join(" ").trim();
      reject(new AuditUsageError(`pulumi ${args.join(" ")} failed (exit ${error.code ?? "?"})${said ? `: ${said}` : ""}`));
    });
  });
}

/** `pulumi stack export --stack <name>`: the stack's state. */
export function pulumiStackExport(name: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return runPulumi(["stack", "export", "--stack", name], "--stack", cwd, env);
}

/**
 * Every stack of the backend the user is logged in to, of every project (`pulumi stack ls --all`):
 * names as `stack export --stack` takes them (short for the project of `cwd`, qualified for others).
 */
export async function pulumiStackNames(cwd: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const out = await runPulumi(["stack", "ls", "--all", "--json"], "--all-stacks", cwd, env);
  let listed: unknown;
  try {
    listed = JSON.parse(out);
  } catch (e) {
    throw new AuditUsageError(`pulumi stack ls --all --json: not JSON (${(e as Error).message})`);
  }
  if (!Array.isArray(listed) || listed.some((s) => typeof s?.name !== "string"))
    throw new AuditUsageError("pulumi stack ls --all --json: not a list of stacks with names");
  return listed.map((s: { name: string }) => s.name);
}

/** The whole command: returns the exit code; every message goes through `io`. */
export async function runAudit(argv: string[], io: AuditIo): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`edge-ingress audit: ${message}\n\n${USAGE}\n`);
    return EXIT.usage;
  };
  let values: {
    "stack-state"?: string[];
    stack?: string[];
    "all-stacks"?: boolean;
    ignore?: string;
    json?: boolean;
    export?: string;
    "api-url"?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        "stack-state": { type: "string", multiple: true },
        stack: { type: "string", multiple: true },
        "all-stacks": { type: "boolean" },
        ignore: { type: "string" },
        json: { type: "boolean" },
        export: { type: "string" },
        "api-url": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    return usage((e as Error).message);
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT.clean;
  }
  const apiKey = io.env[API_KEY_ENV];
  const apiUrl = values["api-url"] ?? io.env[BASE_URL_ENV];
  if (!apiKey) return usage(`set ${API_KEY_ENV} to an API key of the account`);
  if (!apiUrl) return usage(`pass --api-url or set ${BASE_URL_ENV}`);
  if (!isHttpUrl(apiUrl)) return usage(`--api-url must be an http(s) URL, got ${JSON.stringify(apiUrl)}`);
  const files = values["stack-state"] ?? [];
  const names = [...(values.stack ?? [])];
  const allStacks = values["all-stacks"] === true;
  if (!files.length && !names.length && !allStacks)
    return usage(
      "give the stacks that manage the account: --stack-state <file> (from `pulumi stack export`), --stack <name> or --all-stacks",
    );
  const target = { apiUrl, apiKey };

  const fail = (e: unknown, code: number): number => {
    // sdk errors never hold the key; ours never print it.
    io.stderr(`edge-ingress audit: ${(e as Error).message}\n`);
    return code;
  };
  let ignore: IgnoreEntry[] = [];
  let ignoreSource: string | undefined;
  const states: StackState[] = [];
  let exportDir: string | undefined;
  try {
    const explicit = values.ignore !== undefined;
    const ignorePath = path.resolve(io.cwd, values.ignore ?? DEFAULT_IGNORE_FILE);
    if (explicit || fs.existsSync(ignorePath)) {
      ignoreSource = values.ignore ?? DEFAULT_IGNORE_FILE;
      let content: string;
      try {
        content = fs.readFileSync(ignorePath, "utf8");
      } catch (e) {
        throw new AuditUsageError(
          `--ignore ${ignoreSource}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
        );
      }
      ignore = parseIgnoreFile(content, ignoreSource);
    }
    for (const file of files) {
      let content: string;
      try {
        content = fs.readFileSync(path.resolve(io.cwd, file), "utf8");
      } catch (e) {
        throw new AuditUsageError(
          `--stack-state ${file}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`,
        );
      }
      states.push(parseStackState(content, file, target));
    }
    if (allStacks) {
      const listed = await pulumiStackNames(io.cwd, io.env);
      // An empty list is a wrong login or backend far more often than an account no stack manages.
      if (!listed.length) throw new AuditUsageError("--all-stacks: the backend pulumi is logged in to here has no stacks");
      for (const name of listed) if (!names.includes(name)) names.push(name);
    }
    for (const name of names) {
      const out = await pulumiStackExport(name, io.cwd, io.env);
      states.push(parseStackState(out, `pulumi stack export --stack ${name}`, target, name));
    }
    if (values.export !== undefined) {
      exportDir = path.resolve(io.cwd, values.export);
      // Checked before reading the account: a run must not fail after its longest part.
      if (fs.existsSync(exportDir) && (!fs.statSync(exportDir).isDirectory() || fs.readdirSync(exportDir).length)) {
        throw new AuditUsageError(`--export ${values.export}: exists and is not an empty directory; choose a new one`);
      }
    }
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

  const report = classify(snapshot, states, ignore, apiUrl);
  if (exportDir && !report.unmanaged.length) report.export = { dir: exportDir, resources: 0, inline: 0 };
  if (exportDir && report.unmanaged.length) {
    const project =
      path
        .basename(exportDir)
        .replace(/[^A-Za-z0-9_.-]/g, "-")
        .slice(0, 100) || "edge-ingress-adopt";
    try {
      const { plan } = writeProject(unmanagedSnapshot(snapshot, report), 0, {
        outDir: exportDir,
        project,
        apiUrl,
        command: "audit --export",
        holds: "the resources of the account that no given stack records (unmanaged)",
        additions: inlineAdditions(report),
      });
      report.export = { dir: exportDir, resources: plan.resources.length, inline: plan.additions.length };
    } catch (e) {
      return fail(new Error(`--export ${values.export}: ${(e as Error).message}`), EXIT.usage);
    }
  }
  io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report, ignoreSource));
  return exitCodeOf(report);
}
