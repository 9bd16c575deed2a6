/** Weighted backends: paths and wire shape, child ids as map keys, weight and id rules. */
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { list, samples } from "./wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create, get, update, list and delete use /backends/weighted; child ids are never case-converted", async () => {
    const { weightedBackends } = wire.client;
    const backends = { bkdtg_abc: 10, bkdfo_Xy9: 0, bkdwd_2: 10000 };
    wire.reply(201, samples.weightedBackend(backends));
    const created = await weightedBackends.create({ backends });
    expect(wire.last()).toEqual({ method: "POST", path: "/backends/weighted", body: { backends } });
    expect(created.backends).toEqual(backends);

    wire.reply(200, samples.weightedBackend(backends));
    await weightedBackends.get("bkdwd_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/backends/weighted/bkdwd_1" });
    await weightedBackends.update("bkdwd_1", { metadata: "m" });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/backends/weighted/bkdwd_1", body: { metadata: "m" } });

    wire.reply(200, list("backends", [samples.weightedBackend(backends)]));
    expect(await weightedBackends.list().toArray()).toEqual([created]);

    wire.reply(204);
    await weightedBackends.delete("bkdwd_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/backends/weighted/bkdwd_1" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["no backends", {}, "backends", "is required"],
    ["an empty map", { backends: {} }, "backends", "must have at least 1 entry"],
    ["a weight above 10000", { backends: { bkdtg_1: 10001 } }, "backends.bkdtg_1", "must be at most 10000"],
    ["a negative weight", { backends: { bkdtg_1: -1 } }, "backends.bkdtg_1", "must be at least 0"],
    ["a fractional weight", { backends: { bkdtg_1: 0.5 } }, "backends.bkdtg_1", "must be an integer"],
    ["a key that is not a backend id", { backends: { ipp_1: 1 } }, "backends.ipp_1", 'must be an id starting with "bkdtg_", "bkdwd_", "bkdfo_" or "bkdhr_"'],
    ["backends as a list", { backends: ["bkdtg_1"] }, "backends", "must be an object"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.weightedBackends.create(params as never), field, rule);
  });

  test("update may leave the map out but checks it when given", async () => {
    await expectInvalid(wire.client.weightedBackends.update("bkdwd_1", { backends: { bkdtg_1: 20000 } }), "backends.bkdtg_1", "must be at most 10000");
  });
});
