/**
 * The emulator's lists of kinds, from the modules present: `KINDS_BY_NAME` / `KINDS`
 * (emulator/state/index.ts) from every exported `KindRules` in emulator/state/, and `ROUTES_BY_RESOURCE` /
 * `ROUTES` (emulator/routes/index.ts) from every exported `<kind>Operations` in emulator/routes/, under
 * the resource name of the sdk module of the same file name. Modules exporting neither (store.ts, crud.ts,
 * ...) are helpers. Both lists are in file-name order: nothing the emulator does depends on it (the 409 of
 * a record in use names the oldest user of any kind, and no two route paths overlap: test/emulator).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { BaseRecord, KindRules } from "../emulator/state/store";
import type { Route } from "../emulator/http/router";
import { GENERATED_HEADER, ROOT, type Generator } from "./index";
import { sdkResources } from "./sdk-registry";

/** The modules of an emulator folder, loaded (from the compiled tree when this runs compiled). */
function modules(folder: "state" | "routes"): Array<{ file: string; exports: Record<string, unknown> }> {
  return fs
    .readdirSync(path.join(ROOT, "emulator", folder))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.slice(0, -3))
    .sort()
    .map((file) => ({ file, exports: require(path.join(__dirname, "..", "emulator", folder, file)) as Record<string, unknown> }));
}

const isKindDef = (value: unknown): value is KindRules<BaseRecord> => {
  const v = value as Partial<KindRules<BaseRecord>> | undefined;
  return typeof v?.collectionKey === "string" && typeof v.prefix === "string" && typeof v.path === "string" && typeof v.record === "object";
};

const isRoutes = (value: unknown): value is Route[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((r: Partial<Route>) => typeof r.method === "string" && typeof r.path === "string");

/** `[export name, module]` of every kind the state modules define. */
export function stateKinds(): Array<[string, string]> {
  return modules("state").flatMap(({ file, exports }) =>
    Object.entries(exports)
      .filter(([, value]) => isKindDef(value))
      .map(([name]): [string, string] => [name, file]),
  );
}

/** `[resource, export name, module]` of every routes module. */
export function routeResources(): Array<[string, string, string]> {
  const resourceOf = new Map(sdkResources().map(({ file, resource }) => [file, resource]));
  return modules("routes").flatMap(({ file, exports }) => {
    const names = Object.keys(exports).filter((name) => name.endsWith("Operations") && isRoutes(exports[name]));
    if (names.length === 0) return [];
    if (names.length > 1) throw new Error(`emulator/routes/${file}.ts: exports more than one route table (${names.join(", ")})`);
    const resource = resourceOf.get(file);
    if (!resource) throw new Error(`emulator/routes/${file}.ts: no sdk resource in sdk/resources/${file}.ts names its routes`);
    return [[resource, names[0], file]];
  });
}

export const emulatorRegistry: Generator = {
  name: "emulator-registry",
  files() {
    const kinds = stateKinds();
    const resources = routeResources();
    return [
      {
        path: "emulator/state/index.ts",
        text: `${GENERATED_HEADER}
/** Every kind the store holds and persists: each \`KindRules\` a module of emulator/state/ exports. */
import type { BaseRecord, KindRules } from "./store";
${kinds.map(([name, file]) => `import { ${name} } from "./${file}";`).join("\n")}

/** By the kind's name in the sdk client (\`client.ipPolicies\`). */
export const KINDS_BY_NAME = {
${kinds.map(([name]) => `  ${name},`).join("\n")}
};
export const KINDS: readonly KindRules<BaseRecord>[] = Object.values(KINDS_BY_NAME);
`,
      },
      {
        path: "emulator/routes/index.ts",
        text: `${GENERATED_HEADER}
/** The route table: the \`<kind>Operations\` each module of emulator/routes/ exports. */
import type { Route } from "../http/router";
${resources.map(([, name, file]) => `import { ${name} } from "./${file}";`).join("\n")}

/** The routes of each resource resource, by the resource's name in the sdk client (\`client.ipPolicies\`). */
export const ROUTES_BY_RESOURCE: Readonly<Record<string, readonly Route[]>> = {
${resources.map(([resource, name]) => `  ${resource}: ${name},`).join("\n")}
};

export const ROUTES: readonly Route[] = Object.values(ROUTES_BY_RESOURCE).flat();
`,
      },
    ];
  },
};
