/**
 * A stack of 200 resources of mixed kinds against an emulator that faults 20 % of requests (429, 503,
 * connection resets after the change was applied, answers that never come), through the provider
 * protocol (stack.ts) on either path: create, a 10 % update (fields and modules) and destroy converge,
 * and the service then holds exactly what the state holds, no duplicates, no orphans.
 *
 * Each phase on each path is a test file of its own (faults-<phase>-<path>.test.ts), so they run at the
 * same time: under faults the provider paces its requests (a 429 slows the account down), and a phase
 * takes minutes of waiting, not of CPU. The create runs under faults from the start. The update and the
 * destroy each start from a stack created with the faults off: the create's test proves that a create
 * under faults leaves exactly what a clean one does (the service holds what the state holds, 200
 * resources), so the phases after it start from the same place either way.
 */
import type { CliResult } from "../../harness/engine";
import { EdgeIngress } from "../../sdk";
import { expectSuccess } from "../support/engine-stack";
import { listAccount } from "../support/kinds";
import { kinds } from "../../provider/kinds";
import { typeOf, type Path } from "./hosts";
import { useProtocolStack } from "./stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

function mixedStack(changed = false): Res[] {
  const rs: Res[] = [];
  // The changed stack touches 10 %: descriptions, and edges losing their IP restriction module.
  for (let i = 0; i < 50; i++)
    rs.push({ kind: "IpPolicy", name: `policy-${i}`, args: { description: changed && i < 10 ? `policy ${i} v2` : `policy ${i}` } });
  for (let i = 0; i < 30; i++)
    rs.push({ kind: "IpRestriction", name: `restriction-${i}`, args: { type: "endpoints", ipPolicyIds: [`@policy-${i}`] } });
  for (let i = 0; i < 30; i++) rs.push({ kind: "TunnelGroupBackend", name: `backend-${i}`, args: { labels: { app: `app-${i}` } } });
  for (let i = 0; i < 30; i++) {
    const guard = changed && i < 10 ? {} : { ipRestriction: { ipPolicyIds: [`@policy-${i}`] } };
    rs.push({
      kind: "TcpEdge",
      name: `edge-${i}`,
      args: { hostports: [`edge-${i}.example.com:${10000 + i}`], backend: { backendId: `@backend-${i}` }, ...guard },
    });
  }
  for (let i = 0; i < 20; i++) rs.push({ kind: "ApiKey", name: `key-${i}`, args: { description: `key ${i}` } });
  for (let i = 0; i < 20; i++)
    rs.push({
      kind: "EventDestination",
      name: `dest-${i}`,
      args: { target: { logs: { logGroupResourceName: `lg-${i}`, auth: { role: { roleResourceName: "r" } } } } },
    });
  for (let i = 0; i < 20; i++) rs.push({ kind: "EventSubscription", name: `sub-${i}`, args: { destinationIds: [`@dest-${i}`] } });
  return rs;
}

/**
 * The emulator and a stack of `mixedStack(changed)` on `path`: the faults on from the start (`faulty`),
 * else off until the test turns them on. `timeoutMs` 2000: unanswered requests give up after 2 s instead of 30.
 */
function useFaultsStack(path: Path, { faulty, changed = false }: { faulty: boolean; changed?: boolean }) {
  const fx = useProtocolStack(path, { faultRate: faulty ? 0.2 : 0, faultSeed: 7 });
  // The checks' own client retries as a user's would (the fixture's retries nothing): a kept-alive
  // connection the emulator closed meanwhile is no finding.
  let client: EdgeIngress | undefined;
  beforeAll(async () => {
    client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: fx.emulator.url });
    await fx.stack.setConfig("edgeingress:timeoutMs", { value: "2000" });
    await fx.setProgram({ resources: mixedStack(changed) });
  });
  afterAll(() => client?.close());
  return {
    path,
    stack: fx.stack,
    setProgram: fx.setProgram,
    get client() {
      return client!;
    },
  };
}
type Fixture = ReturnType<typeof useFaultsStack>;

const FAULTS_ON = { latency_ms: [0, 0], fault_rate: 0.2, faults: ["429", "503", "reset", "timeout"] };
const FAULTS_OFF = { latency_ms: [0, 0], fault_rate: 0, faults: ["429"] };

/**
 * Runs a command; a second run is allowed only after an error the command reported (the user would re-run).
 * A successful up() has also passed `preview --expect-no-changes`, with the faults still on.
 */
async function converge(run: () => Promise<CliResult>): Promise<number> {
  let result = await run();
  if (result.code === 0) return 1;
  expect(result.stdout + result.stderr).toMatch(/error: /);
  result = await run();
  expectSuccess(result);
  return 2;
}

/** With faults off: the service holds exactly the resources the state holds, kind by kind (every kind of the provider). */
async function expectServiceMatchesState(fx: Fixture): Promise<number> {
  await fx.client.put("/_emulator/faults", { body: FAULTS_OFF });
  const state = await fx.stack.exportState();
  for (const [kind, decl] of Object.entries(kinds)) {
    const inState = state.resources
      .filter((r) => r.type === typeOf(fx.path, kind))
      .map((r) => r.id)
      .sort();
    const inService = (await listAccount(fx.client, decl)).map((r) => r.id as string).sort();
    expect({ kind, ids: inService }).toEqual({ kind, ids: inState });
  }
  return state.resources.filter((r) => r.custom && !r.type.startsWith("pulumi:providers:")).length;
}

/** The create, with the faults on from the stack's first request. */
export function createSuite(path: Path): void {
  const fx = useFaultsStack(path, { faulty: true });
  test("up converges under 20 % faults; the service holds exactly what the state holds", async () => {
    const runs = await converge(() => fx.stack.up());
    const counters = await fx.client.get<{ totals: { requests: number; faults: Record<string, number> } }>("/_emulator/counters");
    console.log(`create (${path}): faults injected in ${runs} run(s): ${JSON.stringify(counters.totals)}`);
    // The run really met every kind of fault.
    for (const kind of ["429", "503", "reset", "timeout"]) expect(counters.totals.faults[kind]).toBeGreaterThan(0);
    expect(await expectServiceMatchesState(fx)).toBe(200);
  }, 900_000);
}

/** The stack's resources created with the faults off: the service then holds what the state holds, 200 resources. */
const createdClean = (fx: Fixture) => async () => {
  expectSuccess(await fx.stack.up());
  expect(await expectServiceMatchesState(fx)).toBe(200);
};

/** The update, from a stack created with the faults off. */
export function updateSuite(path: Path): void {
  const fx = useFaultsStack(path, { faulty: false });
  beforeAll(createdClean(fx), 900_000);
  test("an update touching 10 % (fields and modules) converges under faults, with no diff left", async () => {
    await fx.setProgram({ resources: mixedStack(true) });
    await fx.client.put("/_emulator/faults", { body: FAULTS_ON });
    await converge(() => fx.stack.up());
    expect(await expectServiceMatchesState(fx)).toBe(200);
    const edges = await fx.client.tcpEdges.list().toArray();
    expect(edges.filter((e) => e.ipRestriction === null)).toHaveLength(10);
  }, 900_000);
}

/** The destroy, from a stack of the updated resources created with the faults off. */
export function destroySuite(path: Path): void {
  const fx = useFaultsStack(path, { faulty: false, changed: true });
  beforeAll(createdClean(fx), 900_000);
  test("destroy under faults leaves the service empty", async () => {
    await fx.client.put("/_emulator/faults", { body: FAULTS_ON });
    await converge(() => fx.stack.destroy());
    expect(await expectServiceMatchesState(fx)).toBe(0);
  }, 900_000);
}
