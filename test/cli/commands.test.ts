/**
 * The command table of `edge-ingress` (cli/commands.ts): dispatch by name, `--help` from the table, and
 * a failure a command did not handle reported under that command's name with its exit code.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { COMMANDS, main, type Command } from "../../cli/commands";
import type { CliIo } from "../../cli/io";
import { start, type Started } from "../support/emulator";

async function run(argv: string[], env: NodeJS.ProcessEnv = {}, commands?: readonly Command[], cwd = os.tmpdir()) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = { env, cwd, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) };
  const code = await main(argv, io, commands);
  return { code, stdout, stderr };
}

describe("edge-ingress dispatch", () => {
  test("--help lists every command of the table with its summary, then each command's usage", async () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(["export", "audit", "review"]);
    for (const flag of ["--help", "-h", "help"]) {
      const result = await run([flag]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      for (const c of COMMANDS) {
        expect(result.stdout).toMatch(new RegExp(`^ {2}${c.name} +${c.summary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
        expect(result.stdout).toContain(c.usage);
      }
    }
  });

  test("a command's --help is its own usage only", async () => {
    const result = await run(["audit", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: edge-ingress audit");
    expect(result.stdout).not.toContain("Usage: edge-ingress export");
    const exported = await run(["export", "--help"]);
    expect(exported.stdout).toMatch(/^Usage: edge-ingress export .*--no-retain.*--standalone-children/);
    expect(exported.stdout).not.toContain("Usage: edge-ingress audit");
  });

  test("an unknown or missing command exits 2 and names the commands", async () => {
    expect(await run(["exprot"])).toEqual({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining('unknown command "exprot" (commands: export, audit'),
    });
    expect(await run([])).toEqual({ code: 2, stdout: "", stderr: expect.stringContaining("a command is required") });
  });

  test("a failure a command did not handle names that command and exits with its code", async () => {
    const table: Command[] = [
      ...COMMANDS,
      {
        name: "explode",
        summary: "fails",
        usage: "Usage: edge-ingress explode",
        failed: 7,
        run: () => Promise.reject(new Error("boom")),
      },
    ];
    expect(await run(["explode", "x"], {}, table)).toEqual({ code: 7, stdout: "", stderr: "edge-ingress explode: boom\n" });
    // The audit's own code for a failure it did not handle: it read nothing it could vouch for.
    expect(COMMANDS.find((c) => c.name === "audit")!.failed).toBe(3);
  });

  describe("against an emulator", () => {
    let started: Started;
    let tmp: string;
    beforeAll(async () => {
      started = await start({ provisioningDelayMs: 0 });
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-cli-"));
    });
    afterAll(async () => {
      await started?.close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    test("an export that fails is reported as the export's failure (exit 1), not as another command's", async () => {
      const result = await run(
        ["export", "--out", "never"],
        { EDGE_INGRESS_API_KEY: "not-a-key", EDGE_INGRESS_API_URL: started.url },
        undefined,
        tmp,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^edge-ingress export: /);
      expect(result.stderr).not.toContain("not-a-key");
      expect(fs.existsSync(path.join(tmp, "never"))).toBe(false);
    });

    test("export writes inline children and retainOnDelete by default; --standalone-children and --no-retain change each", async () => {
      const env = { EDGE_INGRESS_API_KEY: started.rootToken, EDGE_INGRESS_API_URL: started.url };
      const policy = await started.client.ipPolicies.create({ description: "office" });
      await started.client.ipPolicyRules.create({ ipPolicyId: policy.id, cidr: "192.0.2.0/24", action: "allow" });
      const byDefault = await run(["export", "--out", "default"], env, undefined, tmp);
      expect(byDefault).toMatchObject({ code: 0, stderr: "" });
      expect(byDefault.stdout).toMatch(/: 1 resource\(s\) to adopt \(and 1 child\(ren\) inline on their parent\)/);
      const program = fs.readFileSync(path.join(tmp, "default", "index.ts"), "utf8");
      expect(program).toContain(`rules: [\n    {\n      cidr: "192.0.2.0/24",`);
      expect(program).toMatch(/\n\}, \{ retainOnDelete: true \}\);\n/);
      expect(program).not.toContain("IpPolicyRule");

      const other = await run(["export", "--out", "other", "--standalone-children", "--no-retain"], env, undefined, tmp);
      expect(other.code).toBe(0);
      const standalone = fs.readFileSync(path.join(tmp, "other", "index.ts"), "utf8");
      expect([...standalone.matchAll(/new ei\.(\w+)\(/g)].map((m) => m[1])).toEqual(["IpPolicy", "IpPolicyRule"]);
      expect(standalone).not.toContain("rules:");
      expect(standalone).not.toContain("retainOnDelete");
    });

    test("--native writes each language's project with import options (the package's own schema); an unknown language is bad usage", async () => {
      const env = { EDGE_INGRESS_API_KEY: started.rootToken, EDGE_INGRESS_API_URL: started.url };
      const files = {
        yaml: ["Pulumi.yaml"],
        go: ["Pulumi.yaml", "go.mod", "main.go"],
        python: ["Pulumi.yaml", "__main__.py", "requirements.txt"],
      };
      for (const [language, names] of Object.entries(files)) {
        const result = await run(["export", "--out", `native-${language}`, "--native", language], env, undefined, tmp);
        expect(result).toMatchObject({ code: 0, stderr: "" });
        expect(result.stdout).toMatch(/resource\(s\) to import/);
        for (const name of [...names, "README.md"]) expect(fs.existsSync(path.join(tmp, `native-${language}`, name))).toBe(true);
      }
      expect(fs.readFileSync(path.join(tmp, "native-yaml", "Pulumi.yaml"), "utf8")).toMatch(/type: edgeingress:index:IpPolicy\n/);
      expect(fs.readFileSync(path.join(tmp, "native-go", "main.go"), "utf8")).toContain("pulumi.Import(pulumi.ID(");
      expect(fs.readFileSync(path.join(tmp, "native-python", "__main__.py"), "utf8")).toContain("opts=pulumi.ResourceOptions(import_=");
      const bad = await run(["export", "--out", "bad", "--native", "cobol"], env, undefined, tmp);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--native must be one of yaml, go, python \(got "cobol"\)/);
      expect(fs.existsSync(path.join(tmp, "bad"))).toBe(false);
    });
  });
});
