/**
 * What `edge-ingress audit` reads besides the account: the stacks' states (from `pulumi stack export`
 * output, a file or the pulumi CLI) and the ignore file, each parsed purely; a bad one is an
 * AuditUsageError that names where and why (exit 2).
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import { idFormOf } from "../provider/framework/ids";
import { kinds } from "../provider/kinds";
import { EXPORT_ORDER } from "./generate";

/**
 * The type tokens of this package's resources in a Pulumi state, `<prefix><Kind>`: the dynamic classes'
 * (TypeScript) and the native provider's (YAML, Go, Python, …). A stack may hold both.
 */
export const TYPE_PREFIXES = { dynamic: "pulumi-nodejs:dynamic/edgeingress:", native: "edgeingress:index:" } as const;
/** The dynamic classes' prefix (the one state written before the native provider holds). */
export const TYPE_PREFIX = TYPE_PREFIXES.dynamic;
/** The native provider's own resource: a stack's default provider, or one the program declares. */
export const NATIVE_PROVIDER_TYPE = "pulumi:providers:edgeingress";
/** Pulumi's marker of a secret value in an exported state (its ciphertext beside it). */
const SECRET_SIG = "4dabf18193072939515e22adc82c2e4f";

/** Bad arguments, ignore file or stack state: exit 2. */
export class AuditUsageError extends Error {}

// --- stack states ----------------------------------------------------------------------------------

/**
 * Which account a recorded resource belongs to, as far as the state tells. Its connection is the
 * dynamic classes' `connection` input, or the native provider resource the resource names:
 * - `default`: it names no connection (a native one: the stack's default provider, configured with the
 *   audited URL or none), so it is in the stack's default account (taken to be the audited one);
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

/** A resource of `deployment.resources`, as `pulumi stack export` writes it. */
type StateResource = Record<string, any>;

/** The kind of a resource of this package, from its type token (either path); undefined for any other. */
function kindOfType(type: string): { kind: string; native: boolean } | undefined {
  for (const [path, prefix] of Object.entries(TYPE_PREFIXES))
    if (type.startsWith(prefix)) return { kind: type.slice(prefix.length), native: path === "native" };
  return undefined;
}

/**
 * A native resource's connection is its provider resource (`provider`: `<urn>::<id>`). A default provider
 * (`…::pulumi:providers:edgeingress::default…`) is the stack's config or the environment: the stack's
 * default account, unless it records another URL. An explicit one is read as a `connection` is.
 */
function nativePlacement(r: StateResource, providers: ReadonlyMap<string, StateResource>, target: AuditTarget): Placement {
  const ref = text(r.provider) ?? "";
  const provider = providers.get(ref);
  if (!provider) return "unknown";
  const { apiUrl, apiKey } = (provider.inputs ?? {}) as { apiUrl?: unknown; apiKey?: unknown };
  const isDefault = /::default(_[^:]*)?$/.test(ref.slice(0, ref.lastIndexOf("::")));
  if (isDefault && (apiUrl === undefined || (typeof apiUrl === "string" && canonicalUrl(apiUrl) === canonicalUrl(target.apiUrl))))
    return "default";
  return apiUrl === undefined && apiKey === undefined ? "default" : placementOf({ apiUrl, apiKey }, target);
}

/**
 * The resources of this package recorded in the output of `pulumi stack export`, the dynamic classes'
 * and the native provider's alike, without the ones only read (`get`).
 */
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
  // The native provider resources, by the reference a resource names them with.
  const providers = new Map<string, StateResource>();
  for (const r of all as StateResource[])
    if (r?.type === NATIVE_PROVIDER_TYPE && text(r.urn) && text(r.id)) providers.set(`${r.urn}::${r.id}`, r);
  let name = stackName;
  let project = "";
  const resources: RecordedResource[] = [];
  all.forEach((r: StateResource, at: number) => {
    const urn = text(r?.urn);
    const type = text(r?.type);
    if (!urn || !type) throw new AuditUsageError(`${source}: deployment.resources[${at}] has no urn or type`);
    const [, stack, proj] = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn) ?? [];
    name ??= stack;
    project ||= proj ?? "";
    const of = kindOfType(type);
    // A resource read with `Kind.get` is external: the stack uses it but does not manage it.
    if (!of || r.external === true || !text(r.id)) return;
    const recorded: RecordedResource = {
      kind: of.kind,
      id: r.id,
      description: text(r.outputs?.description) ?? text(r.inputs?.description) ?? "",
      urn,
      placement: of.native ? nativePlacement(r, providers, target) : placementOf(r.inputs?.connection ?? r.outputs?.connection, target),
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

// --- states from the pulumi CLI (--stack, --all-stacks) -------------------------------------------

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
