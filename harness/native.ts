/**
 * Driving the native provider through the real engine, for the engine tests and the benchmark: the
 * built plugin as an ambient `pulumi-resource-edgeingress` on PATH (as a global npm install puts it)
 * beside Pulumi's YAML language host (scripts/pulumi-tools.sh builds it), and the edges program's spec
 * (harness/edges) written as a Pulumi YAML program.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { REPO_ROOT, engineEnv } from "./engine";

/** The directory scripts/pulumi-tools.sh builds into (`ei_pulumi_bin`): the CLI and the YAML host, as Pulumi's release ships them. */
export function toolsBin(): string {
  return execFileSync("bash", ["-c", 'source "$1" && ei_pulumi_bin', "bash", path.join(REPO_ROOT, "scripts", "env.sh")], {
    encoding: "utf8",
    env: { ...process.env, PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter) },
  }).trim();
}

/**
 * A directory holding the plugin (a script running the built dist/native/main.js with this Node.js)
 * and a link to the YAML host, and the environment with it first on PATH.
 */
export function nativeEnv(): { dir: string; env: Record<string, string> } {
  const main = path.join(REPO_ROOT, "dist", "native", "main.js");
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build`);
  const yamlHost = path.join(toolsBin(), "pulumi-language-yaml");
  if (!fs.existsSync(yamlHost)) throw new Error(`${yamlHost} is missing: run scripts/pulumi-tools.sh`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-bin-"));
  const plugin = path.join(dir, "pulumi-resource-edgeingress");
  fs.writeFileSync(plugin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(main)} "$@"\n`, { mode: 0o755 });
  fs.symlinkSync(yamlHost, path.join(dir, "pulumi-language-yaml"));
  return { dir, env: { PATH: [dir, engineEnv().PATH].join(path.delimiter) } };
}

/** One resource of the edges program's spec: `"@name"` anywhere in args stands for that resource's id. */
export interface SpecResource {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * The spec as a Pulumi YAML program of the native provider (`edgeingress:index:<Kind>`): `"@name"`
 * becomes `${name.id}`; a map keyed by `"@name"` (a weighted backend's children, id → weight) becomes
 * the list form `[{backendId, weight}]`, since YAML interpolates values, not keys.
 */
export function yamlProgram(project: string, spec: SpecResource[]): string {
  const ref = (v: string) => (v.startsWith("@") ? `\${${v.slice(1)}.id}` : v);
  const convert = (v: unknown): unknown => {
    if (typeof v === "string") return ref(v);
    if (Array.isArray(v)) return v.map(convert);
    if (v === null || typeof v !== "object") return v;
    const entries = Object.entries(v);
    if (entries.length > 0 && entries.every(([k]) => k.startsWith("@")))
      return entries.map(([k, weight]) => ({ backendId: ref(k), weight }));
    return Object.fromEntries(entries.map(([k, x]) => [k, convert(x)]));
  };
  const resources = Object.fromEntries(spec.map((r) => [r.name, { type: `edgeingress:index:${r.kind}`, properties: convert(r.args) }]));
  return stringify({ name: project, runtime: "yaml", resources });
}
