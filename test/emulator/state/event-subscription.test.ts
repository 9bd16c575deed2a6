import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { useEmulator, start } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

let d1: string;
let d2: string;

const target = { logs: { auth: { role: { role_resource_name: "r" } }, log_group_resource_name: "l" } };
const newDestination = async (client = api) => (await client.post("/event_destinations", { target })).body.id as string;

beforeAll(async () => {
  d1 = await newDestination();
  d2 = await newDestination();
});

const destinationRef = (id: string) => ({ id, uri: `${emu.url}/event_destinations/${id}` });
const source = (subscriptionId: string, type: string) => ({
  type,
  uri: `${emu.url}/event_subscriptions/${subscriptionId}/sources/${type}`,
});

describe("event subscriptions", () => {
  test("create returns 201 with destination Refs and inline sources", async () => {
    const reply = await api.post("/event_subscriptions", {
      description: "audit",
      destination_ids: [d2, d1],
      sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_deleted.v0" }],
    });
    expect(reply.status).toBe(201);
    const s = reply.body;
    expect(Object.keys(s)).toEqual(["id", "uri", "created_at", "description", "metadata", "destinations", "sources"]);
    expect(s).toMatchObject({ description: "audit", metadata: "" });
    expect(s.destinations).toEqual([destinationRef(d2), destinationRef(d1)]);
    expect(s.sources).toEqual([source(s.id, "ip_policy_created.v0"), source(s.id, "ip_policy_deleted.v0")]);
    // Inline sources are real sources.
    expect((await api.get(`/event_subscriptions/${s.id}/sources/ip_policy_deleted.v0`)).body).toEqual(source(s.id, "ip_policy_deleted.v0"));
  });

  test("without sources the list is empty", async () => {
    const reply = await api.post("/event_subscriptions", { destination_ids: [d1] });
    expect(reply.status).toBe(201);
    expect(reply.body.sources).toEqual([]);
  });

  test("a PATCH of destination_ids replaces the Refs, in the order sent; delete takes the sources along", async () => {
    const created = (await api.post("/event_subscriptions", { destination_ids: [d1], sources: [{ type: "api_key_created.v0" }] })).body;
    const updated = await api.patch(`/event_subscriptions/${created.id}`, { destination_ids: [d2, d1] });
    expect(updated.body).toEqual({ ...created, destinations: [destinationRef(d2), destinationRef(d1)] });
    expect((await api.del(`/event_subscriptions/${created.id}`)).status).toBe(204);
    expectError(await api.get(`/event_subscriptions/${created.id}/sources`), 404, "NOT_FOUND");
  });

  describe("validation leaves state unchanged", () => {
    const missing = "ed_00000000000000000000000000";
    const cases: Array<[string, () => unknown, string, string]> = [
      ["destination_ids missing", () => ({}), "MISSING_FIELD", "destination_ids"],
      ["destination_ids empty", () => ({ destination_ids: [] }), "INVALID_FIELD", "destination_ids"],
      ["destination_ids not a list", () => ({ destination_ids: d1 }), "INVALID_FIELD", "destination_ids"],
      ["a destination id not a string", () => ({ destination_ids: [d1, 1] }), "INVALID_FIELD", "destination_ids[1]"],
      ["a destination that does not exist", () => ({ destination_ids: [d1, missing] }), "INVALID_FIELD", "destination_ids[1]"],
      ["an id of another kind", () => ({ destination_ids: ["ipp_1"] }), "INVALID_FIELD", "destination_ids[0]"],
      ["a repeated destination", () => ({ destination_ids: [d1, d2, d1] }), "INVALID_FIELD", "destination_ids[2]"],
      ["sources not a list", () => ({ destination_ids: [d1], sources: "ip_policy_created.v0" }), "INVALID_FIELD", "sources"],
      ["a source without type", () => ({ destination_ids: [d1], sources: [{}] }), "MISSING_FIELD", "sources[0].type"],
      ["a source as a string", () => ({ destination_ids: [d1], sources: ["ip_policy_created.v0"] }), "INVALID_FIELD", "sources[0]"],
      [
        "an unknown event type",
        () => ({ destination_ids: [d1], sources: [{ type: "ip_policy_created.v0" }, { type: "coffee_brewed.v0" }] }),
        "INVALID_FIELD",
        "sources[1].type",
      ],
      [
        "a repeated event type",
        () => ({ destination_ids: [d1], sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_created.v0" }] }),
        "INVALID_FIELD",
        "sources[1].type",
      ],
      [
        "a source with its uri",
        () => ({ destination_ids: [d1], sources: [{ type: "ip_policy_created.v0", uri: "x" }] }),
        "UNKNOWN_FIELD",
        "sources[0].uri",
      ],
      // A good destination with a bad source: nothing is made.
      [
        "a bad source after good fields",
        () => ({ destination_ids: [d1], description: "ok", sources: [{ type: "ip_policy_created.v9" }] }),
        "INVALID_FIELD",
        "sources[0].type",
      ],
      ["the response field destinations", () => ({ destination_ids: [d1], destinations: [d1] }), "UNKNOWN_FIELD", "destinations"],
      ["description over 255 bytes", () => ({ destination_ids: [d1], description: "é".repeat(128) }), "INVALID_FIELD", "description"],
      ["metadata not a string", () => ({ destination_ids: [d1], metadata: {} }), "INVALID_FIELD", "metadata"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/event_subscriptions", body())), 400, code, field);
    });

    test("a repeated type is a body rule: it is reported before a missing destination", async () => {
      const reply = await api.post("/event_subscriptions", {
        destination_ids: [missing],
        sources: [{ type: "api_key_created.v0" }, { type: "api_key_created.v0" }],
      });
      expectError(reply, 400, "INVALID_FIELD", "sources[1].type");
      expect(reply.body.msg).toBe('sources[1].type: must not repeat sources[0].type, got "api_key_created.v0"');
      expect(reply.body.details.rule).toBe("must not repeat sources[0].type");
    });

    test("the missing-destination message names the index and the id", async () => {
      const reply = await api.post("/event_subscriptions", { destination_ids: [missing] });
      expect(reply.body.msg).toBe(`destination_ids[0]: must be the id of an existing event destination, got "${missing}"`);
    });

    const patchCases: Array<[string, () => unknown, string, string]> = [
      ["sources not a list", () => ({ sources: "ip_policy_updated.v0" }), "INVALID_FIELD", "sources"],
      ["sources null", () => ({ sources: null }), "INVALID_FIELD", "sources"],
      [
        "a repeated source type",
        () => ({ sources: [{ type: "ip_policy_updated.v0" }, { type: "ip_policy_updated.v0" }] }),
        "INVALID_FIELD",
        "sources[1].type",
      ],
      ["an unknown event type", () => ({ sources: [{ type: "coffee_brewed.v0" }] }), "INVALID_FIELD", "sources[0].type"],
      ["a source with its uri", () => ({ sources: [{ type: "ip_policy_updated.v0", uri: "x" }] }), "UNKNOWN_FIELD", "sources[0].uri"],
      ["destination_ids empty", () => ({ destination_ids: [] }), "INVALID_FIELD", "destination_ids"],
      ["destination_ids null", () => ({ destination_ids: null }), "INVALID_FIELD", "destination_ids"],
      ["a destination that does not exist", () => ({ destination_ids: [d1, missing] }), "INVALID_FIELD", "destination_ids[1]"],
      ["description null", () => ({ description: null }), "INVALID_FIELD", "description"],
      ["an id other than the path's", () => ({ id: "esb_x" }), "INVALID_FIELD", "id"],
    ];
    test.each(patchCases)("update: %s", async (_name, body, code, field) => {
      const { id } = (await api.post("/event_subscriptions", { destination_ids: [d1], sources: [{ type: "ip_policy_created.v0" }] })).body;
      expectError(await api.unchanged(() => api.patch(`/event_subscriptions/${id}`, body())), 400, code, field);
    });

    test("update: sources replace the whole list, in the order sent, with the same rules as create", async () => {
      const created = (
        await api.post("/event_subscriptions", {
          destination_ids: [d1],
          sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_deleted.v0" }],
        })
      ).body;
      const item = `/event_subscriptions/${created.id}`;
      const replaced = await api.patch(item, { sources: [{ type: "tls_edge_deleted.v0" }, { type: "ip_policy_created.v0" }] });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toEqual({
        ...created,
        sources: [source(created.id, "tls_edge_deleted.v0"), source(created.id, "ip_policy_created.v0")],
      });
      expect((await api.get(`${item}/sources`)).body.sources).toEqual(replaced.body.sources);
      // A type dropped by the PATCH is gone from the sources endpoints too.
      expectError(await api.get(`${item}/sources/ip_policy_deleted.v0`), 404, "NOT_FOUND");
      // A PATCH without sources keeps them; [] empties the list.
      expect((await api.patch(item, { description: "kept" })).body.sources).toEqual(replaced.body.sources);
      expect((await api.patch(item, { sources: [] })).body.sources).toEqual([]);
    });
  });
});

describe("persistence", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-events-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("destinations, subscriptions and their sources survive a restart", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file });
    const destination = await newDestination(first.api);
    const monitoring = (await first.api.post("/event_destinations", { target: { monitoring: { api_key: "k" } } })).body.id;
    const sub = (
      await first.api.post("/event_subscriptions", {
        destination_ids: [destination, monitoring],
        sources: [{ type: "tls_edge_created.v0" }],
      })
    ).body;
    await first.api.post(`/event_subscriptions/${sub.id}/sources`, { type: "tls_edge_deleted.v0" });
    const before = JSON.stringify(await first.api.listed());
    await first.emulator.close();

    const second = await start({ dataFile: file });
    try {
      expect(JSON.stringify(await second.api.listed())).toBe(before.replaceAll(first.emulator.url, second.emulator.url));
      const sources = (await second.api.get(`/event_subscriptions/${sub.id}/sources`)).body.sources;
      expect(sources.map((s: { type: string }) => s.type)).toEqual(["tls_edge_created.v0", "tls_edge_deleted.v0"]);
      // References are still enforced after loading.
      expectError(await second.api.del(`/event_destinations/${destination}`), 409, "CONFLICT");
    } finally {
      await second.emulator.close();
    }
  });

  test("a data file with an unknown event type is refused, naming the place", async () => {
    const file = path.join(dir, "state.json");
    const first = await start({ dataFile: file });
    const sub = (
      await first.api.post("/event_subscriptions", {
        destination_ids: [await newDestination(first.api)],
        sources: [{ type: "api_key_updated.v0" }],
      })
    ).body;
    await first.emulator.close();
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(data.collections.event_subscriptions[0].id).toBe(sub.id);
    data.collections.event_subscriptions[0].source_types = ["nope.v0"];
    fs.writeFileSync(file, JSON.stringify(data));
    await expect(start({ dataFile: file })).rejects.toThrow(/collections\.event_subscriptions\[0\]\.source_types\.0/);
  });
});
