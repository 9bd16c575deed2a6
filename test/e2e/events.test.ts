/** EventDestination, EventSubscription and EventSource through the real engine. */
import * as path from "node:path";
import { expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

const fx = useEngineStack(path.join(__dirname, "..", "fixtures", "events"), "events");
const SECRET = "wJalrXUtnFEMI-secret-access-key";
const MONITORING_KEY = "monitoring-api-key-0042";
// The credentials reach the program through secret config (see the fixture's "secret:<key>").
const streamTarget = {
  stream: { streamResourceName: "arn:stream/events", auth: { creds: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret:aws" } } },
};
const monitoringTarget = { monitoring: { apiKey: "secret:monitoring", site: "eu" } };

describe("event resources on the real engine", () => {
  const ids = async () => (await fx.outputs()) as Record<"destinationIds" | "subscriptionIds" | "sourceIds", Record<string, string>>;
  const base = {
    destinations: { audit: { target: streamTarget, description: "audit stream" } },
    subscriptions: { policies: { destinations: ["audit"] } },
    sources: { created: { subscription: "policies", type: "ip_policy_created.v0" } },
  };

  test("up creates a destination, a subscription using it and a source; a second preview is clean", async () => {
    await fx.stack.setConfig("secrets", { value: JSON.stringify({ aws: SECRET, monitoring: MONITORING_KEY }), secret: true });
    await fx.setProgram(base);
    expectSuccess(await fx.stack.up());
    const out = await ids();
    const sub = await fx.client.eventSubscriptions.get(out.subscriptionIds.policies);
    expect(sub.destinations.map((d) => d.id)).toEqual([out.destinationIds.audit]);
    expect(sub.sources.map((s) => s.type)).toEqual(["ip_policy_created.v0"]);
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("the target's credentials never appear in plain text in state", async () => {
    const state = await fx.stack.exportState();
    expect(state.raw).not.toContain(SECRET);
    const dest = state.resources.find((r) => r.urn === fx.urn("EventDestination", "audit"))!;
    expect(dest.inputs!.target).toHaveProperty("ciphertext");
    expect(dest.outputs!.target).toHaveProperty("ciphertext");
  });

  test("the target changes in place, to another member; the source type change replaces it", async () => {
    const before = await ids();
    await fx.setProgram({
      ...base,
      destinations: { audit: { target: monitoringTarget, description: "audit stream" } },
      sources: { created: { subscription: "policies", type: "ip_policy_updated.v0" } },
    });
    const preview = await fx.stack.preview();
    expect(preview.ops[fx.urn("EventDestination", "audit")]).toEqual(["update"]);
    expect(preview.ops[fx.urn("EventSource", "created")]).toEqual(["replace"]);
    expectSuccess(await fx.stack.up());
    const after = await ids();
    expect(after.destinationIds.audit).toBe(before.destinationIds.audit);
    expect((await fx.client.eventDestinations.get(after.destinationIds.audit)).target.monitoring).toMatchObject({
      apiKey: MONITORING_KEY,
      site: "eu",
    });
    const sources = await fx.client.eventSources.list(after.subscriptionIds.policies).toArray();
    expect(sources.map((s) => s.type)).toEqual(["ip_policy_updated.v0"]);
    expect((await fx.stack.exportState()).raw).not.toContain(MONITORING_KEY);
  });

  test("out-of-band edit and delete are reported by preview --refresh and fixed by up --refresh", async () => {
    const out = await ids();
    await fx.client.eventSubscriptions.update(out.subscriptionIds.policies, { description: "by hand" });
    await fx.client.eventSources.delete(out.subscriptionIds.policies, "ip_policy_updated.v0");
    const preview = await fx.stack.preview({ refresh: true });
    expect(preview.ops[fx.urn("EventSubscription", "policies")]).toEqual(["refresh", "update"]);
    expect(preview.ops[fx.urn("EventSource", "created")]).toEqual(["refresh", "create"]);
    expectSuccess(await fx.stack.up(["--refresh"]));
    expect((await fx.client.eventSubscriptions.get(out.subscriptionIds.policies)).description).toBe("");
    expect((await fx.client.eventSources.list(out.subscriptionIds.policies).toArray()).map((s) => s.type)).toEqual([
      "ip_policy_updated.v0",
    ]);
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("bad input fails at preview naming the field, without printing credentials", async () => {
    await fx.setProgram({ ...base, destinations: { audit: { target: { ...streamTarget, ...monitoringTarget } } } });
    const twoMembers = await fx.stack.preview();
    expectCheckFailure(twoMembers, "target", /exactly one of/);
    expect(twoMembers.stdout + twoMembers.stderr).not.toContain(SECRET);

    await fx.setProgram({ ...base, sources: { created: { subscription: "policies", type: "nothing_happened.v1" } } });
    expectCheckFailure(await fx.stack.preview(), "type", /known event type/);
  });

  test("destroy leaves the emulator empty", async () => {
    await fx.setProgram(base);
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.eventSubscriptions.list().toArray()).toEqual([]);
    expect(await fx.client.eventDestinations.list().toArray()).toEqual([]);
  });
});
