import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };

// Read, delete and read after delete of a source are in kinds.test.ts, with every kind.
describe("EventSubscription and EventSource providers", () => {
  it("a source is identified by subscription and type; changing either replaces it, deleting first", async () => {
    const { runtime, client } = fx;
    const dest = await client.eventDestinations.create({ target: { monitoring: { apiKey: "k" } } });
    const sub = await runtime.create("EventSubscription", { ...P, destinationIds: [dest.id] });
    expect(sub.outs).toMatchObject({ destinationIds: [dest.id], description: "" });

    const src = await runtime.create("EventSource", { ...P, subscriptionId: sub.id, type: "ip_policy_created.v0" });
    expect(src.id).toBe(`${sub.id}/ip_policy_created.v0`);
    expect(src.outs).toEqual({
      subscriptionId: sub.id,
      type: "ip_policy_created.v0",
      uri: expect.any(String),
      __declared: ["subscriptionId", "type"],
    });

    const diff = await runtime.diff("EventSource", src.id, src.outs, { ...P, subscriptionId: sub.id, type: "ip_policy_updated.v0" });
    expect(diff).toEqual({ changes: true, replaces: ["type"], deleteBeforeReplace: true });

    // Adding a source does not change the subscription's inputs: no diff on it.
    const subRead = await runtime.read("EventSubscription", sub.id, sub.outs);
    expect((await runtime.diff("EventSubscription", sub.id, subRead.props!, { ...P, destinationIds: [dest.id] })).changes).toBe(false);
  });

  it("rejects an unknown event type at check", async () => {
    const res = await fx.runtime.check("EventSource", {}, { ...P, subscriptionId: "esb_1", type: "nothing.v9" });
    expect(res.failures!.map((f) => f.property)).toEqual(["type"]);
  });
});
