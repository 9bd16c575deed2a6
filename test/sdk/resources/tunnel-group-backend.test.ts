/** Tunnel group backends: paths and wire shape, label keys as user data, client checks. */
import { BadRequestError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { list, samples } from "../wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create, get, update, list and delete use /backends/tunnel_group; label keys pass unchanged both ways", async () => {
    const { tunnelGroupBackends } = wire.client;
    const labels = { team_name: "edge", "Deploy-Env": "prod", camelKey: "x" };
    wire.reply(201, samples.tunnelGroupBackend(labels));
    const created = await tunnelGroupBackends.create({ labels, description: "pool" });
    expect(wire.last()).toEqual({ method: "POST", path: "/backends/tunnel_group", body: { labels, description: "pool" } });
    expect(created).toEqual({
      id: "bkdtg_1",
      uri: expect.any(String),
      createdAt: expect.any(String),
      description: "",
      metadata: "",
      labels,
      tunnels: [],
    });

    wire.reply(200, samples.tunnelGroupBackend(labels));
    await tunnelGroupBackends.get("bkdtg_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/backends/tunnel_group/bkdtg_1" });

    await tunnelGroupBackends.update("bkdtg_1", { labels: { other_key: "v" } });
    expect(wire.last()).toEqual({ method: "PATCH", path: "/backends/tunnel_group/bkdtg_1", body: { labels: { other_key: "v" } } });

    wire.reply(200, list("backends", [samples.tunnelGroupBackend(labels)]));
    expect((await tunnelGroupBackends.list({ limit: 5 }).toArray()).map((b) => b.labels)).toEqual([labels]);
    expect(wire.last()).toMatchObject({ method: "GET", path: "/backends/tunnel_group?limit=5" });

    wire.reply(204);
    await tunnelGroupBackends.delete("bkdtg_1");
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/backends/tunnel_group/bkdtg_1" });
  });

  test("absent labels and tunnels read as empty", async () => {
    const { labels: _l, tunnels: _t, ...bare } = samples.tunnelGroupBackend();
    wire.reply(200, bare);
    expect(await wire.client.tunnelGroupBackends.get("bkdtg_1")).toMatchObject({ labels: {}, tunnels: [] });
  });
});

describe("client-side validation", () => {
  test.each([
    ["labels as a list", { labels: ["a"] }, "labels", "must be an object"],
    ["a numeric label value", { labels: { team: 1 } }, "labels.team", "must be a string"],
    ["tunnels as input", { tunnels: [] }, "tunnels", "is not a known field"],
    ["a 256-byte description", { description: "d".repeat(256) }, "description", "must be at most 255 bytes (UTF-8), got 256 bytes"],
  ])("create with %s", async (_label, params, field, rule) => {
    const before = wire.count();
    await expectInvalid(wire.client.tunnelGroupBackends.create(params as never), field, rule);
    expect(wire.count()).toBe(before);
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();

  test("create, get, update, list, delete; label keys survive the round trip unchanged", async () => {
    const { tunnelGroupBackends } = emu.client;
    const labels = { team_name: "edge", "X-Env": "prod", camelCase: "yes" };
    const created = await tunnelGroupBackends.create({ description: "pool", labels });
    expect(created).toEqual({
      id: expect.stringMatching(/^bkdtg_/),
      uri: expect.stringContaining(created.id),
      createdAt: expect.any(String),
      description: "pool",
      metadata: "",
      labels,
      tunnels: [],
    });
    await expect(tunnelGroupBackends.get(created.id)).resolves.toEqual(created);

    const updated = await tunnelGroupBackends.update(created.id, { labels: { other_label: "v" } });
    expect(updated).toEqual({ ...created, labels: { other_label: "v" } });
    const metaOnly = await tunnelGroupBackends.update(created.id, { metadata: "m" });
    expect(metaOnly).toEqual({ ...updated, metadata: "m" });
    expect(await tunnelGroupBackends.list().toArray()).toContainEqual(metaOnly);

    await tunnelGroupBackends.delete(created.id);
    await expectApiError(tunnelGroupBackends.get(created.id), NotFoundError, "NOT_FOUND");
  });

  test("no labels reads back as an empty map", async () => {
    expect((await emu.client.tunnelGroupBackends.create({})).labels).toEqual({});
  });

  test("the service's own check: an empty label key → BadRequestError INVALID_FIELD on labels", async () => {
    await expectApiError(
      emu.client.post("/backends/tunnel_group", { body: { labels: { "": "v" } } }),
      BadRequestError,
      "INVALID_FIELD",
      "labels",
    );
  });

  test("the client refuses an empty label key as the service does", async () => {
    await expectInvalid(emu.client.tunnelGroupBackends.create({ labels: { "": "v" } }), "labels", "keys must not be empty");
  });
});
