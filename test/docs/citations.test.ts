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
