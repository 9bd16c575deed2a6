/**
 * Moving a stack from the dynamic classes to the native provider without touching the account, by the
 * steps docs/native.md gives ("Moving a stack to the native provider"): a TypeScript stack of an IP
 * policy with inline rules, an API key, an HTTPS edge and a route of it is up with the dynamic classes;
 * then, in the same stack, its state is backed up and emptied (`pulumi state delete --all`), the program
 * is replaced by a Pulumi YAML one declaring the same resources with the `import` option (each one's id
 * from the old state), and `pulumi up` imports them. A proxy in front of the emulator refuses every
 * write while the move runs and counts them: none is sent; afterwards the native stack previews with
 * no change and the account holds what it held.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { stringify } from "yaml";
import { REPO_ROOT } from "../../harness/engine";
import { nativeEnv } from "../native/engine";
import { Client } from "../support/emulator";
import { expectSuccess, useEngineStack } from "../support/engine-stack";
import { refusingProxy, type RefusingProxy } from "../support/proxy";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

const RULES = [
  { cidr: "203.0.113.0/24", action: "allow", description: "office" },
  { cidr: "198.51.100.0/24", action: "allow" },
];
const RESOURCES: Res[] = [
  { kind: "IpPolicy", name: "office", args: { description: "office egress", rules: RULES } },
  { kind: "ApiKey", name: "deploy", args: { description: "deploy pipeline" } },
  { kind: "HttpsEdge", name: "web", args: { hostports: ["migrate.example.com:443"], description: "site" } },
  { kind: "HttpsEdgeRoute", name: "site", args: { edgeId: "@web", matchType: "path_prefix", match: "/", compression: { enabled: true } } },
];

const native = nativeEnv();
const fx = useEngineStack<{ resources: Res[] }>(path.join(REPO_ROOT, "harness", "edges"), "edges", {}, { env: native.env });

let proxy: RefusingProxy;
let moving = false;
const writes: string[] = [];
let reads = 0;
let yamlDir: string;
beforeAll(async () => {
  // Every request goes through the proxy; while the move runs, a write is counted and refused.
  proxy = await refusingProxy(
    fx.emulator.url,
    (req) => {
      const write = !["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET");
      if (moving && write) writes.push(`${req.method} ${req.url}`);
      if (moving && !write) reads++;
      return moving && write;
    },
    { status: 403, code: "REFUSED_BY_TEST" },
  );
  await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url });
  yamlDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-migration-"));
});
afterAll(async () => {
  await proxy?.close();
  for (const dir of [yamlDir, native.dir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const flags = () => ["--stack", fx.stack.name, "--non-interactive", "--color=never", "--config-file", fx.stack.configFile];
/** Every record of every collection, for "as it was". */
const account = async () => JSON.parse(await new Client(fx.emulator.url, fx.emulator.rootToken).snapshot()) as unknown;

test("a dynamic stack moves to the native provider with no write to the account, and then previews no change", async () => {
  await fx.setProgram({ resources: RESOURCES });
  expectSuccess(await fx.stack.up([], { diffRemains: "none: the no-change preview after a dynamic up is e2e/contract.test.ts's" }));
  const before = await account();
  const dynamic = (await fx.stack.exportState()).resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"));
  expect(dynamic.map((r) => r.urn.split("::").pop()).sort()).toEqual(["deploy", "office", "site", "web"]);

  moving = true;
  // 1. A backup of the state, which also holds every resource's id (as `pulumi stack --show-ids` lists them).
  const backup = path.join(yamlDir, "dynamic-stack.json");
  expectSuccess(await fx.stack.run(["stack", "export", "--file", backup, "--stack", fx.stack.name, "--non-interactive"]));
  const ids = Object.fromEntries(
    (
      JSON.parse(fs.readFileSync(backup, "utf8")) as { deployment: { resources: Array<{ urn: string; type: string; id?: string }> } }
    ).deployment.resources
      .filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"))
      .map((r) => [r.urn.split("::").pop()!, r.id!]),
  );
  expect(ids.site).toBe(`${ids.web}/${(await fx.client.httpsEdges.get(ids.web)).routes[0].id}`);

  // 2. The stack forgets its resources (the account keeps them).
  expectSuccess(await fx.stack.run(["state", "delete", "--all", "--yes", "--stack", fx.stack.name, "--non-interactive"]));
  expect((await fx.stack.exportState()).resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"))).toEqual([]);

  // 3. The same resources in a native program (Pulumi YAML here), each with the `import` option; `up` reads and adopts them.
  /* eslint-disable no-template-curly-in-string -- Pulumi YAML interpolations, not templates */
  const program = {
    name: "edges",
    runtime: "yaml",
    resources: {
      office: {
        type: "edgeingress:index:IpPolicy",
        properties: { description: "office egress", rules: RULES },
        options: { import: ids.office },
      },
      deploy: { type: "edgeingress:index:ApiKey", properties: { description: "deploy pipeline" }, options: { import: ids.deploy } },
      web: {
        type: "edgeingress:index:HttpsEdge",
        properties: { hostports: ["migrate.example.com:443"], description: "site" },
        options: { import: ids.web },
      },
      site: {
        type: "edgeingress:index:HttpsEdgeRoute",
        properties: { edgeId: "${web.id}", matchType: "path_prefix", match: "/", compression: { enabled: true } },
        options: { import: ids.site },
      },
    },
  };
  /* eslint-enable no-template-curly-in-string -- the rest is TypeScript */
  fs.writeFileSync(path.join(yamlDir, "Pulumi.yaml"), stringify(program));
  const up = await fx.stack.run(["up", "--yes", "--skip-preview", "--cwd", yamlDir, ...flags()]);
  expectSuccess(up);
  expect(up.stdout).toMatch(/= +edgeingress:index:IpPolicy +office +imported/);
  expect(up.stdout).not.toMatch(/\+ +edgeingress:index/);
  expect(writes).toEqual([]);
  expect(proxy.refused).toBe(0);
  // The import went through the proxy: it read what it took over.
  expect(reads).toBeGreaterThan(0);

  // 4. The native stack previews no change, and holds each resource by its old id.
  const preview = await fx.stack.run(["preview", "--expect-no-changes", "--cwd", yamlDir, ...flags()]);
  expectSuccess(preview);
  const state = await fx.stack.exportState();
  const moved = Object.fromEntries(
    state.resources.filter((r) => r.type.startsWith("edgeingress:index:")).map((r) => [r.urn.split("::").pop()!, r.id]),
  );
  expect(moved).toEqual(ids);
  expect(writes).toEqual([]);
  moving = false;
  expect(await account()).toEqual(before);
}, 600_000);
