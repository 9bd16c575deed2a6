/**
 * What the npm tarball holds: the product, not the tools that write its docs. The reference renderers and
 * their tables live in generate/, which is not compiled into dist/ (docs/design.md, "Layers").
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { packedTarball, removeInstalls } from "../support/package-install";

/** Names only the reference renderers and their tables use. */
const REFERENCE_NAMES = ["renderApiReference", "renderReference", "REFERENCES_BY_RESOURCE", "referencesByResource", "exampleBodies"];

describe("the packed tarball", () => {
  let dir: string;
  let files: string[];

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-tarball-"));
    execFileSync("tar", ["-xzf", tarball, "-C", dir]);
    files = fs.readdirSync(path.join(dir, "package"), { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/"));
  }, 300_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    removeInstalls();
  });

  test("ships the compiled product and no generator: no generate/ and no reference module in dist/", () => {
    expect(files).toEqual(
      expect.arrayContaining(["dist/index.js", "dist/sdk/index.js", "dist/emulator/index.js", "dist/runtime/index.js"]),
    );
    expect(files.filter((f) => /^dist\/generate\/|(^|\/)[\w-]*reference\.(js|d\.ts)$/.test(f))).toEqual([]);
  });

  test("no compiled file holds the reference renderers or their tables", () => {
    const compiled = files.filter((f) => f.startsWith("dist/") && /\.(js|d\.ts)$/.test(f));
    const holding = compiled.flatMap((f) => {
      const text = fs.readFileSync(path.join(dir, "package", f), "utf8");
      return REFERENCE_NAMES.filter((name) => text.includes(name)).map((name) => `${f}: ${name}`);
    });
    expect(holding).toEqual([]);
  });
});
