/**
 * `edge-ingress export` end to end: an account built by hand with every adoptable kind is exported by
 * the bin (dist/cli), and the generated program runs through the real engine. Its first `up` takes
 * everything over with reads only (owned children inline on their parents), the account is unchanged,
 * a second preview shows no changes, and `destroy` leaves every adopted original in the account.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readAccount } from "../../cli/export";
import type { RunningEmulator } from "../../emulator";
import { start, type Started } from "../support/emulator";
import { EdgeIngress } from "../../sdk";
import { buildAccount, linkInstall, type BuiltAccount } from "../support/export";
import { REPO_ROOT, createStack, runCommand, type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { TRANSPILE_ONLY } from "../support/package-install";

const BIN = path.join(REPO_ROOT, "dist", "cli", "index.js");

let started: Started;
let emulator: RunningEmulator;
let client: EdgeIngress;
let account: BuiltAccount;
let tmp: string;

beforeAll(async () => {
  started = await start({ provisioningDelayMs: 0 });
  ({ emulator, client } = started);
  account = await buildAccount(client);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-export-"));
});
afterAll(async () => {
  await started?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const exportTo = (
  out: string,
  args: string[] = [],
  env: Record<string, string> = { EDGE_INGRESS_API_KEY: emulator.rootToken, EDGE_INGRESS_API_URL: emulator.url },
) =>
  runCommand(process.execPath, [BIN, "export", "--out", out, ...args], {
    cwd: tmp,
    env: { ...process.env, EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "", ...env },
  });

/** `pulumi config set --secret <key>   # <path> of <Kind> "<name>" (<id>)` lines of the generated README. */
function secretConfigLines(readme: string): Array<{ key: string; path: string; id: string }> {
  return [...readme.matchAll(/^pulumi config set --secret (\S+)\s+# (\S+) of \w+ "[^"]*" \(([^)]+)\)$/gm)].map(([, key, p, id]) => ({
    key,
    path: p,
    id,
  }));
}

const writeRequests = (counters: { routes: Record<string, unknown> }) =>
  Object.keys(counters.routes).filter((route) => !route.startsWith("GET "));

describe("edge-ingress export", () => {
  test("the generated program adopts the whole account: the first up only reads, the account is unchanged, a second preview shows no changes, destroy deletes nothing", async () => {
    const before = await readAccount(client);
    const out = path.join(tmp, "acct");
    const result = await exportTo(out, ["--project", "acct"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const children = ["IpPolicyRule", "HttpsEdgeRoute", "EventSource"].reduce((n, kind) => n + before.snapshot[kind]!.length, 0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Wrote .*acct: \\d+ resource\\(s\\) to adopt \\(and ${children} child\\(ren\\) inline on their parent\\), 6 credential\\(s\\) to set as secret config, 1 not declared`,
      ),
    );
    expect(fs.readdirSync(out).sort()).toEqual([".gitignore", "Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);
    const ours = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));
    expect(JSON.parse(fs.readFileSync(path.join(out, "package.json"), "utf8")).dependencies).toEqual({
      "@edge-ingress/pulumi": `^${ours.version}`,
      "@pulumi/pulumi": ours.peerDependencies["@pulumi/pulumi"],
    });
    // A second export into the same place does not overwrite it.
    expect(await exportTo(out)).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exist.*--force/) });

    const lines = secretConfigLines(fs.readFileSync(path.join(out, "README.md"), "utf8"));
    expect(lines.map((l) => `${l.id} ${l.path}`).sort()).toEqual(
      [...account.credentials].flatMap(([id, paths]) => Object.keys(paths).map((p) => `${id} ${p}`)).sort(),
    );

    linkInstall(out);
    let stack: TestStack | undefined;
    try {
      stack = await createStack({
        programDir: out,
        // The project has its own node_modules, as after `npm install`.
        linkSelf: false,
        config: {
          "edgeingress:apiKey": { value: emulator.rootToken, secret: true },
          "edgeingress:apiUrl": { value: emulator.url },
          ...Object.fromEntries(lines.map((l) => [l.key, { value: account.credentials.get(l.id)![l.path], secret: true }])),
        },
        // The generated program is type-checked by test/cli/generate.test.ts; here its commands only transpile it.
        env: { ...TRANSPILE_ONLY, EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "" },
        // The no-change preview is the one below, which also checks that it prints no warning.
        checkNoChangesAfterUp: false,
      });
      await client.request({ method: "DELETE", path: "/_emulator/counters" });
      const up = await stack.up();
      expectSuccess(up);
      const counters = await client.request<{ routes: Record<string, unknown>; totals: { requests: number } }>({
        method: "GET",
        path: "/_emulator/counters",
      });
      expect(writeRequests(counters)).toEqual([]);
      expect(counters.totals.requests).toBeGreaterThan(0);
      expect(await readAccount(client)).toEqual(before);

      const state = await stack.exportState();
      const adopted = state.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/edgeingress:"));
      // Every listed resource but the domain's issued certificate, under the id the program adopts.
      const adoptIds = [...fs.readFileSync(path.join(out, "index.ts"), "utf8").matchAll(/^ {2}adopt: "([^"]+)",$/gm)].map((m) => m[1]);
      // Children are inline on their parent: adopted with it, not declared.
      expect(adoptIds).toHaveLength(Object.values(before.snapshot).reduce((n, list) => n + (list?.length ?? 0), 0) - 1 - children);
      expect(adopted.map((r) => r.id).sort()).toEqual(adoptIds.sort());
      for (const paths of account.credentials.values())
        for (const value of Object.values(paths)) expect(state.raw).not.toContain(value.split("\n")[1] ?? value);

      const preview = await stack.preview({ expectNoChanges: true });
      expect({ code: preview.code, noChanges: preview.noChanges, stderr: preview.stderr }).toEqual({
        code: 0,
        noChanges: true,
        stderr: "",
      });

      // Adopted with retainOnDelete: destroy empties the stack and sends no write; the originals stay.
      await client.request({ method: "DELETE", path: "/_emulator/counters" });
      expectSuccess(await stack.destroy());
      const afterDestroy = await client.request<{ routes: Record<string, unknown> }>({ method: "GET", path: "/_emulator/counters" });
      expect(writeRequests(afterDestroy)).toEqual([]);
      expect(await readAccount(client)).toEqual(before);
      expect((await stack.exportState()).resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/edgeingress:"))).toEqual([]);
    } finally {
      await stack?.remove();
    }
  }, 300_000); // up, preview and destroy of about 40 resources: longer than one command

  test("the API key comes from the environment only: a flag for it is refused, and a missing one names the variable", async () => {
    const out = path.join(tmp, "never");
    const flag = await exportTo(out, ["--api-key", "ak_secret"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/Unknown option '--api-key'/);
    const missing = await exportTo(out, [], { EDGE_INGRESS_API_URL: emulator.url });
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining("set EDGE_INGRESS_API_KEY") });
    const wrong = await exportTo(out, [], { EDGE_INGRESS_API_KEY: "not-a-key", EDGE_INGRESS_API_URL: emulator.url });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).not.toContain("not-a-key");
    expect(fs.existsSync(out)).toBe(false);
  });
});
