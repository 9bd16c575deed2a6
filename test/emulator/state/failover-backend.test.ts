import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

let tg: string;
let tg2: string;

beforeAll(async () => {
  tg = (await api.post("/backends/tunnel_group", {})).body.id;
  tg2 = (await api.post("/backends/tunnel_group", {})).body.id;
});

const missing = "bkdfo_00000000000000000000000000";

describe("failover backends", () => {
  test("create returns 201 with §2.11 fields and the order as sent", async () => {
    const reply = await api.post("/backends/failover", { metadata: "m", backends: [tg2, tg] });
    expect(reply.status).toBe(201);
    const b = reply.body;
    expect(Object.keys(b)).toEqual(["id", "uri", "created_at", "description", "metadata", "backends"]);
    expect(b).toMatchObject({ description: "", metadata: "m", backends: [tg2, tg] });
  });

  test("a PATCH of backends replaces the whole list, in the order sent", async () => {
    const w = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body.id;
    const created = (await api.post("/backends/failover", { backends: [w, tg] })).body;
    const reordered = await api.patch(`/backends/failover/${created.id}`, { backends: [tg, w, tg2] });
    expect(reordered.body).toEqual({ ...created, backends: [tg, w, tg2] });
  });

  describe("validation leaves state unchanged", () => {
    const cases: Array<[string, () => unknown, string, string]> = [
      ["backends missing", () => ({}), "MISSING_FIELD", "backends"],
      ["backends empty", () => ({ backends: [] }), "INVALID_FIELD", "backends"],
      ["backends a map", () => ({ backends: { [tg]: 1 } }), "INVALID_FIELD", "backends"],
      ["an id not a string", () => ({ backends: [tg, 5] }), "INVALID_FIELD", "backends[1]"],
      ["a repeated child", () => ({ backends: [tg, tg2, tg] }), "INVALID_FIELD", "backends[2]"],
      ["a child that does not exist", () => ({ backends: [tg, missing] }), "INVALID_FIELD", "backends[1]"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/backends/failover", body())), 400, code, field);
    });

    test("update: empty list, itself, or a cycle through a child", async () => {
      const { id } = (await api.post("/backends/failover", { backends: [tg] })).body;
      const parent = (await api.post("/backends/weighted", { backends: { [id]: 1 } })).body.id;
      const path = `/backends/failover/${id}`;
      expectError(await api.unchanged(() => api.patch(path, { backends: [] })), 400, "INVALID_FIELD", "backends");
      expectError(await api.unchanged(() => api.patch(path, { backends: [tg, id] })), 400, "INVALID_FIELD", "backends[1]");
      expectError(await api.unchanged(() => api.patch(path, { backends: [parent] })), 400, "INVALID_FIELD", "backends[0]");
    });
  });

  test("a backend in use by a failover backend cannot be deleted (409) until that one goes", async () => {
    const child = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body.id;
    const f = (await api.post("/backends/failover", { backends: [child] })).body.id;
    const reply = await api.unchanged(() => api.del(`/backends/weighted/${child}`));
    expectError(reply, 409, "CONFLICT");
    expect(reply.body.details.in_use_by).toBe(f);
    expect((await api.del(`/backends/failover/${f}`)).status).toBe(204);
    expect((await api.del(`/backends/weighted/${child}`)).status).toBe(204);
  });

  test("no odd value in any field is a 5xx, through create or PATCH", async () => {
    const valid = { description: "d", metadata: "m", backends: [tg] };
    const { id } = (await api.post("/backends/failover", valid)).body;
    await sendOddValues(valid, (body) => api.post("/backends/failover", body));
    await sendOddValues(valid, (body) => api.patch(`/backends/failover/${id}`, body));
  });
});
