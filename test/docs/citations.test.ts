/**
 * The docs ship in the package: they may not send readers to what users cannot see, the API text's
 * section numbers or its file in this repository's surroundings.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "..", "..");
const shipped = [
  ...fs.readdirSync(path.join(ROOT, "docs")).map((f) => path.join("docs", f)),
  "README.md",
  "CHANGELOG.md",
  "CONTRIBUTING.md",
  ...fs.readdirSync(path.join(ROOT, "examples"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join("examples", d.name, "README.md")),
].filter((f) => f.endsWith(".md") && fs.existsSync(path.join(ROOT, f)));

test.each(shipped)("%s cites no section number of the API text and no file users cannot see", (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  expect(text.match(/§\s*\d[^\s,;)]*/g) ?? []).toEqual([]);
  expect(text.match(/[\w./-]*(?:shared\/spec|edge-ingress-api\.md)[\w./-]*/g) ?? []).toEqual([]);
});

/** A repository file the docs name in backticks (`emulator/state/wire.ts`); `x`, `<kind>` and globs are placeholders. */
const REPO_FILE = /`((?:sdk|provider|emulator|runtime|cli|test|generate|scripts|bench|examples|docs)\/[\w./-]+\.(?:ts|js|md|json|sh|yaml))`/g;
const placeholder = (p: string) => /(^|\/)x(\.test)?\.ts$/.test(p);

test.each(shipped)("%s names only repository files that exist", (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const named = [...text.matchAll(REPO_FILE)].map((m) => m[1]).filter((p) => !placeholder(p));
  expect(named.filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
});

/** A repository path the docs write with a kind placeholder (`provider/kinds/<kind>.ts`). */
const KIND_PATH = /`((?:sdk|provider|emulator|runtime|cli|test|generate|bench)\/[\w./-]*<kind>[\w./<>-]*\.ts)`/g;
const KINDS = fs
  .readdirSync(path.join(ROOT, "provider", "kinds"))
  .filter((f) => f.endsWith(".ts") && f !== "index.ts")
  .map((f) => f.slice(0, -3));
const noKindHas = (p: string) => !KINDS.some((kind) => fs.existsSync(path.join(ROOT, p.replaceAll("<kind>", kind))));

test.each(shipped)("%s names only kind paths that exist for some kind", (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  expect([...text.matchAll(KIND_PATH)].map((m) => m[1]).filter(noKindHas)).toEqual([]);
});

test("a kind path no kind has is caught", () => {
  const named = [..."`provider/<kind>.ts` and `provider/kinds/<kind>.ts`".matchAll(KIND_PATH)].map((m) => m[1]);
  expect(named.filter(noKindHas)).toEqual(["provider/<kind>.ts"]);
});

test("a moved file named by the docs is caught", () => {
  const named = [..."see `emulator/routes/api-key.ts` and `emulator/state/x.ts`".matchAll(REPO_FILE)].map((m) => m[1]);
  expect(named.filter((p) => !placeholder(p) && !fs.existsSync(path.join(ROOT, p)))).toEqual(["emulator/routes/api-key.ts"]);
});
