/**
 * `edge-ingress export`, the pure half: an account snapshot (what the sdk lists) → a Pulumi program
 * that adopts every resource. No I/O here, so every rule can be unit-tested.
 */
import { SERVER_CHOSEN, Within, inputKeys, type KindDeclaration } from "../provider/framework/kind";
import { providerId } from "../provider/framework/ids";
import { toOutputs } from "../provider/framework/outputs";
import { sameValue } from "../provider/framework/values";
import { kinds } from "../provider/kinds";

/** Resources as the sdk returns them, by kind name. Routes carry `edgeId`; event sources `subscriptionId`. */
export type AccountSnapshot = Partial<Record<string, any[]>>;

/** Kinds in the order they are declared: the kind table's (what a kind refers to comes before it). */
export const EXPORT_ORDER: readonly string[] = Object.keys(kinds);

/** Another exported resource, referred to by its variable (`policy.id`) so the engine orders them. */
export class Ref {
  constructor(
    readonly variable: string,
    readonly id: string,
  ) {}
}

/** A credential read from secret stack config: its value is never written. */
export class Secret {
  constructor(
    /** Stack config key (in the project's namespace). */
    readonly key: string,
    readonly kind: string,
    readonly name: string,
    /** The resource's id and the credential's path in its inputs, e.g. `oauth.provider.codehost.clientSecret`. */
    readonly id: string,
    readonly path: string,
  ) {}
  get about(): string {
    return `${this.path} of ${this.kind} "${this.name}" (${this.id})`;
  }
}

export interface Declared {
  kind: string;
  /** Pulumi resource name: readable, unique within the kind. */
  name: string;
  /** TypeScript variable: unique in the program. */
  variable: string;
  id: string;
  /** What the program passes besides `adopt`: plain values, Ref, Secret. */
  inputs: Record<string, unknown>;
  /** Lines of comment above the declaration. */
  notes: string[];
}

export interface Skipped {
  kind: string;
  id: string;
  why: string;
}

export interface ExportPlan {
  resources: Declared[];
  secrets: Secret[];
  skipped: Skipped[];
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

export function slug(text: string, max = 48): string {
  const s = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "") // accents off: "Büro" → "buro"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return s.length <= max ? s : s.slice(0, max).replace(/-+[^-]*$/, "") || s.slice(0, max);
}

const camel = (s: string) => s.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Every id string among the values and the keys of `value`. */
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => idsIn(v, into));
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      idsIn(v, into);
    }
  }
  return into;
}

/** `value` without nulls and without keys equal to the service's defaults (`within` nests). */
function withoutDefaults(value: unknown, fallback: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => withoutDefaults(v, undefined));
  // The service answers unset members with null; the program leaves them out.
  if (!(fallback instanceof Within))
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v != null)
        .map(([k, v]) => [k, withoutDefaults(v, undefined)]),
    );
  const defaults = fallback.for(value as Record<string, any>);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v == null) continue;
    const d = defaults[key];
    if (!(d instanceof Within) && d !== undefined && sameValue(v, d)) continue;
    out[key] = withoutDefaults(v, d);
  }
  return out;
}

/** The inputs a user would declare for `obj`: no outputs, no nulls, no values equal to the service's defaults. */
export function declaredInputs(decl: KindDeclaration, obj: any): Record<string, unknown> {
  const outs = toOutputs(decl, obj);
  const inputs: Record<string, unknown> = {};
  // The parent first: a route's edge, a source's subscription, a rule's policy.
  const parent = decl.parent?.key;
  const keys = inputKeys(decl).sort((a, b) => Number(b === parent) - Number(a === parent));
  for (const key of keys) {
    const value = outs[key];
    if (value == null) continue;
    const fallback = key in decl.defaults ? decl.defaults[key] : decl.modules?.[key]?.defaults;
    if (!(fallback instanceof Within) && fallback !== SERVER_CHOSEN && fallback !== undefined && sameValue(value, fallback)) continue;
    inputs[key] = withoutDefaults(value, fallback);
  }
  return inputs;
}

/** Replaces each non-empty credential at `path` (`*` = any key) with a Secret made by `make`. */
function replaceCredentials(value: any, path: string[], make: (where: string[]) => Secret, where: string[] = []): void {
  if (value === null || typeof value !== "object") return;
  const [head, ...rest] = path;
  for (const key of head === "*" ? Object.keys(value) : [head]) {
    if (!(key in value)) continue;
    if (rest.length) replaceCredentials(value[key], rest, make, [...where, key]);
    else if (typeof value[key] === "string" && value[key] !== "") value[key] = make([...where, key]);
  }
}

/**
 * Ids of resources already declared become Refs. Only values: a weighted backend's children are a list
 * of `{ backendId, weight }` (its declared form), so no map is keyed by ids and nothing needs `apply`.
 */
function withRefs(value: unknown, refs: ReadonlyMap<string, Ref>): unknown {
  if (typeof value === "string") return refs.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => withRefs(v, refs));
  if (value === null || typeof value !== "object" || value instanceof Secret) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]): [string, unknown] => [k, withRefs(v, refs)]));
}

const WRITE_ONLY = "(write-only)";

/** Decides what to declare, under which names, in which order, with which references and secrets. */
export function planExport(snapshot: AccountSnapshot): ExportPlan {
  const skipped: Skipped[] = [];
  type Item = { kind: string; decl: KindDeclaration; obj: any; id: string; raw: Record<string, unknown>; name: string; rank: number };
  const items: Item[] = [];
  const nameById = new Map<string, string>();
  for (const kind of Object.keys(snapshot)) {
    if (!EXPORT_ORDER.includes(kind)) throw new Error(`export: unknown kind ${kind}`);
  }
  EXPORT_ORDER.forEach((kind, rank) => {
    const decl = kinds[kind];
    const taken = new Set<string>();
    const candidates = (snapshot[kind] ?? [])
      .map((obj) => {
        const id = providerId(decl, obj);
        const why = decl.export?.skip?.(obj);
        if (why) {
          skipped.push({ kind, id, why });
          return undefined;
        }
        const base = slug(obj.description || decl.export?.label?.(obj, (ref) => nameById.get(ref)) || "") || kebab(kind);
        return { kind, spec: decl, obj, id, raw: declaredInputs(decl, obj), base, rank };
      })
      .filter((c) => c !== undefined)
      .sort((a, b) => (a.base === b.base ? (a.id < b.id ? -1 : 1) : a.base < b.base ? -1 : 1));
    for (const c of candidates) {
      let name = c.base;
      for (let n = 2; taken.has(name); n++) name = `${c.base}-${n}`;
      taken.add(name);
      // Routes and event sources are named after their parent.
      nameById.set(c.id, name);
      items.push({ kind, decl: decl, obj: c.obj, id: c.id, raw: c.raw, name, rank });
    }
  });
  items.sort((a, b) => a.rank - b.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const exported = new Set(items.map((i) => i.id));
  const variables = new Set<string>(["pulumi", "ei", "config"]);
  const refs = new Map<string, Ref>();
  const secrets: Secret[] = [];
  const secretKeys = new Set<string>();
  const resources: Declared[] = [];
  const pending = [...items];
  while (pending.length) {
    // The first (by kind, then name) whose references are all declared; a cycle takes the first as is.
    let at = pending.findIndex((i) => [...idsIn(i.raw, new Set())].every((id) => !exported.has(id) || refs.has(id) || id === i.id));
    if (at < 0) at = 0;
    const [item] = pending.splice(at, 1);
    // The kind first (`ipPolicyOffice`), unless the name already starts with it.
    const base = camel(item.name.startsWith(kebab(item.kind)) ? item.name : `${kebab(item.kind)}-${item.name}`);
    let variable = base;
    for (let n = 2; variables.has(variable); n++) variable = `${base}${n}`;
    variables.add(variable);
    const inputs = withRefs(item.raw, refs) as Record<string, unknown>;
    for (const path of item.decl.credentials ?? []) {
      // A credential the service never returns (a private key) is still required: it comes from config too.
      if (item.decl.keepFromState?.includes(path) && inputs[path] === undefined) inputs[path] = WRITE_ONLY;
      replaceCredentials(inputs, path.split("."), (where) => {
        const base = `${variable}${capital(where[where.length - 1])}`;
        let key = base;
        for (let n = 2; secretKeys.has(key); n++) key = `${base}${n}`;
        secretKeys.add(key);
        const secret = new Secret(key, item.kind, item.name, item.id, where.join("."));
        secrets.push(secret);
        return secret;
      });
    }
    refs.set(item.id, new Ref(variable, item.id));
    resources.push({ kind: item.kind, name: item.name, variable, id: item.id, inputs, notes: [...(item.decl.export?.notes ?? [])] });
  }
  return { resources, secrets, skipped };
}

// --- printing ------------------------------------------------------------------------------------

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string) => (IDENT.test(k) ? k : JSON.stringify(k));

/** A TypeScript expression for `value`, laid out from column `indent`. */
export function printValue(value: unknown, indent = ""): string {
  const inner = `${indent}  `;
  if (value instanceof Ref) return `${value.variable}.id`;
  if (value instanceof Secret) return `config.requireSecret(${JSON.stringify(value.key)})`;
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") {
    // PEMs and other multi-line text stay readable as template literals.
    if (value.includes("\n") && !/[\0-\x09\x0b-\x1f\x7f\u2028\u2029]/.test(value))
      return `\`${value.replace(/[\\`]|\$\{/g, (m) => `\\${m}`)}\``;
    return JSON.stringify(value);
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    const items = value.map((v) => printValue(v, inner));
    const flat = `[${items.join(", ")}]`;
    if (flat.length + indent.length <= 100 && !flat.includes("\n")) return flat;
    return `[\n${items.map((i) => `${inner}${i},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (!entries.length) return "{}";
  return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${printValue(v, inner)},`).join("\n")}\n${indent}}`;
}

function uses(value: unknown, what: "pulumi" | "config"): boolean {
  if (value instanceof Secret) return what === "config";
  if (value instanceof Ref || value === null || typeof value !== "object") return false;
  return Object.values(value).some((v) => uses(v, what));
}

export interface ProgramOptions {
  /** Pulumi project name. */
  project: string;
  /** Where the account was read from (shown in the README; not a secret). */
  apiUrl?: string;
  /** Versions for the generated package.json. */
  packageVersion: string;
  pulumiVersion: string;
  typescriptVersion: string;
  nodeTypesVersion: string;
  /** Read-only endpoints seen in the account (listed in the README, not declared). */
  endpoints?: number;
}

export function printProgram(plan: ExportPlan): string {
  const needsPulumi = plan.resources.some((r) => uses(r.inputs, "pulumi")) || plan.secrets.length > 0;
  const lines = [
    "// Generated by `edge-ingress export`: every resource of the account, adopted (see README.md).",
    "// `adopt` takes over the existing resource on the first `pulumi up` instead of creating one;",
    "// it is read only then, so it may stay. Edit the fields to change the account from now on.",
  ];
  if (plan.secrets.length)
    lines.push("// Credentials come from secret stack config: README.md lists the `pulumi config set --secret` commands.");
  lines.push("");
  if (needsPulumi) lines.push('import * as pulumi from "@pulumi/pulumi";');
  lines.push('import * as ei from "@edge-ingress/pulumi";', "");
  if (plan.secrets.length) lines.push("const config = new pulumi.Config();", "");
  for (const r of plan.resources) {
    for (const note of r.notes) lines.push(`// ${note}`);
    const args = printValue({ adopt: r.id, ...r.inputs });
    lines.push(`const ${r.variable} = new ei.${r.kind}(${JSON.stringify(r.name)}, ${args});`, "");
  }
  return lines.join("\n");
}

export function printReadme(plan: ExportPlan, options: ProgramOptions): string {
  const counts = new Map<string, number>();
  for (const r of plan.resources) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  const lines = [
    `# ${options.project}`,
    "",
    `Generated by \`edge-ingress export\`${options.apiUrl ? ` from ${options.apiUrl}` : ""}: a Pulumi program that declares`,
    "every resource of the account with `adopt` set to its id, so the first `pulumi up` takes them over",
    "without changing the account, and later runs manage them.",
    "",
    "| kind | resources |",
    "|---|---|",
    ...[...counts].map(([kind, n]) => `| ${kind} | ${n} |`),
    "",
    "## Next steps",
    "",
    "```sh",
    "npm install",
    "pulumi stack init <stack>",
    `pulumi config set edgeingress:apiUrl ${options.apiUrl ?? "<API URL>"}`,
    "pulumi config set --secret edgeingress:apiKey   # prompts for the key (or: export EDGE_INGRESS_API_KEY)",
  ];
  if (plan.secrets.length) {
    lines.push("# Credentials the program reads from config (each command prompts for the value, or pipe it in):");
    for (const s of plan.secrets) lines.push(`pulumi config set --secret ${s.key}   # ${s.about}`);
  }
  lines.push(
    "pulumi preview     # every resource shows as a create: new to the stack, but adopted, not made",
    "pulumi up          # adopts: reads each resource, sends nothing when it matches the program",
    "pulumi preview     # no changes",
    "```",
    "",
  );
  if (plan.secrets.length) {
    lines.push(
      "The exporter never writes a credential's value. A value that differs from the account's is applied",
      "by the first `pulumi up` (an update). A TLS private key is never returned by the service, so it is",
      "not compared: the one you set is kept (a key that does not belong to the certificate fails at preview).",
      "",
    );
  }
  const notExported = plan.skipped.map((s) => `- ${s.kind} ${s.id}: ${s.why}.`);
  if (options.endpoints)
    notExported.push(`- ${options.endpoints} endpoint(s): read-only, not resources; read them with \`ei.getEndpoints()\`.`);
  notExported.push("- Tunnels: agents start them, so they are not declared.");
  lines.push("## Not declared", "", ...notExported, "");
  return lines.join("\n");
}

export interface ExportedFiles {
  [path: string]: string;
}

/** Every file of the generated project. */
export function generateProject(snapshot: AccountSnapshot, options: ProgramOptions): { files: ExportedFiles; plan: ExportPlan } {
  const plan = planExport(snapshot);
  const manifest = {
    name: options.project.toLowerCase(),
    private: true,
    main: "index.ts",
    dependencies: { "@edge-ingress/pulumi": `^${options.packageVersion}`, "@pulumi/pulumi": options.pulumiVersion },
    devDependencies: { "@types/node": options.nodeTypesVersion, typescript: options.typescriptVersion },
  };
  const tsconfig = {
    compilerOptions: {
      target: "ES2022",
      module: "commonjs",
      moduleResolution: "node",
      strict: true,
      esModuleInterop: true,
      skipLibCheck: true,
    },
    files: ["index.ts"],
  };
  const files: ExportedFiles = {
    "Pulumi.yaml": [
      `name: ${options.project}`,
      "description: An Edge Ingress account, exported by edge-ingress export",
      "runtime: nodejs",
      "main: index.ts",
      "",
    ].join("\n"),
    "index.ts": printProgram(plan),
    "package.json": `${JSON.stringify(manifest, null, 2)}\n`,
    "tsconfig.json": `${JSON.stringify(tsconfig, null, 2)}\n`,
    ".gitignore": "node_modules/\n",
    "README.md": printReadme(plan, options),
  };
  return { files, plan };
}
