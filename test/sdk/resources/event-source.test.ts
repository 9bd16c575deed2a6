/** Event sources against the emulator: addressed by subscription id and type; no pages. */
import { EVENT_TYPES as EMULATOR_EVENT_TYPES } from "../../../emulator/state/event-subscription";
import { BadRequestError, ConflictError, EVENT_TYPES, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

async function subscription(types: string[] = []): Promise<string> {
  const { id } = await emu.client.eventDestinations.create({ target: { monitoring: { apiKey: "k" } } });
  return (await emu.client.eventSubscriptions.create({ destinationIds: [id], sources: types.map((type) => ({ type: type as never })) })).id;
}

test("the sdk knows the same event types as the service", () => {
  expect([...EVENT_TYPES]).toEqual([...EMULATOR_EVENT_TYPES]);
  expect(EVENT_TYPES).toEqual(expect.arrayContaining(["ip_policy_created.v0", "ip_policy_updated.v0", "ip_policy_deleted.v0"]));
});

test("create, get, update, list, delete", async () => {
  const { eventSources, eventSubscriptions } = emu.client;
  const id = await subscription(["api_key_created.v0"]);
  const { uri } = await eventSubscriptions.get(id);
  const created = await eventSources.create(id, { type: "ip_restriction_updated.v0" });
  expect(created).toEqual({ type: "ip_restriction_updated.v0", uri: `${uri}/sources/ip_restriction_updated.v0` });
  await expect(eventSources.get(id, "ip_restriction_updated.v0")).resolves.toEqual(created);
  await expect(eventSources.update(id, "ip_restriction_updated.v0")).resolves.toEqual(created);

  const listed = await eventSources.list(id).toArray();
  expect(listed.map((s) => s.type)).toEqual(["api_key_created.v0", "ip_restriction_updated.v0"]);
  const pages = [];
  for await (const page of eventSources.list(id).pages()) pages.push(page);
  expect(pages.map((p) => [p.items.length, p.uri, p.nextPageUri])).toEqual([[2, `${uri}/sources`, null]]);
  expect((await eventSubscriptions.get(id)).sources).toEqual(listed);

  await eventSources.delete(id, "ip_restriction_updated.v0");
  await expectApiError(eventSources.get(id, "ip_restriction_updated.v0"), NotFoundError, "NOT_FOUND");
  expect((await eventSources.list(id).toArray()).map((s) => s.type)).toEqual(["api_key_created.v0"]);
});

test("a type the subscription already has → ConflictError on type", async () => {
  const id = await subscription(["tls_certificate_created.v0"]);
  await expectApiError(emu.client.eventSources.create(id, { type: "tls_certificate_created.v0" }), ConflictError, "CONFLICT", "type");
});

test("a missing subscription or source → NotFoundError", async () => {
  const { eventSources } = emu.client;
  const gone = "esb_00000000000000000000000000";
  await expectApiError(eventSources.create(gone, { type: "api_key_created.v0" }), NotFoundError, "NOT_FOUND");
  await expectApiError(eventSources.list(gone).toArray(), NotFoundError, "NOT_FOUND");
  const id = await subscription();
  await expectApiError(eventSources.get(id, "api_key_created.v0"), NotFoundError, "NOT_FOUND");
  await expectApiError(eventSources.update(id, "api_key_created.v0"), NotFoundError, "NOT_FOUND");
  await expectApiError(eventSources.delete(id, "api_key_created.v0"), NotFoundError, "NOT_FOUND");
});

describe("client-side validation", () => {
  test.each([
    ["an unknown type", { type: "coffee_brewed.v0" }, "type", "must be a known event type (<name>.v<N>, e.g. ip_policy_updated.v0)"],
    [
      "a type without version",
      { type: "ip_policy_created" },
      "type",
      "must be a known event type (<name>.v<N>, e.g. ip_policy_updated.v0)",
    ],
    ["no type", {}, "type", "is required"],
    ["an extra field", { type: "api_key_created.v0", uri: "x" }, "uri", "is not a known field"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.eventSources.create("esb_1", params as never), field, rule);
  });

  test("path arguments must be non-empty; list fails on iteration, not at the call", async () => {
    const { eventSources } = emu.client;
    await expectInvalid(eventSources.get("", "api_key_created.v0"), "subscriptionId", "must be a non-empty id");
    await expectInvalid(eventSources.delete("esb_1", ".."), "type", "must be a non-empty id");
    await expectInvalid(eventSources.create(".", { type: "api_key_created.v0" }), "subscriptionId", "must be a non-empty id");
    const listing = eventSources.list("");
    await expectInvalid(listing.toArray(), "subscriptionId", "must be a non-empty id");
  });
});

test("the service's own check: an unknown type → BadRequestError INVALID_FIELD on type", async () => {
  const id = await subscription();
  await expectApiError(
    emu.client.post(`/event_subscriptions/${id}/sources`, { body: { type: "coffee_brewed.v0" } }),
    BadRequestError,
    "INVALID_FIELD",
    "type",
  );
});
