import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

const created: string[] = []; // ids, oldest first

beforeAll(async () => {
  for (let i = 0; i < 130; i++) created.push((await api.post("/ip_policies", { description: `p${i}` })).body.id);
});

const newestFirst = () => [...created].reverse();

describe("pagination", () => {
  test("130 items: pages of 100 and 30 newest first, following next_page_uri", async () => {
    const pages: string[][] = [];
    let next: string | null = "/ip_policies";
    while (next) {
      const reply = await api.get(next);
      expect(reply.status).toBe(200);
      expect(reply.body.uri).toBe(`${emu.url}/ip_policies`);
      pages.push(reply.body.ip_policies.map((p: { id: string }) => p.id));
      next = reply.body.next_page_uri;
      if (next) expect(next.startsWith(`${emu.url}/ip_policies?`)).toBe(true);
    }
    expect(pages.map((p) => p.length)).toEqual([100, 30]);
    expect(pages.flat()).toEqual(newestFirst());
  });

  test("created_at has whole seconds and never grows down the list: items made in one second tie, listed newest first", async () => {
    const items = await api.listAll("/ip_policies", "ip_policies");
    const times = items.map((p) => p.created_at as string);
    for (const t of times) expect(t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (let i = 1; i < times.length; i++) expect(Date.parse(times[i]) <= Date.parse(times[i - 1])).toBe(true);
    // 130 made one after another within a few seconds: whole seconds leave most of them tied.
    expect(new Set(times).size).toBeLessThan(times.length);
    expect(items.map((p) => p.id)).toEqual(newestFirst());
  });

  test("ids sort by creation time", () => {
    expect([...created].sort()).toEqual(created);
  });

  test("limit sets the page size; next_page_uri keeps it", async () => {
    const first = await api.get("/ip_policies?limit=7");
    expect(first.body.ip_policies.map((p: { id: string }) => p.id)).toEqual(newestFirst().slice(0, 7));
    const second = await api.get(first.body.next_page_uri);
    expect(second.body.ip_policies.map((p: { id: string }) => p.id)).toEqual(newestFirst().slice(7, 14));
    expect(new URL(second.body.next_page_uri).searchParams.get("limit")).toBe("7");
  });

  test("limit 1 and 100 are the bounds", async () => {
    expect((await api.get("/ip_policies?limit=1")).body.ip_policies).toHaveLength(1);
    expect((await api.get("/ip_policies?limit=100")).body.ip_policies).toHaveLength(100);
  });

  test("before_id returns only older items", async () => {
    const pivot = created[120];
    const reply = await api.get(`/ip_policies?before_id=${pivot}&limit=100`);
    expect(reply.body.ip_policies.map((p: { id: string }) => p.id)).toEqual(created.slice(20, 120).reverse());
    expect(reply.body.next_page_uri).not.toBeNull();
    const last = await api.get(reply.body.next_page_uri);
    expect(last.body.ip_policies.map((p: { id: string }) => p.id)).toEqual(created.slice(0, 20).reverse());
    expect(last.body.next_page_uri).toBeNull();
  });

  test("before_id still works after that item was deleted", async () => {
    const { id } = (await api.post("/ip_policies", {})).body;
    const newer = (await api.post("/ip_policies", {})).body.id;
    await api.del(`/ip_policies/${id}`);
    const reply = await api.get(`/ip_policies?before_id=${id}&limit=3`);
    expect(reply.status).toBe(200);
    expect(reply.body.ip_policies.map((p: { id: string }) => p.id)).toEqual(newestFirst().slice(0, 3));
    await api.del(`/ip_policies/${newer}`);
  });

  test("an exact last page has next_page_uri null", async () => {
    const reply = await api.get(`/ip_policies?before_id=${created[5]}&limit=5`);
    expect(reply.body.ip_policies).toHaveLength(5);
    expect(reply.body.next_page_uri).toBeNull();
  });

  test("a well-formed before_id newer than everything lists from the newest", async () => {
    const reply = await api.get("/ip_policies?before_id=ipp_zzzzzzzzzzzzzzzzzzzzzzzzzz&limit=2");
    expect(reply.body.ip_policies.map((p: { id: string }) => p.id)).toEqual(newestFirst().slice(0, 2));
  });

  test.each(["0", "101", "-1", "abc", "1.5", "", "1e2", " 5"])("limit=%j is INVALID_QUERY", async (limit) => {
    const reply = await api.get(`/ip_policies?limit=${encodeURIComponent(limit)}`);
    expectError(reply, 400, "INVALID_QUERY");
    expect(reply.body.details.field).toBe("limit");
  });

  test.each(["ak_01m80f5tva9fyp6am2h8nbgnt0", "ipp_", "ipp_UPPERCASEUPPERCASEUPPERCA", "nonsense", ""])(
    "before_id=%j is INVALID_QUERY",
    async (beforeId) => {
      const reply = await api.get(`/ip_policies?before_id=${encodeURIComponent(beforeId)}`);
      expectError(reply, 400, "INVALID_QUERY");
      expect(reply.body.details.field).toBe("before_id");
    },
  );

  test("an empty collection lists as an empty page", async () => {
    const reply = await api.get("/ip_restrictions");
    expect(reply.body).toEqual({ ip_restrictions: [], uri: `${emu.url}/ip_restrictions`, next_page_uri: null });
  });
});
