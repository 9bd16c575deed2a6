/**
 * A parent that owns all its children (provider/framework/children.ts): an IP policy's inline `rules`,
 * an event subscription's inline `sources` and an HTTPS edge's inline `routes`, through the runtime as
 * the engine calls it, against the emulator.
 */
import { refusingProxy } from "../support/proxy";
import * as http from "node:http";
import { EdgeIngress } from "../../sdk";
import * as lifecycle from "../../provider/framework/lifecycle";
import { declarationOf } from "../../provider/kinds";
import { useRuntime } from "./runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
type Props = Record<string, any>;

/** The policy's rules in the service, as `cidr action description metadata`, sorted. */
async function serviceRules(policyId: string): Promise<string[]> {
  const all = await fx.client.ipPolicyRules.list().toArray();
  return all
    .filter((r) => r.ipPolicy.id === policyId)
    .map((r) => `${r.cidr} ${r.action} ${r.description} ${r.metadata}`.trim())
    .sort();
}

const admin = (method: string) =>
  fetch(`${fx.emulator.url}/_emulator/counters`, { method, headers: { authorization: `Bearer ${fx.emulator.rootToken}` } });
const resetCounters = async () => void (await admin("DELETE"));

async function requests(): Promise<Record<string, number>> {
  const body = (await (await admin("GET")).json()) as any;
  return Object.fromEntries(Object.entries(body.routes as Record<string, { requests: number }>).map(([route, c]) => [route, c.requests]));
}

/** check, then create, as the engine would; fails on check failures. */
async function up(inputs: Props, kind = "IpPolicy"): Promise<{ id: string; outs: Props }> {
  const checked = await fx.runtime.check(kind, {}, inputs);
  expect(checked.failures).toEqual([]);
  const created = await fx.runtime.create(kind, inputs);
  return { id: created.id!, outs: created.outs! };
}

/** diff, then update when it says so, as the engine would. */
async function converge(id: string, olds: Props, news: Props, kind = "IpPolicy"): Promise<Props> {
  const diff = await fx.runtime.diff(kind, id, olds, news);
  expect(diff.replaces ?? []).toEqual([]);
  if (!diff.changes) return olds;
  return (await fx.runtime.update(kind, id, olds, news)).outs!;
}

const rule = (cidr: string, action = "allow", description?: string) => ({
  cidr,
  action,
  ...(description === undefined ? {} : { description }),
});

describe("IpPolicy inline rules", () => {
  test("create makes the policy, then each rule; outputs list them in the declared order with their ids; no diff after", async () => {
    const rules = [rule("203.0.113.0/24", "allow", "office"), rule("2001:DB8:0::/32", "deny"), rule("198.51.100.7/32")];
    const { id, outs } = await up({ ...P, description: "allowlist", rules });
    expect(await serviceRules(id)).toEqual(["198.51.100.7/32 allow", "2001:db8::/32 deny", "203.0.113.0/24 allow office"]);
    expect(outs.rules).toEqual([
      { cidr: "203.0.113.0/24", action: "allow", description: "office", metadata: "" },
      { cidr: "2001:db8::/32", action: "deny", description: "", metadata: "" },
      { cidr: "198.51.100.7/32", action: "allow", description: "", metadata: "" },
    ]);
    expect(outs.ruleIds).toHaveLength(3);
    for (const [i, ruleId] of (outs.ruleIds as string[]).entries())
      expect((await fx.client.ipPolicyRules.get(ruleId)).cidr).toBe(outs.rules[i].cidr);
    // The IPv6 block was declared in another spelling: the same block, no diff; nor after a refresh.
    expect((await fx.runtime.diff("IpPolicy", id, outs, { ...P, description: "allowlist", rules })).changes).toBe(false);
    const read = await fx.runtime.read("IpPolicy", id, outs);
    expect(read.props).toEqual(outs);
    expect((await fx.runtime.diff("IpPolicy", id, read.props!, { ...P, description: "allowlist", rules })).changes).toBe(false);
  });

  test("update adds, removes, patches description and replaces on an action change, rule by rule; outputs follow", async () => {
    const { id, outs } = await up({
      ...P,
      rules: [rule("10.0.0.0/8"), rule("10.1.0.0/16", "allow", "old"), rule("10.2.0.0/16"), rule("10.3.0.0/16", "deny")],
    });
    const kept = outs.ruleIds[0];
    const patched = outs.ruleIds[1];
    const replaced = outs.ruleIds[2];
    await resetCounters();
    const next = [rule("10.0.0.0/8"), rule("10.1.0.0/16", "allow", "new"), rule("10.2.0.0/16", "deny"), rule("10.4.0.0/16")];
    const updated = await converge(id, outs, { ...P, rules: next });
    // One request per change, nothing read: a PATCH, a replacement (DELETE + POST), a POST, a DELETE.
    expect(await requests()).toEqual({ "PATCH /ip_policy_rules/{id}": 1, "POST /ip_policy_rules": 2, "DELETE /ip_policy_rules/{id}": 2 });
    expect(await serviceRules(id)).toEqual(["10.0.0.0/8 allow", "10.1.0.0/16 allow new", "10.2.0.0/16 deny", "10.4.0.0/16 allow"]);
    const ids = updated.ruleIds as string[];
    expect(ids[0]).toBe(kept);
    expect(ids[1]).toBe(patched); // description is updatable: patched in place
    expect(ids[2]).not.toBe(replaced); // action is not: made again
    expect(updated.rules.map((r: Props) => `${r.cidr} ${r.action} ${r.description}`)).toEqual([
      "10.0.0.0/8 allow ",
      "10.1.0.0/16 allow new",
      "10.2.0.0/16 deny ",
      "10.4.0.0/16 allow ",
    ]);
    expect((await fx.runtime.diff("IpPolicy", id, updated, { ...P, rules: next })).changes).toBe(false);
  });

  test("a rule added by hand is read at refresh as a change of rules, named with its fields, and deleted by the update", async () => {
    const declared = { ...P, description: "office", rules: [rule("192.0.2.0/24", "allow", "office")] };
    const { id, outs } = await up(declared);
    const intruder = await fx.client.ipPolicyRules.create({ ipPolicyId: id, cidr: "::/0", action: "allow", description: "by hand" });
    const read = await fx.runtime.read("IpPolicy", id, outs);
    expect(read.props!.rules).toEqual([...outs.rules, { cidr: "::/0", action: "allow", description: "by hand", metadata: "" }]);
    expect(read.props!.ruleIds).toEqual([...outs.ruleIds, intruder.id]);
    expect((await fx.runtime.diff("IpPolicy", id, read.props!, declared)).changes).toBe(true);
    const healed = await converge(id, read.props!, declared);
    expect(await serviceRules(id)).toEqual(["192.0.2.0/24 allow office"]);
    await expect(fx.client.ipPolicyRules.get(intruder.id)).rejects.toThrow();
    expect(healed).toEqual(outs);
    // A rule edited by hand too, and one deleted by hand.
    await fx.client.ipPolicyRules.update(outs.ruleIds[0], { description: "edited" });
    const edited = await fx.runtime.read("IpPolicy", id, healed);
    expect(edited.props!.rules).toEqual([{ ...outs.rules[0], description: "edited" }]);
    expect(await serviceRules(id)).toEqual(["192.0.2.0/24 allow edited"]);
    await converge(id, edited.props!, declared);
    expect(await serviceRules(id)).toEqual(["192.0.2.0/24 allow office"]);
  });

  test("a rule deleted by hand since the last refresh is made again when the update finds it gone", async () => {
    const { id, outs } = await up({ ...P, rules: [rule("192.0.2.0/24", "allow", "a")] });
    await fx.client.ipPolicyRules.delete(outs.ruleIds[0]);
    const updated = await converge(id, outs, { ...P, rules: [rule("192.0.2.0/24", "allow", "b")] });
    expect(await serviceRules(id)).toEqual(["192.0.2.0/24 allow b"]);
    expect(updated.ruleIds[0]).not.toBe(outs.ruleIds[0]);
  });

  test("without rules nothing about the policy's rules is read or touched, and adding a rule by hand is no drift", async () => {
    const { id, outs } = await up({ ...P, description: "shared" });
    expect(outs.rules).toBeNull();
    expect(outs.ruleIds).toBeNull();
    await fx.client.ipPolicyRules.create({ ipPolicyId: id, cidr: "198.51.100.0/24", action: "allow" });
    await resetCounters();
    const read = await fx.runtime.read("IpPolicy", id, outs);
    expect(Object.keys(await requests()).filter((r) => r.includes("ip_policy_rules"))).toEqual([]);
    expect(read.props).toEqual(outs);
    expect((await fx.runtime.diff("IpPolicy", id, read.props!, { ...P, description: "shared" })).changes).toBe(false);
    await converge(id, read.props!, { ...P, description: "changed" });
    expect(await serviceRules(id)).toEqual(["198.51.100.0/24 allow"]);
    // State written before inline rules existed (no rules outputs at all) has no diff either.
    const { rules: _r, ruleIds: _i, ...old } = outs;
    expect((await fx.runtime.diff("IpPolicy", id, old, { ...P, description: "shared" })).changes).toBe(false);
  });

  test("declaring rules on a policy that had none claims the ones it has; leaving rules out again releases them untouched", async () => {
    const { id, outs } = await up({ ...P });
    await fx.client.ipPolicyRules.create({ ipPolicyId: id, cidr: "198.51.100.0/24", action: "allow" });
    await fx.client.ipPolicyRules.create({ ipPolicyId: id, cidr: "203.0.113.0/24", action: "allow" });
    const claimed = await converge(id, outs, { ...P, rules: [rule("203.0.113.0/24")] });
    expect(await serviceRules(id)).toEqual(["203.0.113.0/24 allow"]);
    expect(claimed.rules).toEqual([{ cidr: "203.0.113.0/24", action: "allow", description: "", metadata: "" }]);
    const released = await converge(id, claimed, { ...P });
    expect(released.rules).toBeNull();
    expect(released.ruleIds).toBeNull();
    expect(await serviceRules(id)).toEqual(["203.0.113.0/24 allow"]);
    // An empty list owns the set and wants it empty.
    const emptied = await converge(id, released, { ...P, rules: [] });
    expect(emptied.rules).toEqual([]);
    expect(await serviceRules(id)).toEqual([]);
  });

  test("a policy adopted with rules converges its existing rules to the declared set", async () => {
    const policy = await fx.client.ipPolicies.create({ description: "made by hand" });
    await fx.client.ipPolicyRules.create({ ipPolicyId: policy.id, cidr: "198.51.100.0/24", action: "allow" });
    await fx.client.ipPolicyRules.create({ ipPolicyId: policy.id, cidr: "203.0.113.0/24", action: "allow", description: "old" });
    const { id, outs } = await up({ ...P, adopt: policy.id, description: "made by hand", rules: [rule("203.0.113.0/24", "allow", "new")] });
    expect(id).toBe(policy.id);
    expect(await serviceRules(id)).toEqual(["203.0.113.0/24 allow new"]);
    expect(outs.rules).toEqual([{ cidr: "203.0.113.0/24", action: "allow", description: "new", metadata: "" }]);
  });

  test("check names each bad rule by its path, and a block declared twice (in any spelling)", async () => {
    const checked = await fx.runtime.check(
      "IpPolicy",
      {},
      {
        ...P,
        rules: [
          rule("10.0.0.0/8"),
          { cidr: "10.0.0.1/8", action: "allow" },
          { cidr: "2001:db8::/32", action: "block" },
          rule("2001:DB8:0::/32"),
          { cidr: "192.0.2.0/24", action: "allow", color: "red" },
        ],
      },
    );
    const reasons = checked.failures!.map((f) => f.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^rules\[1\]\.cidr: .*after the prefix/),
        expect.stringMatching(/^rules\[2\]\.action: /),
        expect.stringMatching(/^rules\[3\]\.cidr: is the cidr of rules\[2\] again/),
        expect.stringMatching(/^rules\[4\]\.color: is not a known field/),
      ]),
    );
    expect(checked.failures).toHaveLength(4);
    // Each by its path alone: the engine would print the whole list beside a property.
    expect(checked.failures!.every((f) => f.property === "")).toBe(true);
    expect((await fx.runtime.check("IpPolicy", {}, { ...P, rules: "10.0.0.0/8" })).failures!.map((f) => f.reason)).toEqual([
      "rules: must be a list",
    ]);
  });

  test("a refresh of several claiming policies lists the account's rules once", async () => {
    const a = await up({ ...P, rules: [rule("192.0.2.0/25")] });
    const b = await up({ ...P, rules: [rule("192.0.2.128/25")] });
    await fx.client.ipPolicyRules.create({ ipPolicyId: b.id, cidr: "198.51.100.0/24", action: "deny" });
    // A fresh provider process: its own client, nothing cached.
    const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: fx.emulator.url, maxRetries: 0 });
    await resetCounters();
    const decl = declarationOf("IpPolicy");
    const [ra, rb] = await Promise.all([lifecycle.read(decl, client, a.id, a.outs), lifecycle.read(decl, client, b.id, b.outs)]);
    expect(ra.props!.rules).toEqual(a.outs.rules);
    expect(rb.props!.rules.map((r: Props) => r.cidr)).toEqual(["192.0.2.128/25", "198.51.100.0/24"]);
    expect((await requests())["GET /ip_policy_rules"]).toBe(1);
    await client.close();
  });

  test("a failure part-way through an update records what was applied; the next update continues", async () => {
    const decl = declarationOf("IpPolicy");
    const { id, outs } = await up({ ...P, rules: [rule("10.0.0.0/8"), rule("10.1.0.0/16"), rule("10.2.0.0/16")] });
    // The second DELETE is refused for good (403), after the first went through.
    let deletes = 0;
    const proxy = await refusing(fx.emulator.url, (req) => req.method === "DELETE" && ++deletes === 2);
    const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: proxy.url, maxRetries: 0 });
    const news = { ...P, rules: [rule("10.9.0.0/16", "deny")] };
    const error = await lifecycle.update(decl, client, id, outs, news).then(
      () => undefined,
      (e: unknown) => e,
    );
    await client.close();
    await proxy.close();
    expect(error).toBeInstanceOf(lifecycle.PartialStateError);
    const partial = error as lifecycle.PartialStateError;
    expect(partial.message).toMatch(/could not delete the undeclared rules item ipr_\w+ \(cidr 10\.\d\.0\.0\/\d+\)/);
    expect(partial.id).toBe(id);
    // The deny rule was made first, one allow rule deleted: state says exactly that.
    const inService = await serviceRules(id);
    expect(inService).toHaveLength(3);
    expect(partial.properties.rules.map((r: Props) => `${r.cidr} ${r.action}`).sort()).toEqual(inService);
    expect(partial.properties.ruleIds).toHaveLength(3);
    expect(partial.properties.__provider).toBe(P.__provider);
    // The next up: diff from the recorded state, and the rest is applied.
    const done = await converge(id, partial.properties, news);
    expect(await serviceRules(id)).toEqual(["10.9.0.0/16 deny"]);
    expect(done.rules).toEqual([{ cidr: "10.9.0.0/16", action: "deny", description: "", metadata: "" }]);
  });

  test("a failure part-way through a create records the policy with the rules made so far", async () => {
    const decl = declarationOf("IpPolicy");
    let posts = 0;
    const proxy = await refusing(fx.emulator.url, (req) => req.method === "POST" && req.url === "/ip_policy_rules" && ++posts === 2);
    const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: proxy.url, maxRetries: 0 });
    const inputs = { ...P, rules: [rule("10.0.0.0/8"), rule("10.1.0.0/16"), rule("10.2.0.0/16")] };
    const error = (await lifecycle.create(decl, client, inputs).catch((e: unknown) => e)) as lifecycle.PartialStateError;
    await client.close();
    await proxy.close();
    expect(error).toBeInstanceOf(lifecycle.PartialStateError);
    expect(error.message).toMatch(/could not make the rules item with cidr 10\.1\.0\.0\/16/);
    expect(await serviceRules(error.id)).toEqual(["10.0.0.0/8 allow"]);
    expect(error.properties.rules.map((r: Props) => r.cidr)).toEqual(["10.0.0.0/8"]);
    const done = await converge(error.id, error.properties, inputs);
    expect(await serviceRules(error.id)).toEqual(["10.0.0.0/8 allow", "10.1.0.0/16 allow", "10.2.0.0/16 allow"]);
    expect(done.rules.map((r: Props) => r.cidr)).toEqual(["10.0.0.0/8", "10.1.0.0/16", "10.2.0.0/16"]);
  });
});

describe("EventSubscription inline sources", () => {
  const SUB = "EventSubscription";
  let destinationId: string;
  beforeEach(async () => {
    destinationId = (await fx.client.eventDestinations.create({ target: { monitoring: { apiKey: "k" } } })).id;
  });
  const sub = (extra: Props = {}) => ({ ...P, destinationIds: [destinationId], ...extra });
  /** The subscription's sources in the service, by type, sorted. */
  const serviceSources = async (id: string) => (await fx.client.eventSources.list(id).toArray()).map((s) => s.type).sort();

  test("create makes the subscription, then each source; outputs list the types in the declared order with their ids; no diff after", async () => {
    const sources = ["ip_policy_updated.v0", "ip_policy_created.v0", "https_edge_deleted.v0"];
    const { id, outs } = await up(sub({ description: "audit", sources }), SUB);
    expect(await serviceSources(id)).toEqual(["https_edge_deleted.v0", "ip_policy_created.v0", "ip_policy_updated.v0"]);
    expect(outs.sources).toEqual(sources);
    expect(outs.sourceIds).toEqual(sources.map((type) => `${id}/${type}`));
    expect((await fx.runtime.diff(SUB, id, outs, sub({ description: "audit", sources }))).changes).toBe(false);
    // A refresh reads the sources from the subscriptions' list: no request per source.
    await resetCounters();
    const read = await fx.runtime.read(SUB, id, outs);
    // The subscriptions' page for the subscription, and one listing of every subscription's sources.
    expect(await requests()).toEqual({ "GET /event_subscriptions": 2 });
    expect(read.props).toEqual(outs);
    expect((await fx.runtime.diff(SUB, id, read.props!, sub({ description: "audit", sources }))).changes).toBe(false);
  });

  test("update adds and deletes sources by type, one request each, and changes nothing else", async () => {
    const { id, outs } = await up(sub({ sources: ["ip_policy_created.v0", "ip_policy_updated.v0"] }), SUB);
    await resetCounters();
    const next = ["ip_policy_created.v0", "ip_policy_deleted.v0"];
    const updated = await converge(id, outs, sub({ sources: next }), SUB);
    expect(await requests()).toEqual({
      "POST /event_subscriptions/{subscription_id}/sources": 1,
      "DELETE /event_subscriptions/{subscription_id}/sources/{type}": 1,
    });
    expect(await serviceSources(id)).toEqual(["ip_policy_created.v0", "ip_policy_deleted.v0"]);
    expect(updated.sources).toEqual(next);
    expect(updated.sourceIds).toEqual(next.map((type) => `${id}/${type}`));
    expect((await fx.runtime.diff(SUB, id, updated, sub({ sources: next }))).changes).toBe(false);
  });

  test("a source added by hand is read at refresh as a change of sources, named, and deleted by the update", async () => {
    const declared = sub({ sources: ["ip_policy_created.v0"] });
    const { id, outs } = await up(declared, SUB);
    await fx.client.eventSources.create(id, { type: "api_key_created.v0" });
    const read = await fx.runtime.read(SUB, id, outs);
    expect(read.props!.sources).toEqual(["ip_policy_created.v0", "api_key_created.v0"]);
    expect(read.props!.sourceIds).toEqual([`${id}/ip_policy_created.v0`, `${id}/api_key_created.v0`]);
    expect((await fx.runtime.diff(SUB, id, read.props!, declared)).changes).toBe(true);
    const healed = await converge(id, read.props!, declared, SUB);
    expect(await serviceSources(id)).toEqual(["ip_policy_created.v0"]);
    expect(healed).toEqual(outs);
    // One deleted by hand is made again.
    await fx.client.eventSources.delete(id, "ip_policy_created.v0");
    const gone = await fx.runtime.read(SUB, id, healed);
    expect(gone.props!.sources).toEqual([]);
    await converge(id, gone.props!, declared, SUB);
    expect(await serviceSources(id)).toEqual(["ip_policy_created.v0"]);
  });

  test("without sources nothing about the sources is read or touched; EventSource resources keep working beside it", async () => {
    const { id, outs } = await up(sub({ description: "shared" }), SUB);
    expect(outs.sources).toBeNull();
    expect(outs.sourceIds).toBeNull();
    const source = await fx.runtime.create("EventSource", { ...P, subscriptionId: id, type: "tls_edge_created.v0" });
    await fx.client.eventSources.create(id, { type: "tcp_edge_created.v0" });
    await resetCounters();
    const read = await fx.runtime.read(SUB, id, outs);
    // The subscriptions' page for the subscription itself, and nothing more.
    expect(await requests()).toEqual({ "GET /event_subscriptions": 1 });
    expect(read.props).toEqual(outs);
    expect((await fx.runtime.diff(SUB, id, read.props!, sub({ description: "shared" }))).changes).toBe(false);
    await converge(id, read.props!, sub({ description: "changed" }), SUB);
    expect(await serviceSources(id)).toEqual(["tcp_edge_created.v0", "tls_edge_created.v0"]);
    expect((await fx.runtime.read("EventSource", source.id!, source.outs!)).props).toEqual(source.outs);
    // State written before inline sources existed (no sources outputs at all) has no diff either.
    const { sources: _s, sourceIds: _i, ...old } = outs;
    expect((await fx.runtime.diff(SUB, id, old, sub({ description: "shared" }))).changes).toBe(false);
  });

  test("declaring sources claims the ones the subscription has; leaving them out again releases them untouched", async () => {
    const { id, outs } = await up(sub(), SUB);
    await fx.client.eventSources.create(id, { type: "api_key_created.v0" });
    await fx.client.eventSources.create(id, { type: "api_key_deleted.v0" });
    const claimed = await converge(id, outs, sub({ sources: ["api_key_deleted.v0"] }), SUB);
    expect(await serviceSources(id)).toEqual(["api_key_deleted.v0"]);
    expect(claimed.sources).toEqual(["api_key_deleted.v0"]);
    const released = await converge(id, claimed, sub(), SUB);
    expect(released.sources).toBeNull();
    expect(released.sourceIds).toBeNull();
    expect(await serviceSources(id)).toEqual(["api_key_deleted.v0"]);
    const emptied = await converge(id, released, sub({ sources: [] }), SUB);
    expect(emptied.sources).toEqual([]);
    expect(await serviceSources(id)).toEqual([]);
  });

  test("a subscription adopted with sources converges its existing sources to the declared set", async () => {
    const made = await fx.client.eventSubscriptions.create({
      destinationIds: [destinationId],
      sources: [{ type: "api_key_created.v0" }, { type: "api_key_updated.v0" }],
    });
    const { id, outs } = await up(sub({ adopt: made.id, sources: ["api_key_updated.v0", "ip_policy_created.v0"] }), SUB);
    expect(id).toBe(made.id);
    expect(await serviceSources(id)).toEqual(["api_key_updated.v0", "ip_policy_created.v0"]);
    expect(outs.sources).toEqual(["api_key_updated.v0", "ip_policy_created.v0"]);
  });

  test("a refresh of several claiming subscriptions lists the subscriptions once for their sources", async () => {
    const a = await up(sub({ sources: ["api_key_created.v0"] }), SUB);
    const b = await up(sub({ sources: ["api_key_deleted.v0"] }), SUB);
    await fx.client.eventSources.create(b.id, { type: "tls_edge_deleted.v0" });
    // A fresh provider process: its own client, nothing cached.
    const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: fx.emulator.url, maxRetries: 0 });
    await resetCounters();
    const decl = declarationOf(SUB);
    const [ra, rb] = await Promise.all([lifecycle.read(decl, client, a.id, a.outs), lifecycle.read(decl, client, b.id, b.outs)]);
    expect(ra.props!.sources).toEqual(["api_key_created.v0"]);
    expect(rb.props!.sources).toEqual(["api_key_deleted.v0", "tls_edge_deleted.v0"]);
    expect(await requests()).toEqual({ "GET /event_subscriptions": 2 });
    await client.close();
  });

  test("check names an unknown event type and a type declared twice by their paths", async () => {
    const checked = await fx.runtime.check(
      SUB,
      {},
      sub({ sources: ["ip_policy_created.v0", "ip_policy_deleted.v0", "ip_policy_renamed.v0", "ip_policy_created.v0"] }),
    );
    expect(checked.failures!.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^sources\[2\]: must be a known event type/),
      expect.stringMatching(/^sources\[3\]: is sources\[0\] again; declare each type once/),
    ]);
    expect(checked.failures!.every((f) => f.property === "")).toBe(true);
    expect((await fx.runtime.check(SUB, {}, sub({ sources: "ip_policy_created.v0" }))).failures!.map((f) => f.reason)).toEqual([
      "sources: must be a list",
    ]);
  });
});

describe("HttpsEdge inline routes", () => {
  const EDGE = "HttpsEdge";
  const OAUTH_SECRET = "inline-oauth-client-secret-3391";
  const HOOK_SECRET = "inline-webhook-secret-8824";
  let policyId: string;
  let backendId: string;
  beforeEach(async () => {
    policyId = (await fx.client.ipPolicies.create({ description: "office" })).id;
    backendId = (await fx.client.tunnelGroupBackends.create({ labels: { app: "web" } })).id;
  });
  let hosts = 0;
  const edge = (extra: Props = {}): Props => ({ ...P, hostports: [`inline${++hosts}.example.com:443`], ...extra });
  const route = (match: string, extra: Props = {}) => ({ matchType: "path_prefix", match, ...extra });
  /** Routes as declared by a program: modules partial, the service fills in the rest. */
  const guarded = () =>
    route("/app", {
      description: "app",
      backend: { backendId },
      ipRestriction: { ipPolicyIds: [policyId] },
      circuitBreaker: { numBuckets: 64 },
      requestHeaders: { add: { "X-Team": "edge" } },
      oauth: { provider: { github: { clientId: "app", clientSecret: OAUTH_SECRET, organizations: ["acme"] } } },
      webhookVerification: { provider: "CODEHOST", secret: HOOK_SECRET },
    });
  /** The edge's routes in the service, as `matchType match description`, in the service's order. */
  const serviceRoutes = async (id: string) =>
    (await fx.client.httpsEdges.get(id)).routes.map((r) => `${r.matchType} ${r.match} ${r.description}`.trim());

  test("create makes the edge, then each route with its modules; outputs list them in order with ids; secret modules apart; no diff after", async () => {
    const routes = [guarded(), route("/", { description: "public" }), route("/health", { matchType: "exact_path" })];
    const declared = edge({ routes });
    const { id, outs } = await up(declared, EDGE);
    expect(await serviceRoutes(id)).toEqual(["path_prefix /app app", "path_prefix / public", "exact_path /health"]);
    expect(outs.routes.map((r: Props) => `${r.matchType} ${r.match}`)).toEqual(["path_prefix /app", "path_prefix /", "exact_path /health"]);
    // Modules as the service has them, in the input shape; the secret ones are not in `routes`.
    expect(outs.routes[0]).toMatchObject({
      description: "app",
      backend: { enabled: true, backendId },
      ipRestriction: { ipPolicyIds: [policyId] },
    });
    expect(outs.routes[0].circuitBreaker.numBuckets).toBe(64);
    expect(JSON.stringify(outs.routes)).not.toContain(OAUTH_SECRET);
    expect(JSON.stringify(outs.routes)).not.toContain(HOOK_SECRET);
    expect(outs.routes[0]).not.toHaveProperty("oauth");
    expect(outs.routes[0]).not.toHaveProperty("webhookVerification");
    expect(outs.routeSecretModules).toHaveLength(3);
    expect(outs.routeSecretModules[0].oauth.provider.github.clientSecret).toBe(OAUTH_SECRET);
    expect(outs.routeSecretModules[0].webhookVerification.secret).toBe(HOOK_SECRET);
    // Only the fields a child sets: a route without secret modules has none.
    expect(outs.routeSecretModules[1]).toEqual({});
    // Ids as HttpsEdgeRoute resources have them: `<edge id>/<route id>`.
    const service = (await fx.client.httpsEdges.get(id)).routes;
    expect(outs.routeIds).toEqual(service.map((r) => `${id}/${r.id}`));
    // Fields the service fills in (module defaults, the cookie prefix it chose) are no change.
    expect((await fx.runtime.diff(EDGE, id, outs, declared)).changes).toBe(false);
    const read = await fx.runtime.read(EDGE, id, outs);
    expect(read.props).toEqual(outs);
    expect((await fx.runtime.diff(EDGE, id, read.props!, declared)).changes).toBe(false);
    // Nothing drifted: the refresh gives the declaration back as it was written, secrets apart.
    expect(read.inputs!.routes).toEqual(routes.map(({ oauth: _o, webhookVerification: _w, ...plain }: Props) => plain));
    expect(read.inputs!.routeSecretModules[0].oauth.provider.github.clientSecret).toBe(OAUTH_SECRET);
  });

  test("a route added by hand is read as a change of routes, named with the fields it sets, and deleted by the update", async () => {
    const declared = edge({ routes: [route("/", { description: "public" })] });
    const { id, outs } = await up(declared, EDGE);
    const debug = await fx.client.httpsEdgeRoutes.create(id, { matchType: "path_prefix", match: "/debug", description: "opened by hand" });
    const read = await fx.runtime.read(EDGE, id, outs);
    expect(read.props!.routes.map((r: Props) => r.match)).toEqual(["/", "/debug"]);
    expect(read.props!.routeIds).toEqual([...outs.routeIds, `${id}/${debug.id}`]);
    // The refresh's inputs: the declared route as written, the intruder with what it sets beyond the defaults.
    expect(read.inputs!.routes).toEqual([
      { matchType: "path_prefix", match: "/", description: "public" },
      { matchType: "path_prefix", match: "/debug", description: "opened by hand" },
    ]);
    expect((await fx.runtime.diff(EDGE, id, read.props!, declared)).changes).toBe(true);
    const healed = await converge(id, read.props!, declared, EDGE);
    expect(await serviceRoutes(id)).toEqual(["path_prefix / public"]);
    expect(healed).toEqual(outs);
  });

  test("a changed route field is read as that field of that route; the update patches it in place", async () => {
    const declared = edge({ routes: [route("/", { description: "public" }), route("/api", { description: "x", compression: {} })] });
    const { id, outs } = await up(declared, EDGE);
    const [edgeId, routeId] = outs.routeIds[1].split("/");
    await fx.client.httpsEdgeRoutes.update(edgeId, routeId, { description: "y" });
    const read = await fx.runtime.read(EDGE, id, outs);
    // Only the drifted field differs from the declaration: `~ routes[1].description: "y" => "x"` in a preview.
    expect(read.inputs!.routes).toEqual([declared.routes[0], { ...declared.routes[1], description: "y" }]);
    await resetCounters();
    const healed = await converge(id, read.props!, declared, EDGE);
    expect(await requests()).toEqual({ "PATCH /edges/https/{edge_id}/routes/{id}": 1 });
    expect(healed.routeIds).toEqual(outs.routeIds);
    expect(await serviceRoutes(id)).toEqual(["path_prefix / public", "path_prefix /api x"]);
  });

  test("module changes of an inline route go through the module endpoints as HttpsEdgeRoute's do; a new matchType is another route", async () => {
    const { id, outs } = await up(edge({ routes: [route("/api", { backend: { backendId }, compression: {} })] }), EDGE);
    await resetCounters();
    const next = edge({
      hostports: outs.hostports,
      routes: [
        route("/api", { backend: { backendId }, ipRestriction: { ipPolicyIds: [policyId] }, description: "guarded" }),
        route("/api", { matchType: "exact_path" }),
      ],
    });
    const updated = await converge(id, outs, next, EDGE);
    expect(await requests()).toEqual({
      "PUT /edges/https/{edge_id}/routes/{id}/ip_restriction": 1,
      "PATCH /edges/https/{edge_id}/routes/{id}": 1,
      "DELETE /edges/https/{edge_id}/routes/{id}/compression": 1,
      "GET /edges/https/{edge_id}/routes/{id}": 1,
      "POST /edges/https/{edge_id}/routes": 1,
    });
    const r = (await fx.client.httpsEdges.get(id)).routes;
    expect(r.map((x) => `${x.matchType} ${x.match}`)).toEqual(["path_prefix /api", "exact_path /api"]);
    expect(r[0].ipRestriction?.ipPolicies.map((p) => p.id)).toEqual([policyId]);
    expect(r[0].compression).toBeNull();
    expect(updated.routeIds[0]).toBe(outs.routeIds[0]);
    expect((await fx.runtime.diff(EDGE, id, updated, next)).changes).toBe(false);
  });

  test("a route deleted by hand is made again: read as missing, or found gone by the update", async () => {
    const declared = edge({ routes: [route("/a", { description: "a" }), route("/b")] });
    const { id, outs } = await up(declared, EDGE);
    await fx.client.httpsEdgeRoutes.delete(...(outs.routeIds[0].split("/") as [string, string]));
    const read = await fx.runtime.read(EDGE, id, outs);
    expect(read.props!.routes.map((r: Props) => r.match)).toEqual(["/b"]);
    const healed = await converge(id, read.props!, declared, EDGE);
    expect(await serviceRoutes(id)).toEqual(["path_prefix /b", "path_prefix /a a"]);
    // Deleted since the last refresh, with a change declared for it: the update finds it gone and makes it.
    await fx.client.httpsEdgeRoutes.delete(...(healed.routeIds[0].split("/") as [string, string]));
    const changed = { ...declared, routes: [route("/a", { description: "a2", compression: {} }), route("/b")] };
    await converge(id, healed, changed, EDGE);
    expect(await serviceRoutes(id)).toEqual(["path_prefix /b", "path_prefix /a a2"]);
  });

  test("without routes the edge's routes are never touched: a route added by hand or by HttpsEdgeRoute is no drift", async () => {
    const declared = edge({ description: "shared" });
    const { id, outs } = await up(declared, EDGE);
    expect(outs.routes).toBeNull();
    expect(outs.routeIds).toBeNull();
    expect(outs.routeSecretModules).toBeNull();
    await fx.runtime.create("HttpsEdgeRoute", { ...P, edgeId: id, matchType: "path_prefix", match: "/managed" });
    await fx.client.httpsEdgeRoutes.create(id, { matchType: "path_prefix", match: "/by-hand" });
    const read = await fx.runtime.read(EDGE, id, outs);
    expect(read.props).toEqual(outs);
    expect((await fx.runtime.diff(EDGE, id, read.props!, declared)).changes).toBe(false);
    await converge(id, read.props!, { ...declared, description: "changed" }, EDGE);
    expect(await serviceRoutes(id)).toEqual(["path_prefix /managed", "path_prefix /by-hand"]);
  });

  test("an edge adopted with routes converges its existing routes to the declared set", async () => {
    const made = await fx.client.httpsEdges.create({ hostports: ["adopted-inline.example.com:443"] });
    await fx.client.httpsEdgeRoutes.create(made.id, { matchType: "path_prefix", match: "/old" });
    await fx.client.httpsEdgeRoutes.create(made.id, { matchType: "path_prefix", match: "/keep", description: "before" });
    const { id, outs } = await up(
      { ...P, adopt: made.id, hostports: ["adopted-inline.example.com:443"], routes: [route("/keep", { description: "after" })] },
      EDGE,
    );
    expect(id).toBe(made.id);
    expect(await serviceRoutes(id)).toEqual(["path_prefix /keep after"]);
    expect(outs.routes).toEqual([expect.objectContaining({ match: "/keep", description: "after" })]);
  });

  test("check names each bad route by its path, and a (matchType, match) declared twice", async () => {
    const checked = await fx.runtime.check(
      EDGE,
      {},
      edge({
        routes: [
          route("/"),
          route(""),
          route("/x", { matchType: "regex" }),
          route("/", { description: "again" }),
          route("/", { matchType: "exact_path" }),
          route("/y", { oauth: { provider: { github: { clientId: "a" } } } }),
          route("/z", { compression: { enabled: "yes" } }),
        ],
      }),
    );
    const reasons = checked.failures!.map((f) => f.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^routes\[1\]\.match: /),
        expect.stringMatching(/^routes\[2\]\.matchType: /),
        expect.stringMatching(/^routes\[3\]\.match: is the matchType and match of routes\[0\] again/),
        expect.stringMatching(/^routes\[5\]\.oauth\.provider\.github/),
        expect.stringMatching(/^routes\[6\]\.compression\.enabled: /),
      ]),
    );
    expect(reasons.filter((r) => r.startsWith("routes[4]"))).toEqual([]);
  });

  test("a failure part-way records the edge with the routes as applied, secret modules still apart; the next update continues", async () => {
    const decl = declarationOf(EDGE);
    const declared = edge({ routes: [route("/a"), route("/b")] });
    const { id, outs } = await up(declared, EDGE);
    // The second route's new IP restriction is refused for good (403), after the first route's went through.
    let puts = 0;
    const proxy = await refusing(fx.emulator.url, (req) => req.method === "PUT" && ++puts === 2);
    const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: proxy.url, maxRetries: 0 });
    const guard = { ipRestriction: { ipPolicyIds: [policyId] } };
    const oauth = { oauth: { provider: { github: { clientId: "app", clientSecret: OAUTH_SECRET } } } };
    const news = { ...declared, routes: [route("/a", guard), route("/b", guard), route("/c", oauth)] };
    const error = (await lifecycle.update(decl, client, id, outs, news).catch((e: unknown) => e)) as lifecycle.PartialStateError;
    await client.close();
    await proxy.close();
    expect(error).toBeInstanceOf(lifecycle.PartialStateError);
    expect(error.message).toMatch(/could not update the routes item with match \/b \(path_prefix\)/);
    // Guarded routes are made first: /c (OAuth) exists, /a is guarded, /b not yet.
    const service = (await fx.client.httpsEdges.get(id)).routes;
    expect(service.map((r) => `${r.match} ${r.ipRestriction ? "guarded" : ""}${r.oauth ? "oauth" : ""}`.trim())).toEqual([
      "/a guarded",
      "/b",
      "/c oauth",
    ]);
    expect(error.properties.routes.map((r: Props) => r.match)).toEqual(["/a", "/b", "/c"]);
    expect(JSON.stringify(error.properties.routes)).not.toContain(OAUTH_SECRET);
    expect(error.properties.routeSecretModules[2].oauth.provider.github.clientSecret).toBe(OAUTH_SECRET);
    const done = await converge(id, error.properties, news, EDGE);
    expect((await fx.client.httpsEdges.get(id)).routes.every((r) => r.ipRestriction || r.oauth)).toBe(true);
    expect((await fx.runtime.diff(EDGE, id, done, news)).changes).toBe(false);
  });

  test("a lost answer to a route's create makes no second route", async () => {
    // The first POST of a route is applied, and its answer is lost (the connection is cut).
    let posts = 0;
    const proxy = await losingProxy(fx.emulator.url, (req) => req.method === "POST" && /\/routes$/.test(req.url ?? "") && ++posts === 1);
    const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: proxy.url, maxRetries: 0 });
    const made = await lifecycle.create(declarationOf(EDGE), client, edge({ routes: [route("/a"), route("/b")] }));
    await client.close();
    await proxy.close();
    expect(posts).toBeGreaterThanOrEqual(2);
    expect(await serviceRoutes(made.id)).toEqual(["path_prefix /a", "path_prefix /b"]);
    expect(made.outs!.routes.map((r: Props) => r.match)).toEqual(["/a", "/b"]);
  });
});

/** A proxy to the emulator that passes every request on and cuts the connection instead of answering the ones `lose` picks. */
async function losingProxy(target: string, lose: (req: http.IncomingMessage) => boolean) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const losing = lose(req);
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        if (losing) return void (answer.resume(), res.socket?.destroy());
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as import("node:net").AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

/** A proxy to the emulator that answers 403 to the requests `refuse` picks (a failure that is certain: nothing applied). */
const refusing = (target: string, refuse: (req: http.IncomingMessage) => boolean) =>
  refusingProxy(target, refuse, { status: 403, code: "FORBIDDEN" });
