/**
 * EventDestination, EventSubscription and EventSource in one stack, run through the provider protocol on
 * both paths (test/protocol/events-*.test.ts).
 */
import { expectCheckFailure, expectSuccess, type EngineFixture } from "./engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
export interface EventsProgram {
  resources: Res[];
}

const SECRET = "wJalrXUtnFEMI-secret-access-key";
const MONITORING_KEY = "monitoring-api-key-0042";
// The credentials reach the program as "secret:<key>": a plain value of the secret config (dynamic), as a
// careless program passes it, so the class must protect it itself; the secret config value (native).
const streamTarget = {
  stream: { streamResourceName: "arn:stream/events", auth: { creds: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret:aws" } } },
};
const monitoringTarget = { monitoring: { apiKey: "secret:monitoring", site: "eu" } };

/** A destination `audit`, a subscription `policies` sending to it, a source `created` of that subscription. */
const program = ({
  target = streamTarget as object,
  description = "audit stream" as string | undefined,
  type = "ip_policy_created.v0",
} = {}) => ({
  resources: [
    { kind: "EventDestination", name: "audit", args: { target, description } },
    { kind: "EventSubscription", name: "policies", args: { destinationIds: ["@audit"] } },
    { kind: "EventSource", name: "created", args: { subscriptionId: "@policies", type } },
  ],
});

export function eventsSuite(fx: EngineFixture<EventsProgram>): void {
  describe("event resources", () => {
    const ids = async () => (await fx.outputs()).ids as Record<"audit" | "policies" | "created", string>;

    test("up creates a destination, a subscription using it and a source; a second preview is clean", async () => {
      await fx.setSecrets({ aws: SECRET, monitoring: MONITORING_KEY });
      await fx.setProgram(program());
      expectSuccess(await fx.stack.up());
      const out = await ids();
      const sub = await fx.client.eventSubscriptions.get(out.policies);
      expect(sub.destinations.map((d) => d.id)).toEqual([out.audit]);
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
      await fx.setProgram(program({ target: monitoringTarget, type: "ip_policy_updated.v0" }));
      const preview = await fx.stack.preview();
      expect(preview.ops[fx.urn("EventDestination", "audit")]).toEqual(["update"]);
      expect(preview.ops[fx.urn("EventSource", "created")]).toEqual(["replace"]);
      expectSuccess(await fx.stack.up());
      const after = await ids();
      expect(after.audit).toBe(before.audit);
      expect((await fx.client.eventDestinations.get(after.audit)).target.monitoring).toMatchObject({ apiKey: MONITORING_KEY, site: "eu" });
      const sources = await fx.client.eventSources.list(after.policies).toArray();
      expect(sources.map((s) => s.type)).toEqual(["ip_policy_updated.v0"]);
      expect((await fx.stack.exportState()).raw).not.toContain(MONITORING_KEY);
    });

    test("out-of-band edit and delete are reported by preview --refresh and fixed by up --refresh", async () => {
      const out = await ids();
      await fx.client.eventSubscriptions.update(out.policies, { description: "by hand" });
      await fx.client.eventSources.delete(out.policies, "ip_policy_updated.v0");
      const preview = await fx.stack.preview({ refresh: true });
      expect(preview.ops[fx.urn("EventSubscription", "policies")]).toEqual(["refresh", "update"]);
      expect(preview.ops[fx.urn("EventSource", "created")]).toEqual(["refresh", "create"]);
      expectSuccess(await fx.stack.up(["--refresh"]));
      expect((await fx.client.eventSubscriptions.get(out.policies)).description).toBe("");
      expect((await fx.client.eventSources.list(out.policies).toArray()).map((s) => s.type)).toEqual(["ip_policy_updated.v0"]);
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    });

    test("bad input fails at preview naming the field, without printing credentials", async () => {
      await fx.setProgram(program({ target: { ...streamTarget, ...monitoringTarget }, description: undefined }));
      const twoMembers = await fx.stack.preview();
      expectCheckFailure(twoMembers, "target", /exactly one of/);
      expect(twoMembers.stdout + twoMembers.stderr).not.toContain(SECRET);

      await fx.setProgram(program({ type: "nothing_happened.v1" }));
      expectCheckFailure(await fx.stack.preview(), "type", /known event type/);
    });

    test("destroy leaves the emulator empty", async () => {
      await fx.setProgram(program());
      expectSuccess(await fx.stack.destroy());
      expect(await fx.client.eventSubscriptions.list().toArray()).toEqual([]);
      expect(await fx.client.eventDestinations.list().toArray()).toEqual([]);
    });
  });
}
