/**
 * The schema passes the Pulumi CLI's own checks, and the SDKs in sdks/ are what it generates from the
 * committed schema: `pulumi package gen-sdk` (which asks Pulumi's own language hosts, from the shared
 * tools directory) writes Node.js, Go and Python SDKs without error, and scripts/sdks.sh --check finds
 * the committed Go and Python SDKs current. Every kind is a resource of each SDK under the names
 * docs/reference.md gives.
 */
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ROOT } from "../../generate";
import { kinds } from "../../provider/kinds";
import { engineEnv } from "../support/engine";

const SHARED_TOOLS = path.resolve(process.env.EI_SHARED_TOOLS ?? path.join(ROOT, "..", "shared", "tools"));
const env = () => ({
  ...engineEnv({ linkSelf: false }),
  EI_SHARED_TOOLS: SHARED_TOOLS,
  PATH: [SHARED_TOOLS, engineEnv().PATH].join(path.delimiter),
});

test("pulumi package gen-sdk writes a Node.js SDK from the schema without error", () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "ei-gen-sdk-"));
  try {
    const result = spawnSync(
      "pulumi",
      ["package", "gen-sdk", path.join(ROOT, "native", "schema.json"), "--language", "nodejs", "--out", out],
      {
        env: { ...env(), PULUMI_HOME: out },
        encoding: "utf8",
      },
    );
    expect([result.status, result.stderr]).toEqual([0, expect.not.stringMatching(/error/i)]);
    expect(fs.existsSync(path.join(out, "nodejs", "ipPolicy.ts"))).toBe(true);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}, 120_000);

test("the committed Go and Python SDKs are what gen-sdk writes from the committed schema (scripts/sdks.sh --check)", () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "ei-gen-sdk-home-"));
  try {
    execFileSync("bash", [path.join(ROOT, "scripts", "sdks.sh"), "--check"], { env: { ...env(), PULUMI_HOME: home }, stdio: "pipe" });
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}, 180_000);

test("every kind is a resource of the Go and Python SDKs, by the names docs/reference.md gives", () => {
  const reference = fs.readFileSync(path.join(ROOT, "docs", "reference.md"), "utf8");
  const python = fs.readFileSync(path.join(ROOT, "sdks", "python", "edge_ingress_pulumi", "__init__.py"), "utf8");
  const goFiles = fs
    .readdirSync(path.join(ROOT, "sdks", "go", "edgeingress"))
    .filter((f) => f.endsWith(".go"))
    .map((f) => fs.readFileSync(path.join(ROOT, "sdks", "go", "edgeingress", f), "utf8"))
    .join("\n");
  for (const { name } of Object.values(kinds)) {
    expect(reference).toContain(`edgeingress.New${name}(ctx, name, &edgeingress.${name}Args{…})`);
    expect(reference).toContain(`edge_ingress_pulumi.${name}(name, …)`);
    expect(goFiles).toContain(`func New${name}(ctx *pulumi.Context,`);
    const module = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    expect(python).toContain(`from .${module} import *`);
    expect(fs.readFileSync(path.join(ROOT, "sdks", "python", "edge_ingress_pulumi", `${module}.py`), "utf8")).toContain(
      `class ${name}(pulumi.CustomResource):`,
    );
  }
});
