/**
 * The emulator keeps its own id prefixes (docs/design.md): they must be the sdk's, kind by kind. In the
 * sdk and the provider a prefix has one name, `<resource>IdPrefix`, declared in its resource's module.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { KINDS_BY_NAME } from "../../../emulator/state";
import { ID_PREFIXES } from "../../../sdk";
import * as resources from "../../../sdk/resources";

const ROOT = path.join(__dirname, "..", "..", "..");
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => ({ file: `${dir}/${f}`, text: fs.readFileSync(path.join(ROOT, dir, f), "utf8") }));

test("the sdk's id prefixes are the emulator's, kind by kind", () => {
  expect(ID_PREFIXES).toEqual(Object.fromEntries(Object.entries(KINDS_BY_NAME).map(([kind, def]) => [kind, `${def.prefix}_`])));
});

test("each prefix is exported by its resource's module as `<resource>IdPrefix`", () => {
  const exported = resources as unknown as Record<string, unknown>;
  for (const [resource, prefix] of Object.entries(ID_PREFIXES))
    expect([resource, exported[`${resource}IdPrefix`]]).toEqual([resource, prefix]);
});

test("no other name for a kind's prefix: no alias constant in the sdk, no table lookup in a kind's declaration", () => {
  const others = [...sources("sdk/resources"), ...sources("provider/kinds")].flatMap(({ file, text }) =>
    [...text.matchAll(/\b[A-Z][A-Z_]*_ID_PREFIX\b|\bID_PREFIXES\.\w+/g)].map((m) => `${file}: ${m[0]}`),
  );
  expect(others).toEqual([]);
});
