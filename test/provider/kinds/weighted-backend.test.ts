/**
 * WeightedBackend.backends as users write it: a list of `{ backendId, weight }`, sent as the service's
 * id → weight map, compared as a set keyed by backendId; the map form (older programs and state) still works.
 */
import { UNKNOWN } from "../../../provider/framework/values";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

async function twoBackends() {
  const blue = await fx.client.tunnelGroupBackends.create({ labels: { color: "blue" } });
  const green = await fx.client.tunnelGroupBackends.create({ labels: { color: "green" } });
  return [blue.id, green.id] as const;
}

describe("WeightedBackend backends as a list", () => {
  it("creates from the list, sends the service's map, and outputs the list in the order given", async () => {
    const { runtime, client } = fx;
    const [blue, green] = await twoBackends();
    const { id, outs } = await runtime.create("WeightedBackend", {
      ...P,
      backends: [
        { backendId: green, weight: 10 },
        { backendId: blue, weight: 90 },
      ],
    });
    expect((await client.weightedBackends.get(id)).backends).toEqual({ [green]: 10, [blue]: 90 });
    expect(outs.backends).toEqual([
      { backendId: green, weight: 10 },
      { backendId: blue, weight: 90 },
    ]);
    // A refresh reads the same list: nothing shows as drift.
    expect((await runtime.read("WeightedBackend", id, outs)).props).toEqual(outs);
  });

  it("compares as a set keyed by backendId: order and the map form are no change; a weight or a member is", async () => {
    const { runtime } = fx;
    const [blue, green] = await twoBackends();
    const declared = [
      { backendId: blue, weight: 90 },
      { backendId: green, weight: 10 },
    ];
    const { id, outs } = await runtime.create("WeightedBackend", { ...P, backends: declared });
    const diff = (olds: Record<string, unknown>, backends: unknown) => runtime.diff("WeightedBackend", id, olds, { ...P, backends });
    expect(await diff(outs, [...declared].reverse())).toEqual(NO_CHANGE);
    expect(await diff(outs, { [green]: 10, [blue]: 90 })).toEqual(NO_CHANGE);
    // State written before the list form holds the map: an equal list is no change.
    const oldState = { ...outs, backends: { [blue]: 90, [green]: 10 } };
    expect(await diff(oldState, declared)).toEqual(NO_CHANGE);
    expect(
      (
        await diff(oldState, [
          { backendId: blue, weight: 50 },
          { backendId: green, weight: 10 },
        ])
      ).changes,
    ).toBe(true);
    expect((await diff(outs, [{ backendId: blue, weight: 90 }])).changes).toBe(true);
    expect(
      (
        await diff(outs, [
          { backendId: UNKNOWN, weight: 90 },
          { backendId: green, weight: 10 },
        ])
      ).changes,
    ).toBe(true);
  });

  it("updates old state (a map) from a list: the service gets the map, the outputs are the list", async () => {
    const { runtime, client } = fx;
    const [blue, green] = await twoBackends();
    const made = await client.weightedBackends.create({ backends: { [blue]: 90, [green]: 10 } });
    const oldState = { backends: { [blue]: 90, [green]: 10 }, description: "", metadata: "", uri: made.uri, createdAt: made.createdAt };
    const { outs } = await runtime.update("WeightedBackend", made.id, oldState, {
      ...P,
      backends: [
        { backendId: blue, weight: 40 },
        { backendId: green, weight: 60 },
      ],
    });
    expect((await client.weightedBackends.get(made.id)).backends).toEqual({ [blue]: 40, [green]: 60 });
    expect(outs!.backends).toEqual([
      { backendId: blue, weight: 40 },
      { backendId: green, weight: 60 },
    ]);
  });

  it("keeps the map form working: created from a map, output as the list", async () => {
    const { runtime, client } = fx;
    const [blue, green] = await twoBackends();
    const { id, outs } = await runtime.create("WeightedBackend", { ...P, backends: { [blue]: 70, [green]: 30 } });
    expect((await client.weightedBackends.get(id)).backends).toEqual({ [blue]: 70, [green]: 30 });
    expect(outs.backends).toEqual([
      { backendId: blue, weight: 70 },
      { backendId: green, weight: 30 },
    ]);
    expect((await runtime.diff("WeightedBackend", id, outs, { ...P, backends: { [blue]: 70, [green]: 30 } })).changes).toBe(false);
  });

  it("adopts with the list form and sends nothing when the weights match", async () => {
    const { runtime, client } = fx;
    const [blue, green] = await twoBackends();
    const made = await client.weightedBackends.create({ backends: { [blue]: 1, [green]: 2 } });
    await client.request({ method: "DELETE", path: "/_emulator/counters" });
    const adopted = await runtime.create("WeightedBackend", {
      ...P,
      adopt: made.id,
      backends: [
        { backendId: green, weight: 2 },
        { backendId: blue, weight: 1 },
      ],
    });
    expect(adopted.id).toBe(made.id);
    const counters = await client.request<{ routes: Record<string, unknown> }>({ method: "GET", path: "/_emulator/counters" });
    expect(Object.keys(counters.routes)).toEqual([expect.stringMatching(/^GET \/backends\/weighted/)]);
  });
});

describe("WeightedBackend backends at preview", () => {
  const failures = async (backends: unknown) => (await fx.runtime.check("WeightedBackend", {}, { ...P, backends })).failures;

  it("names the item and field of a bad entry", async () => {
    expect(
      await failures([
        { backendId: "bkdtg_1", weight: 1 },
        { backendId: "bkdtg_2", weight: 10001 },
      ]),
    ).toEqual([{ property: "", reason: "backends[1].weight: must be at most 10000" }]);
    expect(await failures([{ backendId: "ipp_1", weight: 1 }])).toEqual([
      { property: "", reason: expect.stringMatching(/^backends\[0\]\.backendId: must be an id starting with "bkdtg_"/) },
    ]);
    expect(await failures([{ backendId: "bkdtg_1", wieght: 1 }])).toEqual(
      expect.arrayContaining([{ property: "", reason: "backends[0].wieght: is not a known field" }]),
    );
    expect(await failures([])).toEqual([{ property: "", reason: "backends: must have at least 1 item" }]);
  });

  it("refuses a backend given twice, naming the repeat and the first", async () => {
    expect(
      await failures([
        { backendId: "bkdtg_1", weight: 1 },
        { backendId: "bkdtg_2", weight: 1 },
        { backendId: "bkdtg_1", weight: 5 },
      ]),
    ).toEqual([{ property: "", reason: "backends[2].backendId: must not repeat backends[0].backendId: each backend appears once" }]);
  });

  it("passes ids not known yet (another resource's id during preview)", async () => {
    expect(
      await failures([
        { backendId: UNKNOWN, weight: 1 },
        { backendId: UNKNOWN, weight: 2 },
      ]),
    ).toEqual([]);
    expect(await failures(UNKNOWN)).toEqual([]);
    expect(await failures([{ backendId: UNKNOWN, weight: 20000 }])).toEqual([
      { property: "", reason: "backends[0].weight: must be at most 10000" },
    ]);
  });

  it("still checks the map form by the service's rules", async () => {
    expect(await failures({ bkdtg_1: 10001 })).toEqual([{ property: "", reason: "backends.bkdtg_1: must be at most 10000" }]);
    expect(await failures({ bkdtg_1: 5 })).toEqual([]);
  });
});
