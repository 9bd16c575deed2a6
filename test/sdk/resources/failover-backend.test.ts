/** Failover backends: paths and wire shape, the ordered child list and its rules. */
import { BadRequestError, ConflictError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create, get, update, list and delete use /backends/failover; the order is kept", async () => {
    const { failoverBackends } = wire.client;
    const backends = ["bkdwd_2", "bkdtg_1", "bkdhr_3"];
    wire.reply(201, samples.failoverBackend(backends));
    const created = await failoverBackends.create({ backends, description: "dr" });
    expect(wire.last()).toEqual({ method: "POST", path: "/backends/failover", body: { backends, description: "dr" } });
    expect(created.backends).toEqual(backends);

    wire.reply(200, samples.failoverBackend(backends));
    await failoverBackends.get("bkdfo_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/backends/failover/bkdfo_1" });
    await failoverBackends.update("bkdfo_1", { backends: ["bkdtg_1"] });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/backends/failover/bkdfo_1", body: { backends: ["bkdtg_1"] } });

    wire.reply(200, list("backends", [samples.failoverBackend(backends)]));
    expect(await failoverBackends.list().toArray()).toEqual([created]);

    wire.reply(204);
    await failoverBackends.delete("bkdfo_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/backends/failover/bkdfo_1" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["no backends", {}, "backends", "is required"],
    ["an empty list", { backends: [] }, "backends", "must have at least 1 item"],
    ["a repeated child", { backends: ["bkdtg_1", "bkdtg_2", "bkdtg_1"] }, "backends[2]", "must not repeat an earlier item"],
    [
      "an id of another kind",
      { backends: ["bkdtg_1", "edgtcp_1"] },
      "backends[1]",
      'must be an id starting with "bkdtg_", "bkdwd_", "bkdfo_" or "bkdhr_"',
    ],
    ["a map instead of a list", { backends: { bkdtg_1: 1 } }, "backends", "must be a list of ids"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.failoverBackends.create(params as never), field, rule);
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();

  test("create, get, update, list, delete; the order is kept", async () => {
    const { tunnelGroupBackends, weightedBackends, failoverBackends } = emu.client;
    const tg = (await tunnelGroupBackends.create({})).id;
    const wd = (await weightedBackends.create({ backends: { [tg]: 1 } })).id;
    const created = await failoverBackends.create({ backends: [wd, tg] });
    expect(created).toEqual({
      id: expect.stringMatching(/^bkdfo_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      backends: [wd, tg],
    });
    await expect(failoverBackends.get(created.id)).resolves.toEqual(created);
    const metaOnly = await failoverBackends.update(created.id, { metadata: "m" });
    expect(metaOnly).toEqual({ ...created, metadata: "m" });
    const reordered = await failoverBackends.update(created.id, { backends: [tg, wd] });
    expect(reordered.backends).toEqual([tg, wd]);
    expect(await failoverBackends.list().toArray()).toContainEqual(reordered);
    await failoverBackends.delete(created.id);
    await expectApiError(failoverBackends.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("the service's own checks: a repeated child, a missing child", async () => {
    const tg = (await emu.client.tunnelGroupBackends.create({})).id;
    await expectApiError(
      emu.client.post("/backends/failover", { body: { backends: [tg, tg] } }),
      BadRequestError,
      "INVALID_FIELD",
      "backends[1]",
    );
    await expectApiError(
      emu.client.failoverBackends.create({ backends: [tg, "bkdwd_00000000000000000000000000"] }),
      BadRequestError,
      "INVALID_FIELD",
      "backends[1]",
    );
  });

  test("deleting a child still in use → ConflictError CONFLICT", async () => {
    const tg = (await emu.client.tunnelGroupBackends.create({})).id;
    const { id } = await emu.client.failoverBackends.create({ backends: [tg] });
    const err = await expectApiError(emu.client.tunnelGroupBackends.delete(tg), ConflictError, "CONFLICT");
    expect(err.details.inUseBy).toBe(id);
  });
});
