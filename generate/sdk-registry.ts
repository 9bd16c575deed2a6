/**
 * The sdk's lists of families, from the modules present in sdk/resources/: the index that re-exports
 * each (sdk/resources/index.ts) and the client's lazy table (sdk/families.ts), a family being each
 * exported class, under its name with a lowercase first letter (`IpPolicies` → `client.ipPolicies`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { GENERATED_HEADER, ROOT, type Generator } from "./index";

export const sdkRegistry: Generator = {
  name: "sdk-registry",
  files() {
    const dir = path.join(ROOT, "sdk", "resources");
    const modules = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && f !== "index.ts")
      .map((f) => f.slice(0, -3))
      .sort();
    const families = modules.flatMap((file) =>
      [...fs.readFileSync(path.join(dir, `${file}.ts`), "utf8").matchAll(/^export class ([A-Za-z0-9_]+)/gm)].map((m) => ({
        file,
        cls: m[1],
      })),
    );
    const entries = families.map(
      ({ file, cls }) =>
        `  ${cls[0].toLowerCase()}${cls.slice(1)}: () => (require("./resources/${file}") as typeof import("./resources/${file}")).${cls},`,
    );
    return [
      {
        path: "sdk/resources/index.ts",
        text: `${GENERATED_HEADER}\n/** Every resource family's module. */\n${modules.map((m) => `export * from "./${m}";`).join("\n")}\n`,
      },
      {
        path: "sdk/families.ts",
        text: `${GENERATED_HEADER}
/**
 * Every resource family, by its property on the client (\`client.ipPolicies\`): its name in every layer.
 * Each module (its zod schemas) loads on the property's first use: a provider process that manages
 * two kinds builds the schemas of two.
 */
export const FAMILIES = {
${entries.join("\n")}
};
`,
      },
    ];
  },
};
