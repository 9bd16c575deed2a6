/**
 * The emulator's lists of kinds, from the modules present: `KINDS_BY_NAME` / `KINDS`
 * (emulator/state/index.ts) from every exported `KindRules` in emulator/state/; `ROUTES_BY_RESOURCE`,
 * `ROUTES` and `REFERENCES_BY_RESOURCE` (emulator/routes/index.ts) for every sdk resource: the
 * `<kind>Operations` of its own module in emulator/routes/ where there is one, else `kindRoutes` of the
 * rules exported under its resource name. Modules exporting neither (store.ts, crud.ts, ...) are helpers.
 * The lists are in file-name order: nothing the emulator does depends on it (the 409 of a record in use
 * names the oldest user of any kind, and no two route paths overlap: test/emulator).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { BaseRecord } from "../emulator/state/store";
import type { KindRules } from "../emulator/state/rules";
import type { Route } from "../emulator/http/router";
import { GENERATED_HEADER, ROOT, type Generator } from "./generator";
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

/** Where each sdk resource's routes and reference come from, in file-name order. */
interface ResourceRoutes {
  resource: string;
  file: string;
  /** `<kind>Operations` of its own emulator/routes/ module; absent: `kindRoutes` of its rules. */
  operations?: string;
  /** A store kind: emulator/state/<file>.ts exports its rules under its resource name. */
  storeKind: boolean;
  /** `<resource>Reference`, exported by its state module when it has no rules to carry it. */
  reference?: string;
}

/** Every sdk resource's routes: its own routes module, else the standard operations of its rules. */
export function routeResources(): ResourceRoutes[] {
  const own = new Map(
    modules("routes").flatMap(({ file, exports }) => {
      const names = Object.keys(exports).filter((name) => name.endsWith("Operations") && isRoutes(exports[name]));
      if (names.length > 1) throw new Error(`emulator/routes/${file}.ts: exports more than one route table (${names.join(", ")})`);
      return names.map((name): [string, string] => [file, name]);
    }),
  );
  const state = new Map(modules("state").map(({ file, exports }) => [file, exports]));
  const resources = sdkResources();
  for (const file of own.keys()) {
    if (!resources.some((r) => r.file === file))
      throw new Error(`emulator/routes/${file}.ts: no sdk resource in sdk/resources/${file}.ts names its routes`);
  }
  return resources.map(({ resource, file }) => {
    const exports = state.get(file) ?? {};
    const rules = exports[resource];
    const reference = `${resource}Reference`;
    const entry: ResourceRoutes = {
      resource,
      file,
      operations: own.get(file),
      storeKind: isKindDef(rules),
      reference: reference in exports ? reference : undefined,
    };
    if (!entry.operations && !(isKindDef(rules) && rules.listKey && rules.render))
      throw new Error(
        `sdk resource ${resource}: the emulator has no routes for it: give \`${resource}\` in emulator/state/${file}.ts ` +
          `\`render\` and \`listKey\` (the standard operations), or write emulator/routes/${file}.ts`,
      );
    return entry;
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
import type { BaseRecord } from "./store";
import type { KindRules } from "./rules";
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
/**
 * The route table: each resource's own module of emulator/routes/ where it has one, else the standard
 * operations of its rules (\`kindRoutes\`); and each resource's section of the API reference.
 */
import type { Route } from "../http/router";
import { KINDS_BY_NAME as kinds } from "../state";
import type { KindReference } from "../state/rules";
import { kindRoutes } from "./crud";
${resources.flatMap((r) => (r.operations ? [`import { ${r.operations} } from "./${r.file}";`] : [])).join("\n")}
${resources.flatMap((r) => (r.reference ? [`import { ${r.reference} } from "../state/${r.file}";`] : [])).join("\n")}

/** The routes of each resource, by the resource's name in the sdk client (\`client.ipPolicies\`). */
export const ROUTES_BY_RESOURCE: Readonly<Record<string, readonly Route[]>> = {
${resources.map((r) => `  ${r.resource}: ${r.operations ?? `kindRoutes(kinds.${r.resource})`},`).join("\n")}
};

export const ROUTES: readonly Route[] = Object.values(ROUTES_BY_RESOURCE).flat();

/** Each resource's title and example bodies in docs/api.md: from its rules, else its state module's \`<resource>Reference\`. */
export const REFERENCES_BY_RESOURCE: Readonly<Record<string, KindReference | undefined>> = {
${resources.map((r) => `  ${r.resource}: ${r.reference ?? (r.storeKind ? `kinds.${r.resource}.reference` : "undefined")},`).join("\n")}
};
`,
      },
    ];
  },
};
