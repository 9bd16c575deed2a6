import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import {
  GENERATED_HEADER,
  GENERATED_MARKDOWN_HEADER,
  ROOT,
  expectedFiles,
  staleFiles,
  type GeneratedFile,
  type Generator,
} from "../../generate";
import { removeInstalls, tempDir } from "../support/package-install";

/** What every generator writes for this repository, made once for the file (each run formats every file). */
let repository: Promise<GeneratedFile[]> | undefined;
const repositoryFiles = (): Promise<GeneratedFile[]> => (repository ??= expectedFiles());

test("every generated file is committed as `npm run generate` writes it", async () => {
  expect(await staleFiles(ROOT, undefined, repositoryFiles())).toEqual([]);
});

/** JSON has no comments: a generated JSON file (the package schema) is marked only in .gitattributes. */
const canSayGenerated = (file: string): boolean => !file.endsWith(".json");

test("every generated file says so in its first line, in the standard words", async () => {
  const files = await repositoryFiles();
  expect(files.some((file) => file.path.endsWith(".md"))).toBe(true);
  for (const file of files.filter((f) => !canSayGenerated(f.path))) expect(() => JSON.parse(file.text) as unknown).not.toThrow();
  for (const file of files.filter((f) => canSayGenerated(f.path)))
    expect([file.path, file.text.split("\n")[0]]).toEqual([
      file.path,
      file.path.endsWith(".md") ? GENERATED_MARKDOWN_HEADER : GENERATED_HEADER,
    ]);
});

/** Files of the repository whose first line is a generated header. */
function filesWithHeader(): string[] {
  const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" });
  return tracked
    .split("\n")
    .filter((p) => /\.(ts|md)$/.test(p) && fs.existsSync(path.join(ROOT, p)))
    .filter((p) => {
      const first = fs.readFileSync(path.join(ROOT, p), "utf8").split("\n", 1)[0];
      return first === GENERATED_HEADER || first === GENERATED_MARKDOWN_HEADER;
    })
    .sort();
}

test("the generated files are exactly those .gitattributes marks linguist-generated", async () => {
  const generated = (await repositoryFiles()).map((file) => file.path).sort();
  expect(filesWithHeader()).toEqual(generated.filter(canSayGenerated));
  const all = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" }).trim();
  const attrs = execFileSync("git", ["check-attr", "--stdin", "linguist-generated"], { cwd: ROOT, encoding: "utf8", input: all });
  const marked = [...attrs.matchAll(/^(.*): linguist-generated: set$/gm)].map((m) => m[1]).sort();
  // The language SDKs are Pulumi's codegen output (scripts/sdks.sh, checked by test/e2e/native-install.test.ts): marked whole.
  expect(marked.filter((p) => !p.startsWith("sdks/"))).toEqual(generated);
  expect(all.split("\n").filter((p) => p.startsWith("sdks/") && !marked.includes(p))).toEqual([]);
});

// Scratch roots from tempDir, removed after the file.
afterAll(removeInstalls);

test("a changed or missing generated file is reported stale, a formatted one is not", async () => {
  const root = tempDir("generate-");
  const generator: Generator = { name: "t", files: () => [{ path: "a.ts", text: `${GENERATED_HEADER}\nexport const a   = 1\n` }] };
  expect(await staleFiles(root, [generator])).toEqual(["a.ts"]);
  fs.writeFileSync(path.join(root, "a.ts"), `${GENERATED_HEADER}\nexport const a = 1;\n`);
  expect(await staleFiles(root, [generator])).toEqual([]);
  fs.writeFileSync(path.join(root, "a.ts"), `${GENERATED_HEADER}\nexport const a = 2;\n`);
  expect(await staleFiles(root, [generator])).toEqual(["a.ts"]);
});

test("a generated file that no generator writes any more is stale; a hand-written one is not", async () => {
  const root = tempDir("generate-");
  const generator: Generator = { name: "t", files: () => [{ path: "a.ts", text: `${GENERATED_HEADER}\nexport const a = 1;\n` }] };
  fs.writeFileSync(path.join(root, "a.ts"), `${GENERATED_HEADER}\nexport const a = 1;\n`);
  fs.mkdirSync(path.join(root, "kinds"));
  fs.writeFileSync(path.join(root, "kinds", "gone.ts"), `${GENERATED_HEADER}\nexport const gone = 1;\n`);
  fs.writeFileSync(path.join(root, "kinds", "mine.ts"), "export const mine = 1;\n");
  expect(await staleFiles(root, [generator])).toEqual(["kinds/gone.ts"]);
});
