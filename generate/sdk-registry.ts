/**
 * The sdk's lists of resources, from the modules present in sdk/resources/: the index that re-exports
 * each (sdk/resources/index.ts), the client's lazy table (sdk/resource-classes.ts), a resource being each
 * exported class, under its name with a lowercase first letter (`IpPolicies` → `client.ipPolicies`),
 * and the id prefixes (sdk/core/id-prefixes.ts), each resource's module declaring its own
 * (`export const ipPoliciesIdPrefix = "ipp_";`, read from the text: the table loads no module).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { GENERATED_HEADER, ROOT, type Generator } from "./generator";

const resourcesDir = (): string => path.join(ROOT, "sdk", "resources");

const moduleFiles = (): string[] =>
  fs
    .readdirSync(resourcesDir())
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.slice(0, -3))
    .sort();

export interface SdkResource {
  /** The module's basename (`ip-policy`). */
  file: string;
  /** The exported class (`IpPolicies`). */
  cls: string;
  /** Its property on the client (`ipPolicies`). */
  resource: string;
  /** Its id prefix with the underscore (`ipp_`), if its resources have ids of their own. */
  idPrefix?: string;
}

/** Every resource of the modules present, in file-name order. */
export function sdkResources(): SdkResource[] {
  return moduleFiles().flatMap((file) => {
    const text = fs.readFileSync(path.join(resourcesDir(), `${file}.ts`), "utf8");
    const prefixes = new Map([...text.matchAll(/^export const ([A-Za-z0-9_]+)IdPrefix = "([a-z]+_)";$/gm)].map((m) => [m[1], m[2]]));
    const resources = [...text.matchAll(/^export class ([A-Za-z0-9_]+)/gm)].map((m) => {
      const resource = `${m[1][0].toLowerCase()}${m[1].slice(1)}`;
      return { file, cls: m[1], resource, idPrefix: prefixes.get(resource) };
    });
    const stray = [...prefixes.keys()].filter((name) => !resources.some((f) => f.resource === name));
    if (stray.length)
      throw new Error(`sdk/resources/${file}.ts: ${stray.map((s) => `${s}IdPrefix`).join(", ")} names no resource of the module`);
    return resources;
  });
}

export const sdkRegistry: Generator = {
  name: "sdk-registry",
  files() {
    const resources = sdkResources();
    const entries = resources.map(
      ({ file, cls, resource }) => `  ${resource}: () => (require("./resources/${file}") as typeof import("./resources/${file}")).${cls},`,
    );
    const prefixes = resources.flatMap(({ resource, idPrefix }) => (idPrefix ? [`  ${resource}: "${idPrefix}",`] : []));
    return [
      {
        path: "sdk/resources/index.ts",
        text: `${GENERATED_HEADER}\n/** Every resource resource's module. */\n${moduleFiles()
          .map((m) => `export * from "./${m}";`)
          .join("\n")}\n`,
      },
      {
        path: "sdk/resource-classes.ts",
        text: `${GENERATED_HEADER}
/**
 * Every resource resource, by its property on the client (\`client.ipPolicies\`): its name in every layer.
 * Each module (its zod schemas) loads on the property's first use: a provider process that manages
 * two kinds builds the schemas of two.
 */
export const RESOURCE_CLASSES = {
${entries.join("\n")}
};
`,
      },
      {
        path: "sdk/core/id-prefixes.ts",
        text: `${GENERATED_HEADER}
/**
 * Every kind's id prefix (§2.1; tunnel credentials \`cr_\` and IP policy rules \`ipr_\` are extensions), by
 * the kind's name in the client (\`client.ipPolicies\`), as its module in sdk/resources/ declares it
 * (\`export const ipPoliciesIdPrefix = "ipp_";\`), the prefix's one name: code about one kind imports that,
 * code that walks every kind reads this table.
 */
export const ID_PREFIXES = {
${prefixes.join("\n")}
} as const;

/** A kind's name in the client whose resources have ids of their own (event sources have none). */
export type PrefixedKind = keyof typeof ID_PREFIXES;

/** HTTP response backends (\`bkdhr_\`) are not a kind of this package, but modules may point at them. */
export const HTTP_RESPONSE_BACKEND_ID_PREFIX = "bkdhr_";
`,
      },
    ];
  },
};
