/**
 * Issue 26's measure: a kind is declared once per layer, and the lists of every kind are derived. This
 * counts the hand-written product files (generated ones start with GENERATED_HEADER) that name every kind
 * of a layer, in any of the names a registration list would use.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { GENERATED_HEADER, ROOT } from "../../generate";
import { stateKinds } from "../../generate/emulator-registry";
import { sdkResources } from "../../generate/sdk-registry";
import { KINDS_BY_NAME } from "../../emulator/state";

/** Hand-written files that may name every kind of a layer: issue 26 allowed 2; none is left, so none may come back. */
const MAX_LISTS = 0;

const PRODUCT = ["sdk", "provider", "emulator", "runtime", "cli", "index.ts"];

const pascal = (kebab: string) => kebab.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

interface Kind {
  /** The kebab-case name of its modules in every layer (`ip-policy`). */
  file: string;
  /** Patterns of its names: module name, sdk resource (`ipPolicies`, `IpPolicies`), type (`IpPolicy`), API collection path. */
  names: RegExp[];
}

function kinds(): Kind[] {
  const resources = sdkResources();
  const paths = new Map(stateKinds().map(([name, file]) => [file, KINDS_BY_NAME[name as keyof typeof KINDS_BY_NAME].path]));
  const files = new Set([...resources.map((f) => f.file), ...paths.keys(), ...providerKinds()]);
  return [...files].map((file) => {
    const resource = resources.find((f) => f.file === file);
    const words = [file, pascal(file), ...(resource ? [resource.resource, resource.cls] : [])];
    const names = words.map((w) => new RegExp(`(?<![\\w$-])${escape(w)}(?![\\w$-])`));
    const p = paths.get(file);
    if (p) names.push(new RegExp(`${escape(p)}(?!\\w)`));
    return { file, names };
  });
}

const modulesIn = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => f.slice(0, -3));

function providerKinds(): string[] {
  return modulesIn("provider/kinds");
}

/** Each layer's kinds, by module name: what a registration list of that layer names. */
function layers(): Record<string, string[]> {
  return {
    sdk: sdkResources().map((f) => f.file),
    provider: providerKinds(),
    "emulator state": stateKinds().map(([, file]) => file),
  };
}

/** The kinds this text names. */
function named(text: string, all: readonly Kind[]): Set<string> {
  return new Set(all.filter((k) => k.names.some((re) => re.test(text))).map((k) => k.file));
}

/** The layers every kind of which the text names. */
function listsEvery(text: string, all: readonly Kind[]): string[] {
  const found = named(text, all);
  return Object.entries(layers())
    .filter(([, files]) => files.every((f) => found.has(f)))
    .map(([layer]) => layer);
}

function handWritten(): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const at = path.join(ROOT, rel);
    if (fs.statSync(at).isDirectory()) for (const entry of fs.readdirSync(at)) walk(path.join(rel, entry));
    else if (rel.endsWith(".ts") && !fs.readFileSync(at, "utf8").startsWith(GENERATED_HEADER)) out.push(rel);
  };
  PRODUCT.forEach(walk);
  return out.sort();
}

test(`at most ${MAX_LISTS} hand-written product files name every kind of a layer`, () => {
  const all = kinds();
  const lists = handWritten().flatMap((file) => {
    const layersListed = listsEvery(fs.readFileSync(path.join(ROOT, file), "utf8"), all);
    return layersListed.length ? [`${file} (every kind of: ${layersListed.join(", ")})`] : [];
  });
  console.log(`hand-written files that name every kind of a layer (${lists.length}):\n  ${lists.join("\n  ")}`);
  expect(lists.length <= MAX_LISTS ? [] : lists).toEqual([]);
});

test("a registration list is caught in any of the names a kind goes by, and one kind short is not a list", () => {
  const all = kinds();
  const state = layers()["emulator state"];
  const imports = state.map((file) => `import { x${pascal(file)} } from "./${file}";`).join("\n");
  expect(listsEvery(imports, all)).toContain("emulator state");
  const resources = sdkResources();
  const table = resources.map((f) => `  ${f.resource}: "${f.idPrefix ?? ""}",`).join("\n");
  expect(listsEvery(table, all)).toEqual(expect.arrayContaining(["sdk", "emulator state"]));
  const paths = Object.values(KINDS_BY_NAME).map((kind) => `"${kind.path}/{id}"`);
  expect(listsEvery(paths.join(", "), all)).toContain("emulator state");
  // `https-edge` inside `https-edge-route` names only the route kind.
  expect([...named(`"./https-edge-route"`, all)]).toEqual(["https-edge-route"]);
  expect(
    listsEvery(
      state
        .slice(1)
        .map((f) => `"./${f}"`)
        .join("\n"),
      all,
    ),
  ).toEqual([]);
});
