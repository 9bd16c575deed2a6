/**
 * The native provider through the real engine from a program in another language (Go, Python) that
 * uses the SDK generated into sdks/: Pulumi's own language host from the shared tools directory runs
 * it, the plugin is an ambient `pulumi-resource-edgeingress` on PATH. Every language's program declares
 * the same resources and reads the same stack config, so one set of tests serves them all:
 *
 * - an allowlist IP policy with inline rules, an IP restriction (`restrictionType`, default `api`), an
 *   API key whose token is exported, an HTTPS edge with an inline route that has a module;
 * - nothing changes after `up` (the program run again through the host, by the preview `up` checks);
 *   `edge-ingress audit` of the stack finds no drift, the inline rules and route managed through their
 *   parents; a field edited by hand shows as `old => new` in `preview --refresh`; changing the
 *   restriction's type replaces it (one `up --refresh` does both); `destroy` leaves the account as it was.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { SECRET_SIG, SIG_KEY } from "../../native/struct";
import { start, type Started } from "../support/emulator";
import { createStack, engineEnv, REPO_ROOT, type TestStack } from "../../harness/engine";
import { auditStacks } from "../support/audit-bin";
import { expectSuccess } from "../support/engine-stack";

/** Pulumi's own language hosts and the Python SDK (`$EI_SHARED_TOOLS`, else `shared/tools` beside the clone). */
export const SHARED_TOOLS = path.resolve(process.env.EI_SHARED_TOOLS ?? path.join(REPO_ROOT, "..", "shared", "tools"));

export interface LanguageProgram {
  /** The project's name, also the hostname's first label. */
  project: string;
  /** Writes the program (Pulumi.yaml and sources) into `dir`. */
  write(dir: string): void;
  /** Environment the language's host needs beyond the plugin on PATH. */
  env(): Record<string, string>;
  /** How long the first `up` may take (a Go program's first build compiles the Pulumi Go SDK). */
  firstUpTimeoutMs: number;
}

export function describeNativeLanguage(program: LanguageProgram): void {
  let emu: Started;
  let stack: TestStack;
  let programDir: string;
  let binDir: string;
  let initial: Record<string, string[]>;

  const urn = (type: string, name: string) => `urn:pulumi:${stack.name}::${program.project}::edgeingress:index:${type}::${name}`;
  const withConfig = () => ["--stack", stack.name, "--non-interactive", "--color=never", "--config-file", stack.configFile];
  const stateOf = async (type: string, name: string) => (await stack.exportState()).resources.find((r) => r.urn === urn(type, name));

  /** Every collection's ids (the root key included), for "as it was". */
  async function accountIds(): Promise<Record<string, string[]>> {
    const { collections } = JSON.parse(await emu.api.snapshot()) as { collections: Record<string, Array<{ id: string }>> };
    return Object.fromEntries(Object.entries(collections).map(([name, records]) => [name, records.map((r) => r.id).sort()]));
  }

  beforeAll(async () => {
    for (const host of ["pulumi-language-go", "pulumi-language-python"])
      if (!fs.existsSync(path.join(SHARED_TOOLS, host))) throw new Error(`${SHARED_TOOLS}/${host} is missing (set EI_SHARED_TOOLS)`);
    emu = await start({ log: emulatorLog(`${program.project} emulator`) });
    registerSecret("emulator root token (the provider's API key)", emu.rootToken);
    initial = await accountIds();
    programDir = fs.mkdtempSync(path.join(os.tmpdir(), `ei-${program.project}-`));
    program.write(programDir);
    // The plugin as a global npm install puts it: a `pulumi-resource-edgeingress` on PATH running dist/.
    const main = path.join(REPO_ROOT, "dist", "native", "main.js");
    if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build`);
    binDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-bin-"));
    const plugin = path.join(binDir, "pulumi-resource-edgeingress");
    fs.writeFileSync(plugin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(main)} "$@"\n`, { mode: 0o755 });
    stack = await createStack({
      programDir,
      linkSelf: false,
      // The language hosts after the plugin and before the CLI's directory.
      env: { ...program.env(), PATH: [binDir, SHARED_TOOLS, engineEnv().PATH].join(path.delimiter) },
      config: {
        "edgeingress:apiKey": { value: emu.rootToken, secret: true },
        "edgeingress:apiUrl": { value: emu.url },
      },
    });
  });

  afterAll(async () => {
    await stack?.remove();
    await emu?.close();
    for (const dir of [programDir, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test(
    "up makes every resource, the token a secret output; nothing changes after",
    async () => {
      // `up` checks `preview --expect-no-changes` after itself (harness/engine.ts): the program run again
      // through the language host finds nothing to change, as a second `up` would.
      expectSuccess(await stack.up());
      const policy = await stateOf("IpPolicy", "office");
      expect(policy?.id).toMatch(/^ipp_/);
      const rules = (await emu.client.ipPolicyRules.list().toArray()).filter((r) => r.ipPolicy.id === policy!.id);
      expect(rules.map((r) => [r.cidr, r.action]).sort()).toEqual([
        ["198.51.100.0/24", "allow"],
        ["203.0.113.0/24", "allow"],
      ]);
      const restriction = await emu.client.ipRestrictions.get((await stateOf("IpRestriction", "api-access"))!.id!);
      expect(restriction).toMatchObject({ type: "api", enforced: true, ipPolicies: [{ id: policy!.id }] });
      const edge = await emu.client.httpsEdges.get((await stateOf("HttpsEdge", "web"))!.id!);
      expect(edge.hostports).toEqual([`${program.project}.example.com:443`]);
      expect(edge.routes.map((r) => [r.matchType, r.match, r.compression])).toEqual([["path_prefix", "/", { enabled: true }]]);

      const token = (await stack.outputs()).outputs.deployToken as string;
      expect(token.length).toBeGreaterThan(10);
      const key = await stateOf("ApiKey", "deploy");
      expect(key?.outputs?.token).toMatchObject({ [SIG_KEY]: SECRET_SIG });
      const state = await stack.exportState();
      expect(state.raw).not.toContain(token);
      expect(state.raw).not.toContain(emu.rootToken);
    },
    program.firstUpTimeoutMs,
  );

  test("edge-ingress audit reads the stack: no drift, its inline rules and route managed", async () => {
    const { code, report } = await auditStacks(stack, ["--stack", stack.name], emu);
    expect(report).toMatchObject({ unmanaged: [], missing: [], notChecked: [], drift: false });
    // The policy, its 2 rules, the restriction, the key, the edge and its route.
    expect(report.stacks.map((s) => [s.name, s.project, s.resources])).toEqual([[stack.name, program.project, 7]]);
    expect(code).toBe(0);
  });

  // One `up --refresh` puts a hand edit back and replaces the restriction whose type changed.
  test("a field edited by hand shows as old => new in preview --refresh; changing IpRestriction.type replaces the restriction; up does both", async () => {
    const id = (await stateOf("IpPolicy", "office"))!.id!;
    const before = (await stateOf("IpRestriction", "api-access"))!.id!;
    await emu.client.ipPolicies.update(id, { description: "edited by hand" });
    const diff = await stack.run(["preview", "--refresh", "--diff", ...withConfig()]);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toMatch(/description\s*:\s*"edited by hand" => "office"/);
    await stack.setConfig("restrictionType", { value: "dashboard" });
    const preview = await stack.preview();
    expect(preview.code).toBe(0);
    // The preview's summary of the resource; the new id after `up` shows the replacement happened.
    expect(preview.ops[urn("IpRestriction", "api-access")]).toContain("replace");
    expectSuccess(await stack.up(["--refresh"]));
    expect((await emu.client.ipPolicies.get(id)).description).toBe("office");
    const after = (await stateOf("IpRestriction", "api-access"))!.id!;
    expect(after).not.toBe(before);
    expect((await emu.client.ipRestrictions.get(after)).type).toBe("dashboard");
    await expect(emu.client.ipRestrictions.get(before)).rejects.toThrow();
  }, 300_000);

  test("destroy leaves the account as it was", async () => {
    expectSuccess(await stack.destroy());
    expect(await accountIds()).toEqual(initial);
  }, 300_000);
}
