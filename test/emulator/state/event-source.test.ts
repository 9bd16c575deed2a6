import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

let destination: string;

beforeAll(async () => {
  destination = (await api.post("/event_destinations", { target: { monitoring: { api_key: "k" } } })).body.id;
});

const newSubscription = async (types: string[] = []) =>
  (await api.post("/event_subscriptions", { destination_ids: [destination], sources: types.map((type) => ({ type })) })).body.id as string;
const sources = (id: string) => `/event_subscriptions/${id}/sources`;
const source = (id: string, type: string) => ({ type, uri: `${emu.url}${sources(id)}/${type}` });

// The event types the emulator documents (docs/api-choices.md): every one must be accepted.
const RESOURCES = [
  "api_key",
  "ip_policy",
  "ip_restriction",
  "tcp_edge",
  "tls_edge",
  "https_edge",
  "https_edge_route",
  "tunnel_group_backend",
  "weighted_backend",
  "failover_backend",
  "reserved_domain",
  "certificate_authority",
  "tls_certificate",
  "ssh_credential",
  "ssh_certificate_authority",
  "ssh_user_certificate",
  "ssh_host_certificate",
  "event_destination",
  "event_subscription",
];
const DOCUMENTED = RESOURCES.flatMap((r) => [`${r}_created.v0`, `${r}_updated.v0`, `${r}_deleted.v0`]);

describe("event sources", () => {
  test("a source is {type, uri}; the list is in the order of addition, without paging; a removed type can be added again", async () => {
    const id = await newSubscription();
    const created = await api.post(sources(id), { type: "ip_policy_updated.v0" });
    expect(created.body).toEqual(source(id, "ip_policy_updated.v0"));
    expect(Object.keys(created.body)).toEqual(["type", "uri"]);

    await api.post(sources(id), { type: "api_key_created.v0" });
    const listed = await api.get(sources(id));
    expect(listed.status).toBe(200);
    // No next_page_uri (§4.13); the order is the order of addition.
    expect(listed.body).toEqual({
      sources: [source(id, "ip_policy_updated.v0"), source(id, "api_key_created.v0")],
      uri: `${emu.url}${sources(id)}`,
    });
    expect((await api.get(`/event_subscriptions/${id}`)).body.sources).toEqual(listed.body.sources);

    expect((await api.call("PATCH", `${sources(id)}/ip_policy_updated.v0`)).status).toBe(200); // empty body reads as {}

    expect((await api.del(`${sources(id)}/ip_policy_updated.v0`)).status).toBe(204);
    expect((await api.get(sources(id))).body.sources).toEqual([source(id, "api_key_created.v0")]);

    // A removed type can be added again.
    expect((await api.post(sources(id), { type: "ip_policy_updated.v0" })).status).toBe(201);
  });

  test("every documented event type is accepted", async () => {
    const id = await newSubscription();
    for (const type of DOCUMENTED) expect((await api.post(sources(id), { type })).status).toBe(201);
    expect((await api.get(sources(id))).body.sources.map((s: { type: string }) => s.type)).toEqual(DOCUMENTED);
  });

  test("a type is one source per subscription, but may be in several subscriptions", async () => {
    const a = await newSubscription(["ip_restriction_created.v0"]);
    const b = await newSubscription();
    const conflict = await api.unchanged(() => api.post(sources(a), { type: "ip_restriction_created.v0" }));
    expectError(conflict, 409, "CONFLICT", "type");
    expect(conflict.body.msg).toContain("ip_restriction_created.v0");
    expect((await api.post(sources(b), { type: "ip_restriction_created.v0" })).status).toBe(201);
  });

  test("the list takes no paging parameters", async () => {
    const id = await newSubscription(["api_key_deleted.v0"]);
    expectError(await api.get(`${sources(id)}?limit=1`), 400, "INVALID_QUERY");
  });

  describe("errors leave state unchanged", () => {
    const cases: Array<[string, unknown, string, string]> = [
      ["type missing", {}, "MISSING_FIELD", "type"],
      ["type null", { type: null }, "INVALID_FIELD", "type"],
      ["type not a string", { type: 3 }, "INVALID_FIELD", "type"],
      ["an unknown type", { type: "coffee_brewed.v0" }, "INVALID_FIELD", "type"],
      ["no version suffix", { type: "ip_policy_created" }, "INVALID_FIELD", "type"],
      ["an unknown version", { type: "ip_policy_created.v1" }, "INVALID_FIELD", "type"],
      ["another case", { type: "IP_POLICY_CREATED.V0" }, "INVALID_FIELD", "type"],
      ["an extra field", { type: "ip_policy_created.v0", uri: "x" }, "UNKNOWN_FIELD", "uri"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      const id = await newSubscription(["ip_policy_deleted.v0"]);
      expectError(await api.unchanged(() => api.post(sources(id), body)), 400, code, field);
    });

    test("the unknown-type message states the form and quotes the type", async () => {
      const id = await newSubscription();
      const reply = await api.post(sources(id), { type: "coffee_brewed.v0" });
      expect(reply.body.msg).toBe('type: must be a known event type (<name>.v<N>, e.g. ip_policy_updated.v0), got "coffee_brewed.v0"');
    });

    test("update accepts only {}", async () => {
      const id = await newSubscription(["ip_policy_deleted.v0"]);
      const reply = await api.unchanged(() => api.patch(`${sources(id)}/ip_policy_deleted.v0`, { type: "ip_policy_created.v0" }));
      expectError(reply, 400, "UNKNOWN_FIELD", "type");
      expect(reply.body.msg).toBe("type: unknown field (accepted: none)");
    });

    test("a missing subscription is NOT_FOUND on every operation", async () => {
      const gone = await newSubscription(["ip_policy_deleted.v0"]);
      await api.del(`/event_subscriptions/${gone}`);
      const item = `${sources(gone)}/ip_policy_deleted.v0`;
      for (const reply of [
        await api.unchanged(() => api.post(sources(gone), { type: "ip_policy_deleted.v0" })),
        await api.get(sources(gone)),
        await api.get(item),
        await api.unchanged(() => api.patch(item, {})),
        await api.unchanged(() => api.del(item)),
      ]) {
        expectError(reply, 404, "NOT_FOUND");
        expect(reply.body.msg).toContain(gone);
      }
    });

    test("a source the subscription does not have is NOT_FOUND", async () => {
      const id = await newSubscription(["ip_policy_deleted.v0"]);
      for (const type of ["ip_policy_created.v0", "coffee_brewed.v0"]) {
        const item = `${sources(id)}/${type}`;
        for (const reply of [
          await api.get(item),
          await api.unchanged(() => api.patch(item, {})),
          await api.unchanged(() => api.del(item)),
        ]) {
          expectError(reply, 404, "NOT_FOUND");
        }
      }
    });

    test("a body is checked only after the subscription is found", async () => {
      const reply = await api.post(sources("esb_00000000000000000000000000"), { type: "nope" });
      expectError(reply, 404, "NOT_FOUND");
    });
  });
});
