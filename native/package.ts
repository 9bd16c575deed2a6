/**
 * What the plugin serves from its own package: its version and the schema `npm run generate` writes to
 * native/schema.json (shipped in the npm package beside dist/).
 */
import * as fs from "node:fs";
import * as path from "node:path";

const NAME = "@edge-ingress/pulumi";

/** The package's root directory: from dist/native (installed) or native/ (a clone's sources) upwards. */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string }).name === NAME) return dir;
    if (path.dirname(dir) === dir) throw new Error(`pulumi-resource-edgeingress: cannot find the ${NAME} package above ${from}`);
  }
}

export function packageVersion(root = packageRoot()): string {
  return (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
}

/** The schema's text, read once when first asked for. */
export function schemaLoader(root = packageRoot()): () => string {
  let text: string | undefined;
  return () => (text ??= fs.readFileSync(path.join(root, "native", "schema.json"), "utf8"));
}
