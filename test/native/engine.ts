/**
 * What an engine test of the native provider adds to a stack's environment: the built plugin as an
 * ambient `pulumi-resource-edgeingress` on PATH (as a global npm install puts it), and Pulumi's YAML
 * language host, which scripts/pulumi-tools.sh builds into the tools directory.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { REPO_ROOT, engineEnv } from "../support/engine";

/** The directory scripts/pulumi-tools.sh builds into (`ei_pulumi_bin`). */
function toolsBin(): string {
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
