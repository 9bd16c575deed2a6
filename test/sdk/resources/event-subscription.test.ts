/** Event subscriptions against the emulator: destination references and inline sources. */
import { BadRequestError, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

async function destinationIds(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await emu.client.eventDestinations.create({ target: { monitoring: { apiKey: `k${i}` } } })).id);
  return ids;
}

test("create, get, update, list, delete", async () => {
  const { eventSubscriptions } = emu.client;
  const [d1, d2] = await destinationIds(2);
  const created = await eventSubscriptions.create({
    description: "audit",
    destinationIds: [d1],
    sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
  });
  expect(created).toEqual({
    id: expect.stringMatching(/^esb_/),
    uri: expect.stringContaining(created.id),
    createdAt: expect.any(String),
    description: "audit",
    metadata: "",
    destinations: [{ id: d1, uri: expect.stringContaining(d1) }],
    sources: [
      { type: "ip_policy_created.v0", uri: `${created.uri}/sources/ip_policy_created.v0` },
      { type: "ip_policy_updated.v0", uri: `${created.uri}/sources/ip_policy_updated.v0` },
    ],
  });
  await expect(eventSubscriptions.get(created.id)).resolves.toEqual(created);

  const updated = await eventSubscriptions.update(created.id, { metadata: "m", destinationIds: [d2, d1] });
  expect(updated).toEqual({
    ...created,
    metadata: "m",
    destinations: [expect.objectContaining({ id: d2 }), expect.objectContaining({ id: d1 })],
  });

  expect(await eventSubscriptions.list().toArray()).toContainEqual(updated);

  await eventSubscriptions.delete(created.id);
  await expectApiError(eventSubscriptions.get(created.id), NotFoundError, "NOT_FOUND");
});

test("sources are optional at creation", async () => {
  const [d] = await destinationIds(1);
  expect((await emu.client.eventSubscriptions.create({ destinationIds: [d] })).sources).toEqual([]);
});

describe("client-side validation", () => {
  test.each([
    ["no destinations", {}, "destinationIds", "is required"],
    ["an empty destination list", { destinationIds: [] }, "destinationIds", "must have at least 1 item"],
    ["an id of another kind", { destinationIds: ["ed_1", "esb_1"] }, "destinationIds[1]", 'must be an id starting with "ed_"'],
    [
      "an unknown event type",
      { destinationIds: ["ed_1"], sources: [{ type: "coffee_brewed.v0" }] },
      "sources[0].type",
      "must be a known event type (<name>.v<N>, e.g. ip_policy_updated.v0)",
    ],
    ["a source without type", { destinationIds: ["ed_1"], sources: [{}] }, "sources[0].type", "is required"],
    [
      "a repeated event type",
      {
        destinationIds: ["ed_1"],
        sources: [{ type: "api_key_created.v0" }, { type: "api_key_deleted.v0" }, { type: "api_key_created.v0" }],
      },
      "sources[2].type",
      "must not repeat sources[0].type",
    ],
    [
      "a source with its uri",
      { destinationIds: ["ed_1"], sources: [{ type: "api_key_created.v0", uri: "x" }] },
      "sources[0].uri",
      "is not a known field",
    ],
    ["sources not a list", { destinationIds: ["ed_1"], sources: "api_key_created.v0" }, "sources", "must be a list"],
    [
      "a 4097-byte metadata",
      { destinationIds: ["ed_1"], metadata: "m".repeat(4097) },
      "metadata",
      "must be at most 4096 bytes (UTF-8), got 4097 bytes",
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.eventSubscriptions.create(params as never), field, rule);
  });

  test("update: sources change only through eventSources; destinations may not be emptied", async () => {
    const [d] = await destinationIds(1);
    const { id } = await emu.client.eventSubscriptions.create({ destinationIds: [d] });
    await expectInvalid(
      emu.client.eventSubscriptions.update(id, { sources: [{ type: "api_key_created.v0" }] } as never),
      "sources",
      "is not a known field",
    );
    await expectInvalid(emu.client.eventSubscriptions.update(id, { destinationIds: [] }), "destinationIds", "must have at least 1 item");
  });
});

describe("the service's own checks (client validation bypassed)", () => {
  test("a destination that does not exist → BadRequestError INVALID_FIELD on destinationIds[0]", async () => {
    const missing = "ed_00000000000000000000000000";
    await expectApiError(
      emu.client.eventSubscriptions.create({ destinationIds: [missing] }),
      BadRequestError,
      "INVALID_FIELD",
      "destinationIds[0]",
    );
  });

  test("a repeated event type → BadRequestError INVALID_FIELD on sources[1].type", async () => {
    const [d] = await destinationIds(1);
    const body = { destinationIds: [d], sources: [{ type: "api_key_created.v0" }, { type: "api_key_created.v0" }] };
    await expectApiError(emu.client.post("/event_subscriptions", { body }), BadRequestError, "INVALID_FIELD", "sources[1].type");
  });

  test("sources on update (as other clients send them) replace the list, by the create rules", async () => {
    const [d] = await destinationIds(1);
    const { id } = await emu.client.eventSubscriptions.create({ destinationIds: [d], sources: [{ type: "api_key_created.v0" }] });
    await emu.client.patch(`/event_subscriptions/${id}`, { body: { sources: [{ type: "ip_policy_created.v0" }] } });
    expect((await emu.client.eventSources.list(id).toArray()).map((s) => s.type)).toEqual(["ip_policy_created.v0"]);
    const body = { sources: [{ type: "api_key_created.v0" }, { type: "api_key_created.v0" }] };
    await expectApiError(emu.client.patch(`/event_subscriptions/${id}`, { body }), BadRequestError, "INVALID_FIELD", "sources[1].type");
  });
});
