import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { GENERATED_HEADER, GENERATORS, staleFiles, type Generator } from "../../generate";

test("every generated file is committed as `npm run generate` writes it", async () => {
  expect(await staleFiles()).toEqual([]);
});

test("every generated TypeScript file says so in its first line", async () => {
  for (const generator of GENERATORS)
    for (const file of await generator.files()) if (file.path.endsWith(".ts")) expect(file.text.split("\n")[0]).toBe(GENERATED_HEADER);
});

test("a changed or missing generated file is reported stale, a formatted one is not", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "generate-"));
  const generator: Generator = { name: "t", files: () => [{ path: "a.ts", text: `${GENERATED_HEADER}\nexport const a   = 1\n` }] };
  expect(await staleFiles(root, [generator])).toEqual(["a.ts"]);
  fs.writeFileSync(path.join(root, "a.ts"), `${GENERATED_HEADER}\nexport const a = 1;\n`);
  expect(await staleFiles(root, [generator])).toEqual([]);
  fs.writeFileSync(path.join(root, "a.ts"), `${GENERATED_HEADER}\nexport const a = 2;\n`);
  expect(await staleFiles(root, [generator])).toEqual(["a.ts"]);
});

test("a generated file that no generator writes any more is stale; a hand-written one is not", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "generate-"));
  const generator: Generator = { name: "t", files: () => [{ path: "a.ts", text: `${GENERATED_HEADER}\nexport const a = 1;\n` }] };
  fs.writeFileSync(path.join(root, "a.ts"), `${GENERATED_HEADER}\nexport const a = 1;\n`);
  fs.mkdirSync(path.join(root, "kinds"));
  fs.writeFileSync(path.join(root, "kinds", "gone.ts"), `${GENERATED_HEADER}\nexport const gone = 1;\n`);
  fs.writeFileSync(path.join(root, "kinds", "mine.ts"), "export const mine = 1;\n");
  expect(await staleFiles(root, [generator])).toEqual(["kinds/gone.ts"]);
});
