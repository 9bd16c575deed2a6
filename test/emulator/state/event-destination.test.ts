import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

const SECRET = "wJalrXUtnFEMI-very-secret-key";
const role = { role: { role_resource_name: "arn:role/events" } };
const creds = { creds: { access_key_id: "AKIDEXAMPLE", secret_access_key: SECRET } };
const delivery = { delivery: { auth: role, delivery_stream_resource_name: "arn:delivery/one" } };
const none = { delivery: null, stream: null, logs: null, monitoring: null };

describe("event destinations", () => {
  test("create returns 201 with format json by default and every other target member null", async () => {
    const reply = await api.post("/event_destinations", { target: delivery });
    expect(reply.status).toBe(201);
    const d = reply.body;
    expect(Object.keys(d)).toEqual(["id", "uri", "metadata", "created_at", "description", "format", "target"]);
    expect(d).toMatchObject({ description: "", metadata: "", format: "json" });
    expect(d.target).toEqual({
      ...none,
      delivery: {
        auth: { role: { role_resource_name: "arn:role/events" }, creds: null },
        delivery_stream_resource_name: "arn:delivery/one",
      },
    });
  });

  test.each([
    [
      "delivery with creds",
      { delivery: { auth: creds, delivery_stream_resource_name: "d" } },
      { delivery: { auth: { role: null, ...creds }, delivery_stream_resource_name: "d" } },
    ],
    [
      "stream with a role",
      { stream: { auth: role, stream_resource_name: "s" } },
      { stream: { auth: { ...role, creds: null }, stream_resource_name: "s" } },
    ],
    [
      "logs with creds",
      { logs: { auth: creds, log_group_resource_name: "l" } },
      { logs: { auth: { role: null, ...creds }, log_group_resource_name: "l" } },
    ],
    [
      "monitoring, all fields",
      { monitoring: { api_key: SECRET, tags: "env:prod", service: "edge", site: "eu" } },
      { monitoring: { api_key: SECRET, tags: "env:prod", service: "edge", site: "eu" } },
    ],
    ["monitoring, api_key only", { monitoring: { api_key: SECRET } }, { monitoring: { api_key: SECRET, tags: "", service: "", site: "" } }],
  ])("target %s; secrets are returned by create, get and list", async (_name, target, expected) => {
    const created = await api.post("/event_destinations", { format: "json", target });
    expect(created.status).toBe(201);
    expect(created.body.target).toEqual({ ...none, ...expected });
    expect((await api.get(`/event_destinations/${created.body.id}`)).body).toEqual(created.body);
    expect((await api.get("/event_destinations")).body.event_destinations[0]).toEqual(created.body);
  });

  test("unset members may be sent as null, so a response's target can be sent back", async () => {
    const first = (await api.post("/event_destinations", { target: delivery })).body;
    const again = await api.post("/event_destinations", { target: first.target });
    expect(again.status).toBe(201);
    expect(again.body.target).toEqual(first.target);
  });

  test("a PATCH with format json changes nothing; a target sent replaces the whole target", async () => {
    const created = (await api.post("/event_destinations", { description: "d", metadata: "m", target: delivery })).body;
    expect((await api.patch(`/event_destinations/${created.id}`, { format: "json" })).body).toEqual(created);
    // Here with another member.
    const moved = await api.patch(`/event_destinations/${created.id}`, { target: { monitoring: { api_key: "k", site: "us" } } });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ ...created, target: { ...none, monitoring: { api_key: "k", tags: "", service: "", site: "us" } } });
  });

  test("a destination used by a subscription cannot be deleted (409 naming it) until the subscription lets go", async () => {
    const used = (await api.post("/event_destinations", { target: delivery })).body;
    const other = (await api.post("/event_destinations", { target: delivery })).body;
    const sub = (await api.post("/event_subscriptions", { destination_ids: [used.id, other.id] })).body;
    const refused = await api.unchanged(() => api.del(`/event_destinations/${used.id}`));
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.msg).toContain(sub.id);
    expect(refused.body.msg).toContain(used.id);

    await api.patch(`/event_subscriptions/${sub.id}`, { destination_ids: [other.id] });
    expect((await api.del(`/event_destinations/${used.id}`)).status).toBe(204);
    expectError(await api.del(`/event_destinations/${other.id}`), 409, "CONFLICT");
    await api.del(`/event_subscriptions/${sub.id}`);
    expect((await api.del(`/event_destinations/${other.id}`)).status).toBe(204);
  });

  test("the 409 names the oldest subscription in msg and in_use_by, and counts the others", async () => {
    const used = (await api.post("/event_destinations", { target: delivery })).body.id;
    const subs = [];
    for (let i = 0; i < 3; i++) subs.push((await api.post("/event_subscriptions", { destination_ids: [used] })).body.id);
    const refused = await api.unchanged(() => api.del(`/event_destinations/${used}`));
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.msg).toBe(`event destination ${used} is in use by event subscription ${subs[0]} (and 2 more)`);
    expect(refused.body.details.in_use_by).toBe(subs[0]);
    for (const sub of subs) await api.del(`/event_subscriptions/${sub}`);
    expect((await api.del(`/event_destinations/${used}`)).status).toBe(204);
  });

  describe("validation leaves state unchanged", () => {
    const cases: Array<[string, unknown, string, string]> = [
      ["target missing", {}, "MISSING_FIELD", "target"],
      ["target null", { target: null }, "INVALID_FIELD", "target"],
      ["target a string", { target: "delivery" }, "INVALID_FIELD", "target"],
      ["target with no member", { target: {} }, "INVALID_FIELD", "target"],
      ["target with only null members", { target: none }, "INVALID_FIELD", "target"],
      ["target with two members", { target: { ...delivery, monitoring: { api_key: SECRET } } }, "INVALID_FIELD", "target"],
      ["an unknown target member", { target: { ...delivery, object_storage: {} } }, "UNKNOWN_FIELD", "target.object_storage"],
      ["format other than json", { format: "xml", target: delivery }, "INVALID_FIELD", "format"],
      ["format null", { format: null, target: delivery }, "INVALID_FIELD", "format"],
      ["delivery without auth", { target: { delivery: { delivery_stream_resource_name: "d" } } }, "MISSING_FIELD", "target.delivery.auth"],
      [
        "delivery without its resource name",
        { target: { delivery: { auth: role } } },
        "MISSING_FIELD",
        "target.delivery.delivery_stream_resource_name",
      ],
      [
        "an empty delivery stream name",
        { target: { delivery: { auth: role, delivery_stream_resource_name: "" } } },
        "INVALID_FIELD",
        "target.delivery.delivery_stream_resource_name",
      ],
      [
        "an empty stream name",
        { target: { stream: { auth: role, stream_resource_name: "" } } },
        "INVALID_FIELD",
        "target.stream.stream_resource_name",
      ],
      [
        "an empty log group name",
        { target: { logs: { auth: role, log_group_resource_name: "" } } },
        "INVALID_FIELD",
        "target.logs.log_group_resource_name",
      ],
      [
        "a resource name not a string",
        { target: { logs: { auth: role, log_group_resource_name: 5 } } },
        "INVALID_FIELD",
        "target.logs.log_group_resource_name",
      ],
      [
        "auth with role and creds",
        { target: { stream: { auth: { ...role, ...creds }, stream_resource_name: "s" } } },
        "INVALID_FIELD",
        "target.stream.auth",
      ],
      [
        "auth with neither",
        { target: { stream: { auth: { role: null, creds: null }, stream_resource_name: "s" } } },
        "INVALID_FIELD",
        "target.stream.auth",
      ],
      [
        "an empty role name",
        { target: { logs: { auth: { role: { role_resource_name: "" } }, log_group_resource_name: "l" } } },
        "INVALID_FIELD",
        "target.logs.auth.role.role_resource_name",
      ],
      [
        "creds without the secret",
        { target: { logs: { auth: { creds: { access_key_id: "a" } }, log_group_resource_name: "l" } } },
        "MISSING_FIELD",
        "target.logs.auth.creds.secret_access_key",
      ],
      [
        "creds with an empty key id",
        { target: { logs: { auth: { creds: { access_key_id: "", secret_access_key: SECRET } }, log_group_resource_name: "l" } } },
        "INVALID_FIELD",
        "target.logs.auth.creds.access_key_id",
      ],
      [
        "an unknown auth field",
        { target: { logs: { auth: { ...creds, token: "t" }, log_group_resource_name: "l" } } },
        "UNKNOWN_FIELD",
        "target.logs.auth.token",
      ],
      ["monitoring without api_key", { target: { monitoring: { site: "eu" } } }, "MISSING_FIELD", "target.monitoring.api_key"],
      ["monitoring with an empty api_key", { target: { monitoring: { api_key: "" } } }, "INVALID_FIELD", "target.monitoring.api_key"],
      [
        "monitoring tags not a string",
        { target: { monitoring: { api_key: SECRET, tags: ["a"] } } },
        "INVALID_FIELD",
        "target.monitoring.tags",
      ],
      ["monitoring with auth", { target: { monitoring: { api_key: SECRET, auth: role } } }, "UNKNOWN_FIELD", "target.monitoring.auth"],
      ["description over 255 bytes", { description: "x".repeat(256), target: delivery }, "INVALID_FIELD", "description"],
      ["metadata over 4096 bytes", { metadata: "x".repeat(4097), target: delivery }, "INVALID_FIELD", "metadata"],
      ["id in the body", { id: "ed_x", target: delivery }, "UNKNOWN_FIELD", "id"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      const reply = await api.unchanged(() => api.post("/event_destinations", body));
      expectError(reply, 400, code, field);
      expect(reply.text).not.toContain(SECRET);
    });

    test("the target rule names the members that were set", async () => {
      const reply = await api.post("/event_destinations", { target: { ...delivery, logs: { auth: creds, log_group_resource_name: "l" } } });
      expect(reply.body.msg).toBe("target: must have exactly one of delivery, stream, logs, monitoring set, got delivery, logs");
      expect(reply.body.details.rule).toBe("must have exactly one of delivery, stream, logs, monitoring set");
    });

    const patchCases: Array<[string, unknown, string, string]> = [
      ["target null", { target: null }, "INVALID_FIELD", "target"],
      ["target with no member", { target: {} }, "INVALID_FIELD", "target"],
      [
        "target with two members",
        { target: { ...delivery, stream: { auth: creds, stream_resource_name: "s" } } },
        "INVALID_FIELD",
        "target",
      ],
      [
        "a secret left empty",
        { target: { stream: { auth: { creds: { access_key_id: "a", secret_access_key: "" } }, stream_resource_name: "s" } } },
        "INVALID_FIELD",
        "target.stream.auth.creds.secret_access_key",
      ],
      ["format other than json", { format: "protobuf" }, "INVALID_FIELD", "format"],
      ["metadata null", { metadata: null }, "INVALID_FIELD", "metadata"],
      ["a read-only field", { created_at: "2020-01-01T00:00:00Z" }, "UNKNOWN_FIELD", "created_at"],
    ];
    test.each(patchCases)("update: %s", async (_name, body, code, field) => {
      const { id } = (await api.post("/event_destinations", { target: { logs: { auth: creds, log_group_resource_name: "l" } } })).body;
      const reply = await api.unchanged(() => api.patch(`/event_destinations/${id}`, body));
      expectError(reply, 400, code, field);
      expect(reply.text).not.toContain(SECRET);
    });
  });
});
