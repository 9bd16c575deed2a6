/**
 * Removing a kind is derived (issue 26): in a copy of the repository without TunnelCredential's three
 * modules (and the extension rows that name its routes), one `npm run generate` succeeds although the
 * committed indexes still import the removed modules, deletes the kind's generated class, leaves no
 * index or reference naming it, and leaves nothing stale.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../../generate";

const REMOVED = ["sdk/resources/tunnel-credential.ts", "emulator/state/tunnel-credential.ts", "provider/kinds/tunnel-credential.ts"];
const NAMES = /tunnel-credential|TunnelCredential|tunnelCredentials|"\/credentials/;

/** The tracked files of the repository (as committed or edited), copied; node_modules linked. */
function copyRepository(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remove-kind-"));
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(ROOT, file))) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

test("removing a kind's modules and running `npm run generate` once removes it from everything generated", () => {
  const dir = copyRepository();
  try {
    for (const file of REMOVED) fs.rmSync(path.join(dir, file));
    const choices = path.join(dir, "docs", "api-choices.md");
    const rows = fs.readFileSync(choices, "utf8").split("\n");
    fs.writeFileSync(choices, rows.filter((line) => !line.includes("`/credentials")).join("\n"));
    const indexes = ["sdk/resources/index.ts", "emulator/state/index.ts", "emulator/routes/index.ts", "provider/kinds/index.ts"];
    for (const index of indexes) expect(fs.readFileSync(path.join(dir, index), "utf8")).toMatch(NAMES);

    execFileSync("npm", ["run", "--silent", "generate"], { cwd: dir, stdio: "pipe" });

    expect(fs.existsSync(path.join(dir, "provider/resources/tunnel-credential.ts"))).toBe(false);
    const generated = [
      ...indexes,
      "provider/resources/index.ts",
      "sdk/resource-classes.ts",
      "sdk/core/id-prefixes.ts",
      "sdk/types.ts",
      "docs/api.md",
      "docs/reference.md",
    ];
    expect(generated.filter((file) => NAMES.test(fs.readFileSync(path.join(dir, file), "utf8")))).toEqual([]);
    execFileSync("npm", ["run", "--silent", "generate", "--", "--check"], { cwd: dir, stdio: "pipe" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 600_000);
