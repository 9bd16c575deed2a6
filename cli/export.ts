/** `edge-ingress export`, the reading half: lists the whole account through the sdk and writes the project. */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EdgeIngress } from "../sdk";
import { kinds } from "../provider/kinds";
import { generateProject, type AccountSnapshot, type ExportPlan } from "./generate";

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

export interface ExportOptions {
  outDir: string;
  project: string;
  apiUrl: string;
  /** Replace files of an earlier export. */
  force?: boolean;
}

function versions(): { packageVersion: string; pulumiVersion: string; typescriptVersion: string; nodeTypesVersion: string } {
  // Our own manifest by self-reference: the same from dist/ in this clone and in an installed copy.
  const manifest = JSON.parse(fs.readFileSync(require.resolve("@edge-ingress/pulumi/package.json"), "utf8"));
  return {
    packageVersion: manifest.version,
    pulumiVersion: manifest.peerDependencies["@pulumi/pulumi"],
    typescriptVersion: manifest.devDependencies.typescript,
    nodeTypesVersion: manifest.devDependencies["@types/node"],
  };
}

/** Reads the account and writes the project into `outDir`; refuses to overwrite unless `force`. */
export async function exportAccount(client: EdgeIngress, options: ExportOptions): Promise<{ plan: ExportPlan; files: string[] }> {
  const { snapshot, endpoints } = await readAccount(client);
  return writeProject(snapshot, endpoints, options);
}

/** Writes the project declaring `snapshot` (all of an account, or a part: `edge-ingress audit --export`). */
export function writeProject(snapshot: AccountSnapshot, endpoints: number, options: ExportOptions): { plan: ExportPlan; files: string[] } {
  const { files, plan } = generateProject(snapshot, { project: options.project, apiUrl: options.apiUrl, endpoints, ...versions() });
  const targets = Object.keys(files).map((name) => path.join(options.outDir, name));
  const existing = targets.filter((file) => fs.existsSync(file));
  if (existing.length && !options.force) {
    throw new Error(`${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}; choose another --out or pass --force`);
  }
  fs.mkdirSync(options.outDir, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(options.outDir, name), content);
  return { plan, files: targets };
}
