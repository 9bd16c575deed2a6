/**
 * Letting go of imported resources (docs/native.md "Letting go of imported resources"), with exactly the
 * commands the docs give, through the real engine and a Pulumi YAML program of the native provider: an
 * account made by hand (a tunnel-group backend, an HTTPS edge whose route sends to it, an IP policy) is
 * imported with `pulumi import` (the backend first, then the rest), which protects each resource,
 * records no dependency and writes the backend's id as a literal. The policy is then let go and stays in
 * the account; the rest is deleted through the program, the route before the backend it uses.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { emulatorLog, registerSecret } from "../../harness/audit";
import { start, type Started } from "../support/emulator";
import { type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { createNativeStack } from "../native/engine";

const PROJECT = "shop";
let emu: Started;
let stack: TestStack;
let programDir: string;
let binDir: string;
const ids = { backend: "", edge: "", route: "", policy: "" };

beforeAll(async () => {
  emu = await start({ provisioningDelayMs: 0, log: emulatorLog("native-let-go emulator") });
  registerSecret("emulator root token (the provider's API key)", emu.rootToken);
  const c = emu.client;
  ids.backend = (await c.tunnelGroupBackends.create({ labels: { app: "shop" }, description: "shop tunnels" })).id;
  ids.edge = (await c.httpsEdges.create({ hostports: ["shop.example.com:443"], description: "shop" })).id;
  const route = await c.httpsEdgeRoutes.create(ids.edge, { matchType: "path_prefix", match: "/", backend: { backendId: ids.backend } });
  ids.route = `${ids.edge}/${route.id}`;
  ids.policy = (await c.ipPolicies.create({ description: "office" })).id;
  programDir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-native-let-go-"));
  fs.writeFileSync(path.join(programDir, "Pulumi.yaml"), stringify({ name: PROJECT, runtime: "yaml" }));
  ({ stack, binDir } = await createNativeStack(programDir, emu));
});

afterAll(async () => {
  await stack?.remove();
  await emu?.close();
  for (const dir of [programDir, binDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const urn = (type: string, name: string) => `urn:pulumi:${stack.name}::${PROJECT}::edgeingress:index:${type}::${name}`;
const cli = async (args: string[]) =>
  expectSuccess(await stack.run([...args, "--stack", stack.name, "--non-interactive", "--color=never"]));
const config = () => ["--config-file", stack.configFile];
/** The account's ids of the four resources, present or not. */
async function inAccount(): Promise<Record<keyof typeof ids, boolean>> {
  const c = emu.client;
  const exists = (get: () => Promise<unknown>) =>
    get().then(
      () => true,
      () => false,
    );
  return {
    backend: await exists(() => c.tunnelGroupBackends.get(ids.backend)),
    edge: await exists(() => c.httpsEdges.get(ids.edge)),
    route: await exists(() => c.httpsEdgeRoutes.get(ids.edge, ids.route.split("/")[1])),
    policy: await exists(() => c.ipPolicies.get(ids.policy)),
  };
}

type Program = { name: string; runtime: string; resources: Record<string, { type: string; properties: any; options?: any }> };
const programFile = () => path.join(programDir, "Pulumi.yaml");
const readProgram = () => parse(fs.readFileSync(programFile(), "utf8")) as Program;
const writeProgram = (program: Program) => fs.writeFileSync(programFile(), stringify(program));

test("pulumi import protects each resource, records no dependency, and writes the id of a resource imported before as a literal", async () => {
  const out = (name: string) => path.join(programDir, `${name}.yaml`);
  // The backend first, as a team takes over one thing at a time; then the rest in one file.
  await cli(["import", "edgeingress:index:TunnelGroupBackend", "backend", ids.backend, "--out", out("backend"), "--yes", ...config()]);
  const file = path.join(programDir, "import.json");
  fs.writeFileSync(
    file,
    JSON.stringify({
      resources: [
        { type: "edgeingress:index:HttpsEdge", name: "edge", id: ids.edge },
        { type: "edgeingress:index:HttpsEdgeRoute", name: "route", id: ids.route },
        { type: "edgeingress:index:IpPolicy", name: "office", id: ids.policy },
      ],
    }),
  );
  await cli(["import", "--file", file, "--out", out("rest"), "--yes", ...config()]);
  const state = (await stack.exportState()).resources.filter((r) => r.type.startsWith("edgeingress:index:"));
  expect(Object.fromEntries(state.map((r) => [r.id, [r.protect, r.dependencies ?? []]]))).toEqual({
    [ids.backend]: [true, []],
    [ids.edge]: [true, []],
    [ids.route]: [true, []],
    [ids.policy]: [true, []],
  });
  // The program declares what was imported (the docs' "copy it into the program").
  const imported = [out("backend"), out("rest")].map((f) => (parse(fs.readFileSync(f, "utf8")) as Program).resources);
  const resources = Object.assign({}, ...imported) as Program["resources"];
  const route = resources.route;
  expect(route.options).toMatchObject({ protect: true });
  // eslint-disable-next-line no-template-curly-in-string -- a Pulumi YAML interpolation, not a template
  expect(route.properties.edgeId).toBe("${edge.id}");
  expect(route.properties.backend).toEqual({ backendId: ids.backend });
  writeProgram({ name: PROJECT, runtime: "yaml", resources });
}, 300_000);

test("letting go of one: unprotect, state delete, out of the program; the account keeps it and the preview is empty", async () => {
  await cli(["state", "unprotect", urn("IpPolicy", "office"), "--yes"]);
  await cli(["state", "delete", urn("IpPolicy", "office"), "--yes"]);
  const program = readProgram();
  delete program.resources.office;
  writeProgram(program);
  const preview = await stack.preview({ expectNoChanges: true });
  expect(preview.noChanges).toBe(true);
  expect((await stack.exportState()).resources.map((r) => r.id)).not.toContain(ids.policy);
  expect(await inAccount()).toEqual({ backend: true, edge: true, route: true, policy: true });
}, 300_000);

test("deleting the rest: no protect and a reference in the program, up, then destroy deletes the route before its backend", async () => {
  const program = readProgram();
  for (const r of Object.values(program.resources)) delete r.options?.protect;
  // eslint-disable-next-line no-template-curly-in-string -- a Pulumi YAML interpolation, not a template
  program.resources.route.properties.backend.backendId = "${backend.id}";
  writeProgram(program);
  await emu.client.request({ method: "DELETE", path: "/_emulator/counters" });
  await cli(["up", "--yes", ...config()]);
  const counters = await emu.client.request<{ routes: Record<string, unknown> }>({ method: "GET", path: "/_emulator/counters" });
  expect(Object.keys(counters.routes).filter((route) => !route.startsWith("GET "))).toEqual([]);
  const state = (await stack.exportState()).resources;
  expect(Object.fromEntries(state.filter((r) => r.type.startsWith("edgeingress:index:")).map((r) => [r.id, r.protect ?? false]))).toEqual({
    [ids.backend]: false,
    [ids.edge]: false,
    [ids.route]: false,
  });
  expect(state.find((r) => r.id === ids.route)?.dependencies).toEqual(
    expect.arrayContaining([urn("TunnelGroupBackend", "backend"), urn("HttpsEdge", "edge")]),
  );
  await cli(["destroy", "--yes", ...config()]);
  expect(await inAccount()).toEqual({ backend: false, edge: false, route: false, policy: true });
  expect((await stack.exportState()).resources.filter((r) => r.type.startsWith("edgeingress:"))).toEqual([]);
}, 300_000);
