/** Event destinations against the emulator: one target member, auth, secrets returned, in-use deletes. */
import { BadRequestError, ConflictError, NotFoundError, ValidationError, type EventTargetParams } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";

const emu = useEmulator();

const SECRET = "s3cr3t-access-key-value";
const role = { role: { roleResourceName: "arn:role/events" } };
const creds = { creds: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: SECRET } };
const none = { delivery: null, stream: null, logs: null, monitoring: null };

test("create, get, update, list, delete", async () => {
  const { eventDestinations } = emu.client;
  const created = await eventDestinations.create({
    description: "audit",
    target: { delivery: { auth: role, deliveryStreamResourceName: "arn:delivery/a" } },
  });
  expect(created).toEqual({
    id: expect.stringMatching(/^ed_/),
    uri: expect.stringContaining(created.id),
    metadata: "",
    createdAt: expect.any(String),
    description: "audit",
    format: "json", // the default
    target: { ...none, delivery: { auth: { ...role, creds: null }, deliveryStreamResourceName: "arn:delivery/a" } },
  });
  await expect(eventDestinations.get(created.id)).resolves.toEqual(created);

  const renamed = await eventDestinations.update(created.id, { metadata: "m", format: "json" });
  expect(renamed).toEqual({ ...created, metadata: "m" });

  // A target replaces the whole target.
  const moved = await eventDestinations.update(created.id, { target: { stream: { auth: creds, streamResourceName: "arn:stream/b" } } });
  expect(moved).toEqual({
    ...renamed,
    target: { ...none, stream: { auth: { role: null, ...creds }, streamResourceName: "arn:stream/b" } },
  });

  expect(await eventDestinations.list().toArray()).toContainEqual(moved);

  await eventDestinations.delete(created.id);
  await expectApiError(eventDestinations.get(created.id), NotFoundError, "NOT_FOUND");
  await expectApiError(eventDestinations.delete(created.id), NotFoundError, "NOT_FOUND");
});

test.each<[string, EventTargetParams, object]>([
  [
    "logs with creds",
    { logs: { auth: creds, logGroupResourceName: "lg" } },
    { logs: { auth: { role: null, ...creds }, logGroupResourceName: "lg" } },
  ],
  [
    "monitoring",
    { monitoring: { apiKey: SECRET, tags: "env:prod", service: "edge", site: "eu" } },
    { monitoring: { apiKey: SECRET, tags: "env:prod", service: "edge", site: "eu" } },
  ],
  ["monitoring, key only", { monitoring: { apiKey: SECRET } }, { monitoring: { apiKey: SECRET, tags: "", service: "", site: "" } }],
])("target %s: secrets are read back", async (_label, target, expected) => {
  const created = await emu.client.eventDestinations.create({ target });
  expect(created.target).toEqual({ ...none, ...expected });
  await expect(emu.client.eventDestinations.get(created.id)).resolves.toEqual(created);
});

test("a read target can be sent back as is (unset members null)", async () => {
  const { target } = await emu.client.eventDestinations.create({ target: { logs: { auth: role, logGroupResourceName: "lg" } } });
  const again = await emu.client.eventDestinations.create({ target });
  expect(again.target).toEqual(target);
});

test("deleting a destination a subscription uses → ConflictError CONFLICT", async () => {
  const { eventDestinations, eventSubscriptions } = emu.client;
  const destination = await eventDestinations.create({ target: { monitoring: { apiKey: "k" } } });
  const subscription = await eventSubscriptions.create({ destinationIds: [destination.id] });
  const err = await expectApiError(eventDestinations.delete(destination.id), ConflictError, "CONFLICT");
  expect(err.message).toContain(subscription.id);
  await eventSubscriptions.delete(subscription.id);
  await expect(eventDestinations.delete(destination.id)).resolves.toBeUndefined();
});

describe("client-side validation", () => {
  const delivery = { delivery: { auth: role, deliveryStreamResourceName: "d" } };
  test.each([
    ["no target", {}, "target", "is required"],
    ["an empty target", { target: {} }, "target", "must have exactly one of delivery, stream, logs, monitoring set"],
    [
      "two target members",
      { target: { ...delivery, monitoring: { apiKey: SECRET } } },
      "target",
      "must have exactly one of delivery, stream, logs, monitoring set",
    ],
    ["only null members", { target: none }, "target", "must have exactly one of delivery, stream, logs, monitoring set"],
    ["an unknown member", { target: { ...delivery, objectStorage: {} } }, "target.objectStorage", "is not a known field"],
    ["a format other than json", { format: "xml", target: delivery }, "format", "must be one of json"],
    [
      "auth with both",
      { target: { logs: { auth: { ...role, ...creds }, logGroupResourceName: "l" } } },
      "target.logs.auth",
      "must have exactly one of role, creds set",
    ],
    [
      "auth with neither",
      { target: { logs: { auth: {}, logGroupResourceName: "l" } } },
      "target.logs.auth",
      "must have exactly one of role, creds set",
    ],
    ["no auth", { target: { stream: { streamResourceName: "s" } } }, "target.stream.auth", "is required"],
    [
      "an empty stream name",
      { target: { stream: { auth: role, streamResourceName: "" } } },
      "target.stream.streamResourceName",
      "must not be empty",
    ],
    [
      "an empty delivery stream name",
      { target: { delivery: { auth: role, deliveryStreamResourceName: "" } } },
      "target.delivery.deliveryStreamResourceName",
      "must not be empty",
    ],
    [
      "an empty role name",
      { target: { logs: { auth: { role: { roleResourceName: "" } }, logGroupResourceName: "l" } } },
      "target.logs.auth.role.roleResourceName",
      "must not be empty",
    ],
    [
      "an empty secret",
      { target: { logs: { auth: { creds: { accessKeyId: "a", secretAccessKey: "" } }, logGroupResourceName: "l" } } },
      "target.logs.auth.creds.secretAccessKey",
      "must not be empty",
    ],
    ["no api key", { target: { monitoring: { site: "eu" } } }, "target.monitoring.apiKey", "is required"],
    ["tags not a string", { target: { monitoring: { apiKey: SECRET, tags: 1 } } }, "target.monitoring.tags", "must be a string"],
    [
      "a wire-cased key",
      { target: { logs: { auth: role, logGroupResourceName: "l", log_group_resource_name: "l" } } },
      "target.logs.log_group_resource_name",
      "is not a known field",
    ],
    [
      "a 256-byte description",
      { description: "d".repeat(256), target: delivery },
      "description",
      "must be at most 255 bytes (UTF-8), got 256 bytes",
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(emu.client.eventDestinations.create(params as never), field, rule);
  });

  test("update checks the same target rules; a validation message never holds the secret", async () => {
    const { id } = await emu.client.eventDestinations.create({ target: delivery });
    const both = { ...delivery, logs: { auth: creds, logGroupResourceName: "l" } };
    await expectInvalid(
      emu.client.eventDestinations.update(id, { target: both }),
      "target",
      "must have exactly one of delivery, stream, logs, monitoring set",
    );
    const err = await emu.client.eventDestinations
      .update(id, { target: { logs: { auth: { ...creds, extra: SECRET } as never, logGroupResourceName: "" } } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues.map((i) => i.field)).toEqual(["target.logs.auth.extra", "target.logs.logGroupResourceName"]);
    expect((err as Error).message).not.toContain(SECRET);
  });
});

describe("the service's own checks (client validation bypassed)", () => {
  test("two target members → BadRequestError INVALID_FIELD on target", async () => {
    const target = { monitoring: { apiKey: "k" }, stream: { auth: role, streamResourceName: "s" } };
    await expectApiError(emu.client.post("/event_destinations", { body: { target } }), BadRequestError, "INVALID_FIELD", "target");
  });

  test("an empty secret → BadRequestError naming the camelCase field, without the value", async () => {
    const target = { logs: { auth: { creds: { accessKeyId: SECRET, secretAccessKey: "" } }, logGroupResourceName: "l" } };
    const err = await expectApiError(
      emu.client.post("/event_destinations", { body: { target } }),
      BadRequestError,
      "INVALID_FIELD",
      "target.logs.auth.creds.secretAccessKey",
    );
    expect(err.message).not.toContain(SECRET);
  });
});
