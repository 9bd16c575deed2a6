/** Weighted backends: paths and wire shape, child ids as map keys, weight and id rules. */
import { BadRequestError, ConflictError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

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
    [
      "a key that is not a backend id",
      { backends: { ipp_1: 1 } },
      "backends.ipp_1",
      'must be an id starting with "bkdtg_", "bkdwd_", "bkdfo_" or "bkdhr_"',
    ],
    ["backends as a list", { backends: ["bkdtg_1"] }, "backends", "must be an object"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.weightedBackends.create(params as never), field, rule);
  });

  test("update may leave the map out but checks it when given", async () => {
    await expectInvalid(
      wire.client.weightedBackends.update("bkdwd_1", { backends: { bkdtg_1: 20000 } }),
      "backends.bkdtg_1",
      "must be at most 10000",
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  const missing = "bkdtg_00000000000000000000000000";

  test("create, get, update, list, delete; child ids survive the round trip unchanged", async () => {
    const { tunnelGroupBackends, failoverBackends, weightedBackends } = emu.client;
    const tg = (await tunnelGroupBackends.create({})).id;
    const fo = (await failoverBackends.create({ backends: [tg] })).id;
    const created = await weightedBackends.create({ backends: { [tg]: 10000, [fo]: 0 }, description: "split" });
    expect(created).toEqual({
      id: expect.stringMatching(/^bkdwd_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "split",
      metadata: "",
      backends: { [tg]: 10000, [fo]: 0 },
    });
    await expect(weightedBackends.get(created.id)).resolves.toEqual(created);

    // Our choice where the spec's sample shows an empty map: a metadata-only PATCH keeps the real one.
    const metaOnly = await weightedBackends.update(created.id, { metadata: "m" });
    expect(metaOnly).toEqual({ ...created, metadata: "m" });
    const reweighted = await weightedBackends.update(created.id, { backends: { [tg]: 1 } });
    expect(reweighted.backends).toEqual({ [tg]: 1 });
    expect(await weightedBackends.list().toArray()).toContainEqual(reweighted);

    await weightedBackends.delete(created.id);
    await expectApiError(weightedBackends.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("a child that does not exist → BadRequestError INVALID_FIELD naming the id as written", async () => {
    const tg = (await emu.client.tunnelGroupBackends.create({})).id;
    await expectApiError(
      emu.client.weightedBackends.create({ backends: { [tg]: 1, [missing]: 1 } }),
      BadRequestError,
      "INVALID_FIELD",
      `backends.${missing}`,
    );
  });

  test("a backend may not contain itself", async () => {
    const tg = (await emu.client.tunnelGroupBackends.create({})).id;
    const { id } = await emu.client.weightedBackends.create({ backends: { [tg]: 1 } });
    await expectApiError(
      emu.client.weightedBackends.update(id, { backends: { [id]: 1 } }),
      BadRequestError,
      "INVALID_FIELD",
      `backends.${id}`,
    );
  });

  test("deleting a child still in use → ConflictError CONFLICT naming the user", async () => {
    const tg = (await emu.client.tunnelGroupBackends.create({})).id;
    const { id } = await emu.client.weightedBackends.create({ backends: { [tg]: 1 } });
    const err = await expectApiError(emu.client.tunnelGroupBackends.delete(tg), ConflictError, "CONFLICT");
    expect(err.details.inUseBy).toBe(id);
    await emu.client.weightedBackends.delete(id);
    await expect(emu.client.tunnelGroupBackends.delete(tg)).resolves.toBeUndefined();
  });

  test("the service's own check: an empty map on update → BadRequestError INVALID_FIELD", async () => {
    const tg = (await emu.client.tunnelGroupBackends.create({})).id;
    const { id } = await emu.client.weightedBackends.create({ backends: { [tg]: 1 } });
    await expectApiError(
      emu.client.patch(`/backends/weighted/${id}`, { body: { backends: {} } }),
      BadRequestError,
      "INVALID_FIELD",
      "backends",
    );
    await expectInvalid(emu.client.weightedBackends.update(id, { backends: {} }), "backends", "must have at least 1 entry");
  });
});
