/** `edge-ingress export`, the reading half and the command: lists the whole account through the sdk and writes the project. */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { API_KEY_ENV, BASE_URL_ENV, EdgeIngress } from "../sdk";
import type { CliIo } from "./io";
import { kinds } from "../provider/kinds";
import { generateProject, type AccountSnapshot, type ExportPlan, type ExportedFiles, type PlanOptions, type ProgramForm } from "./generate";
import { NATIVE_LANGUAGES, generateNativeProject, type NativeLanguage } from "./native";
import type { PackageSchema } from "./native-values";

/**
 * Every kind's resources (all pages), in the kind table's order: a nested kind (routes, event sources)
 * is listed within each resource of its parent kind, which comes before it.
 */
export async function readAccount(client: EdgeIngress): Promise<{ snapshot: AccountSnapshot; endpoints: number }> {
  const snapshot: Record<string, any[]> = {};
  for (const decl of Object.values(kinds)) {
    const nested = decl.parent?.nested;
    if (nested) {
      const parents = snapshot[decl.parent.kind];
      if (!parents) throw new Error(`export: ${decl.name} is listed within ${decl.parent.kind}, which must come first`);
      snapshot[decl.name] = (await Promise.all(parents.map((parent) => nested.listIn(client, parent)))).flat();
    } else {
      const api = decl.api(client);
      if (!api.list) throw new Error(`export: ${decl.name} cannot be listed`);
      snapshot[decl.name] = await api.list().toArray();
    }
  }
  return { snapshot, endpoints: (await client.endpoints.list().toArray()).length };
}

export interface ExportOptions extends ProgramForm, PlanOptions {
  outDir: string;
  project: string;
  apiUrl: string;
  /** Replace files of an earlier export. */
  force?: boolean;
  /** What the program declares, for its README (default: every resource of the account). */
  holds?: string;
  /** The command writing it (default: `export`). */
  command?: string;
  /** A program of the native provider in this language, with `import` options, instead of TypeScript with `adopt`. */
  native?: NativeLanguage;
}

// Our own manifest by self-reference: the same from dist/ in this clone and in an installed copy.
const manifestPath = () => require.resolve("@edge-ingress/pulumi/package.json");

function versions() {
  const manifest = JSON.parse(fs.readFileSync(manifestPath(), "utf8"));
  return {
    packageVersion: manifest.version as string,
    pulumiVersion: manifest.peerDependencies["@pulumi/pulumi"] as string,
    typescriptVersion: manifest.devDependencies.typescript as string,
    nodeTypesVersion: manifest.devDependencies["@types/node"] as string,
    // The Pulumi SDK the language SDKs are generated against: the one the package pins.
    pulumiSdkVersion: manifest.devDependencies["@pulumi/pulumi"] as string,
  };
}

/** The package schema, shipped beside dist/ (native/schema.json). */
const packageSchema = (): PackageSchema =>
  JSON.parse(fs.readFileSync(path.join(path.dirname(manifestPath()), "native", "schema.json"), "utf8")) as PackageSchema;

/** Reads the account and writes the project into `outDir`; refuses to overwrite unless `force`. */
export async function exportAccount(client: EdgeIngress, options: ExportOptions): Promise<{ plan: ExportPlan; files: string[] }> {
  const { snapshot, endpoints } = await readAccount(client);
  return writeProject(snapshot, endpoints, options);
}

/** Writes the project declaring `snapshot` (all of an account, or a part: `edge-ingress audit --export`). */
export function writeProject(snapshot: AccountSnapshot, endpoints: number, options: ExportOptions): { plan: ExportPlan; files: string[] } {
  const { outDir: _outDir, force: _force, native, ...program } = options;
  const { files, plan }: { files: ExportedFiles; plan: ExportPlan } = native
    ? generateNativeProject(snapshot, { ...program, language: native, schema: packageSchema(), endpoints, ...versions() })
    : generateProject(snapshot, { ...program, endpoints, ...versions() });
  const targets = Object.keys(files).map((name) => path.join(options.outDir, name));
  const existing = targets.filter((file) => fs.existsSync(file));
  if (existing.length && !options.force) {
    throw new Error(`${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}; choose another --out or pass --force`);
  }
  fs.mkdirSync(options.outDir, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(options.outDir, name), content);
  return { plan, files: targets };
}

// --- the command -------------------------------------------------------------------------------------

export const USAGE = `Usage: edge-ingress export [--out <dir>] [--project <name>] [--api-url <url>] [--force] [--no-retain] [--standalone-children]
                          [--native yaml|go|python]

Reads every resource of the account and writes a Pulumi TypeScript program (Pulumi.yaml, index.ts,
package.json, tsconfig.json, README.md) that declares each one with \`adopt\` set to its id and
\`retainOnDelete: true\`, so \`pulumi destroy\` or removing a declaration leaves it in the account.
With --native, a program of the native provider (pulumi-resource-edgeingress) instead, each resource
with the \`import\` option set to its id (the preview shows \`= import\`) and \`retainOnDelete\`.

Options:
  --out <dir>             where to write the project (default: ./edge-ingress-export)
  --project <name>        Pulumi project name (default: the directory's name)
  --api-url <url>         the API's base URL (default: $${BASE_URL_ENV})
  --force                 overwrite the files of an earlier export
  --no-retain             no \`retainOnDelete\`: destroy and removing a declaration delete from the account
  --standalone-children   declare an IP policy's rules, an HTTPS edge's routes and a subscription's sources
                          as resources of their own (IpPolicyRule, HttpsEdgeRoute, EventSource) instead
                          of inline on their parent, where a child added by hand is drift
  --native <language>     a native provider program: yaml (Pulumi.yaml), go (main.go, go.mod) or
                          python (__main__.py, requirements.txt), with README.md

The API key is read from $${API_KEY_ENV} only.
Exit: 0 written, 1 the export failed, 2 bad usage.`;

const PROJECT_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/** The whole command: returns the exit code; every message goes through `io`. */
export async function runExport(argv: string[], io: CliIo): Promise<number> {
  const usage = (message: string): number => {
    io.stderr(`edge-ingress export: ${message}\n\n${USAGE}\n`);
    return 2;
  };
  let values: {
    out?: string;
    project?: string;
    "api-url"?: string;
    force?: boolean;
    "no-retain"?: boolean;
    "standalone-children"?: boolean;
    native?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        out: { type: "string" },
        project: { type: "string" },
        "api-url": { type: "string" },
        force: { type: "boolean" },
        "no-retain": { type: "boolean" },
        "standalone-children": { type: "boolean" },
        native: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }));
  } catch (e) {
    return usage((e as Error).message);
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const outDir = path.resolve(io.cwd, values.out ?? "edge-ingress-export");
  const project = values.project ?? path.basename(outDir);
  if (!PROJECT_NAME.test(project)) return usage(`--project must be letters, digits, "_", "." or "-" (got ${JSON.stringify(project)})`);
  const native = values.native as NativeLanguage | undefined;
  if (native !== undefined && !NATIVE_LANGUAGES.includes(native))
    return usage(`--native must be one of ${NATIVE_LANGUAGES.join(", ")} (got ${JSON.stringify(native)})`);
  const apiKey = io.env[API_KEY_ENV];
  const apiUrl = values["api-url"] ?? io.env[BASE_URL_ENV];
  if (!apiKey) return usage(`set ${API_KEY_ENV} to an API key of the account`);
  if (!apiUrl) return usage(`pass --api-url or set ${BASE_URL_ENV}`);
  const client = new EdgeIngress({ apiKey, baseURL: apiUrl });
  try {
    const { plan } = await exportAccount(client, {
      outDir,
      project,
      apiUrl,
      force: values.force,
      retain: !values["no-retain"],
      standaloneChildren: values["standalone-children"],
      native,
    });
    const inline = plan.resources.reduce((n, r) => n + r.inline.length, 0);
    io.stdout(
      `Wrote ${outDir}: ${plan.resources.length} resource(s) to ${native ? "import" : "adopt"}` +
        `${inline ? ` (and ${inline} child(ren) inline on their parent)` : ""}, ${plan.secrets.length} credential(s) to set as secret config` +
        `${plan.skipped.length ? `, ${plan.skipped.length} not declared` : ""}. Next steps: ${path.join(outDir, "README.md")}\n`,
    );
    return 0;
  } finally {
    await client.close();
  }
}
