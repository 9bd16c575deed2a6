/**
 * EventSubscription through the provider runtime against the emulator: its destinations. Its inline
 * `sources` (owned children) are in test/provider/owned-children.test.ts and the protocol table test/support/owned-children.ts, with the other owning kinds.
 */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const K = "EventSubscription";
const destination = async () => (await fx.client.eventDestinations.create({ target: { monitoring: { apiKey: "k" } } })).id;

describe("EventSubscription provider", () => {
  it("compares destinations as a set and changes them in place; the service's refs read back as ids", async () => {
    const { runtime, client } = fx;
    const [a, b] = [await destination(), await destination()];
    const sub = await runtime.create(K, { ...P, destinationIds: [a, b] });
    expect([...sub.outs.destinationIds].sort()).toEqual([a, b].sort());
    expect((await runtime.diff(K, sub.id, sub.outs, { ...P, destinationIds: [b, a] })).changes).toBe(false);
    expect(await runtime.diff(K, sub.id, sub.outs, { ...P, destinationIds: [a] })).toMatchObject({ changes: true, replaces: [] });
    const updated = await runtime.update(K, sub.id, sub.outs, { ...P, destinationIds: [a] });
    expect(updated.outs!.destinationIds).toEqual([a]);
    expect((await client.eventSubscriptions.get(sub.id)).destinations.map((d) => d.id)).toEqual([a]);
  });

  it("without inline sources, the sources and their ids are null: a source added by hand is not drift", async () => {
    const { runtime, client } = fx;
    const inputs = { ...P, destinationIds: [await destination()] };
    const sub = await runtime.create(K, inputs);
    expect(sub.outs).toMatchObject({ sources: null, sourceIds: null });
    await client.eventSources.create(sub.id, { type: "api_key_created.v0" });
    const read = await runtime.read(K, sub.id, sub.outs);
    expect((await runtime.diff(K, sub.id, read.props!, inputs)).changes).toBe(false);
  });

  it("an event type the service does not document fails at check, naming the element", async () => {
    const res = await fx.runtime.check(K, {}, { ...P, destinationIds: ["ed_1"], sources: ["nothing_happened.v0"] });
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^sources\[0\]: /) }]);
  });
});
