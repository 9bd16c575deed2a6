/**
 * Rules every PATCH shares: `id` in the body (equal to the path's: ignored; else refused), and the
 * spec-shaped update answers of weighted and failover backends (`updateAnswers`).
 */
import { ROUTES } from "../../emulator/routes";
import { useEmulator, start, Client } from "../support/emulator";
import { expectError, seedOneOfEach } from "./support";

const emu = useEmulator();
const { api } = emu;

/** Route pattern → a concrete item path of a record that exists. */
const items: Record<string, string> = {};

beforeAll(async () => {
  const { byCollection, routeId } = await seedOneOfEach(api, "pr");
  for (const [collection, recordId] of Object.entries(byCollection)) items[`${collection}/{id}`] = `${collection}/${recordId}`;
  items["/edges/https/{edge_id}/routes/{id}"] = `/edges/https/${byCollection["/edges/https"]}/routes/${routeId}`;
});

const PATCH_ROUTES = ROUTES.filter((r) => r.method === "PATCH" && r.path.endsWith("/{id}")).map((r) => r.path);
const idOf = (item: string) => item.slice(item.lastIndexOf("/") + 1);

describe("`id` in a PATCH body", () => {
  test("every PATCH route with an {id} has a fixture here", () => {
    expect(PATCH_ROUTES.length).toBeGreaterThanOrEqual(19);
    expect(PATCH_ROUTES.filter((p) => !(p in items))).toEqual([]);
  });

  test.each(PATCH_ROUTES)("PATCH %s: the path's own id is accepted and ignored", async (pattern) => {
    const item = items[pattern];
    const plain = await api.patch(item, { description: "without id" });
    expect(plain.status).toBe(200);
    const withId = await api.patch(item, { id: idOf(item), description: "with id" });
    expect(withId.status).toBe(200);
    expect(withId.body).toEqual({ ...plain.body, description: "with id" });
    expect((await api.get(item)).body.description).toBe("with id");
    // Alone, it is a no-op like {}.
    expect((await api.patch(item, { id: idOf(item) })).body).toEqual(withId.body);
  });

  test.each(PATCH_ROUTES)("PATCH %s: another id is INVALID_FIELD on id, and nothing changes", async (pattern) => {
    const item = items[pattern];
    const own = idOf(item);
    const other = `${own.slice(0, -1)}${own.endsWith("0") ? "1" : "0"}`;
    for (const value of [other, own.toUpperCase(), "", null, 5, [own]]) {
      const reply = await api.unchanged(() => api.patch(item, { id: value, description: "never" }));
      expectError(reply, 400, "INVALID_FIELD", "id");
    }
  });

  test("an event source has no id: its PATCH body stays {}", async () => {
    const esb = idOf(items["/event_subscriptions/{id}"]);
    const reply = await api.patch(`/event_subscriptions/${esb}/sources/ip_policy_created.v0`, { id: esb });
    expectError(reply, 400, "UNKNOWN_FIELD", "id");
  });

  test("a POST body with id is still UNKNOWN_FIELD", async () => {
    expectError(await api.unchanged(() => api.post("/ip_policies", { id: "ipp_x" })), 400, "UNKNOWN_FIELD", "id");
  });
});

describe("update answers of weighted and failover backends", () => {
  async function backends(client: Client) {
    const tg = (await client.post("/backends/tunnel_group", {})).body.id as string;
    const wb = (await client.post("/backends/weighted", { backends: { [tg]: 7 } })).body.id as string;
    const fb = (await client.post("/backends/failover", { backends: [tg] })).body.id as string;
    return { tg, wb, fb };
  }

  test('default ("stored"): a metadata PATCH answers the stored backends', async () => {
    const { tg, wb, fb } = await backends(api);
    expect((await api.patch(`/backends/weighted/${wb}`, { metadata: "m" })).body.backends).toEqual({ [tg]: 7 });
    expect((await api.patch(`/backends/failover/${fb}`, { metadata: "m" })).body.backends).toEqual([tg]);
  });

  test('"spec": a PATCH without backends answers {} / [] as the spec shows; the state keeps them', async () => {
    const spec = await start({ updateAnswers: "spec" });
    try {
      const client = spec.api;
      const { tg, wb, fb } = await backends(client);
      const weighted = await client.patch(`/backends/weighted/${wb}`, { metadata: "m" });
      expect(weighted.status).toBe(200);
      expect(weighted.body).toMatchObject({ id: wb, metadata: "m", backends: {} });
      const failover = await client.patch(`/backends/failover/${fb}`, { description: "d" });
      expect(failover.body).toMatchObject({ id: fb, description: "d", backends: [] });
      expect((await client.get(`/backends/weighted/${wb}`)).body).toMatchObject({ metadata: "m", backends: { [tg]: 7 } });
      expect((await client.get(`/backends/failover/${fb}`)).body).toMatchObject({ description: "d", backends: [tg] });
      // Deleting the child is still refused: the backends are really there.
      expectError(await client.del(`/backends/tunnel_group/${tg}`), 409, "CONFLICT");
      // A PATCH that sends backends answers them; create, get and list are not affected.
      const tg2 = (await client.post("/backends/tunnel_group", {})).body.id;
      expect((await client.patch(`/backends/weighted/${wb}`, { backends: { [tg2]: 3 } })).body.backends).toEqual({ [tg2]: 3 });
      expect((await client.patch(`/backends/failover/${fb}`, { backends: [tg2, tg] })).body.backends).toEqual([tg2, tg]);
      const listed = (await client.get("/backends/weighted")).body.backends;
      expect(listed.find((b: { id: string }) => b.id === wb).backends).toEqual({ [tg2]: 3 });
    } finally {
      await spec.emulator.close();
    }
  });

  test("startEmulator refuses an unknown updateAnswers", async () => {
    await expect(start({ updateAnswers: "empty" as "spec" })).rejects.toThrow(/updateAnswers must be one of stored, spec/);
  });
});
