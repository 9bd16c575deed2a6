/**
 * The exporter's generated projects type-check against the built package (needs dist/) with the stock
 * `pulumi new typescript` tsconfig: a tsc run of about 20 s of CPU, so in the long tier (jest.config.js)
 * rather than beside generate.test.ts's checks of the same plan.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readAccount } from "../../cli/export";
import { generateProject, type AccountSnapshot } from "../../cli/generate";
import { start, type Started } from "../support/emulator";
import { buildAccount, linkInstall, VERSIONS } from "../support/export";
import { REPO_ROOT } from "../../harness/engine";

let started: Started;
let snapshot: AccountSnapshot;

beforeAll(async () => {
  started = await start({ provisioningDelayMs: 0 });
  await buildAccount(started.client);
  ({ snapshot } = await readAccount(started.client));
});
afterAll(async () => {
  await started?.close();
});

test("the generated projects (inline and standalone children) type-check against the built package with the stock `pulumi new typescript` tsconfig", () => {
  // Both projects in one tsc program (one check of @pulumi/pulumi's declarations, not one each), each
  // in its own directory under the install both resolve the package from.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ei-export-tsc-"));
  try {
    const stock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "examples", "quickstart", "tsconfig.json"), "utf8"));
    const programs: string[] = [];
    for (const standaloneChildren of [false, true]) {
      const { files } = generateProject(snapshot, { project: "acct", standaloneChildren, ...VERSIONS });
      // The template's tsconfig, as in examples/: neither esModuleInterop nor skipLibCheck.
      expect(JSON.parse(files["tsconfig.json"])).toEqual(stock);
      const dir = path.join(root, standaloneChildren ? "standalone" : "inline");
      fs.mkdirSync(dir);
      for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content);
      programs.push(path.join(dir, "index.ts"));
    }
    linkInstall(root);
    fs.writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: stock.compilerOptions, files: programs }));
    const tsc = path.join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");
    let out = "";
    try {
      // --listFiles: tsc names every file it checked, so a program left out could not pass unseen.
      out = execFileSync(process.execPath, [tsc, "-p", root, "--noEmit", "--listFiles"], { encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      out = `${(e as { stdout?: string }).stdout ?? ""}${(e as Error).message}`;
    }
    const lines = out.split("\n").filter(Boolean);
    expect(lines.filter((line) => !fs.existsSync(line))).toEqual([]);
    for (const program of programs) expect(lines).toContain(program);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
