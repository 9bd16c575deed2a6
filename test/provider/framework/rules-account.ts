/**
 * Accounts of many IP policy rules for the refresh-by-page tests, and a refresh as the engine runs it,
 * with the emulator's request counters telling what it cost. The rules are written into the emulator's
 * data file with the creation times a test chooses (a rule every few seconds, or a burst within one),
 * ids in the same order, as the service lists them: newest first.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IdGenerator, rfc3339 } from "../../../emulator/state/ids";
import { EdgeIngress } from "../../../sdk";
import type { KindDeclaration } from "../../../provider/framework/kind";
import * as lifecycle from "../../../provider/framework/lifecycle";
import { declarationOf } from "../../../provider/kinds";
import { start, type Started } from "../../support/emulator";

type Props = Record<string, any>;
export interface Entry {
  id: string;
  props: Props;
}
export type ReadResult = Awaited<ReturnType<typeof lifecycle.read>>;

export const RULE = declarationOf("IpPolicyRule");
/** The same kind read one GET each: what every read must equal. */
export const perGet = (decl: KindDeclaration): KindDeclaration => ({ ...decl, refresh: undefined });

const dirs: string[] = [];
const running: Started[] = [];
const clients: EdgeIngress[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(running.map((s) => s.close()));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh client (a fresh provider process's reader). */
export function clientOf(url: string, apiKey: string): EdgeIngress {
  const c = new EdgeIngress({ apiKey, baseURL: url, maxRetries: 0 });
  clients.push(c);
  return c;
}

/** An emulator whose account holds one policy with `count` rules, the i-th (oldest first) made at `madeAt(i)` (ms). */
export async function accountWithRules(count: number, madeAt: (i: number) => number): Promise<{ s: Started; policyId: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-reads-"));
  dirs.push(dir);
  const file = path.join(dir, "data.json");
  const first = await start({ dataFile: file });
  const policy = await first.client.ipPolicies.create({});
  await first.client.ipPolicyRules.create({ ipPolicyId: policy.id, cidr: "10.255.255.255/32", action: "allow" });
  await first.close();
  const data = JSON.parse(fs.readFileSync(file, "utf8"));
  const template = data.collections.ip_policy_rules[0];
  const ids = new IdGenerator();
  data.collections.ip_policy_rules = Array.from({ length: count }, (_, i) => ({
    ...template,
    id: ids.next("ipr"),
    created_at: rfc3339(new Date(madeAt(i))),
    cidr: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}/32`,
    description: `rule ${i}`,
  }));
  fs.writeFileSync(file, JSON.stringify(data));
  const s = await start({ dataFile: file });
  running.push(s);
  return { s, policyId: policy.id };
}

/** The state a stack holds for these rules: what reading them gave, oldest first. */
export async function stateOf(s: Started): Promise<Entry[]> {
  const listed = await s.client.ipPolicyRules.list().toArray();
  return listed.reverse().map((obj) => ({ id: obj.id, props: lifecycle.toOutputs(RULE, obj) }));
}

/**
 * What the engine does at refresh: every entry read, in order, at most `parallel` at a time (through
 * `read`, lifecycle.read by default, or an adapter's entry).
 */
export async function refresh<R = ReadResult>(
  decl: KindDeclaration,
  client: EdgeIngress,
  entries: Entry[],
  parallel = 8,
  staggerMs = 0,
  read: (e: Entry) => Promise<R> = (e) => lifecycle.read(decl, client, e.id, e.props) as Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async (_: unknown, slot: number) => {
    // The engine fills its slots one after another: the slot's first read comes `slot × staggerMs` late.
    if (staggerMs) await new Promise((resolve) => setTimeout(resolve, slot * staggerMs));
    while (next < entries.length) {
      const i = next++;
      results[i] = await read(entries[i]);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

/** Requests the emulator answered on each route since the last reset. */
export async function requests(s: Pick<Started, "api">): Promise<Record<string, number>> {
  const { body } = await s.api.call("GET", "/_emulator/counters");
  return Object.fromEntries(Object.entries(body.routes as Record<string, { requests: number }>).map(([route, c]) => [route, c.requests]));
}
export const resetCounters = (s: Pick<Started, "api">) => s.api.call("DELETE", "/_emulator/counters");
export const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** Every request waits `ms` (the emulator's injected latency; 0 turns it off). */
export const latency = (s: Pick<Started, "api">, ms: number) =>
  s.api.call("PUT", "/_emulator/faults", { json: { latency_ms: [ms, ms], fault_rate: 0, faults: [] } });

/** Reads of the rules, one GET each, on a fresh client; counters reset afterwards. */
export async function byGet(s: Started, entries: Entry[], decl = RULE, url = s.url): Promise<ReadResult[]> {
  const results = await refresh(perGet(decl), clientOf(url, s.rootToken), entries);
  await resetCounters(s);
  return results;
}
