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

const missing = "bkdtg_00000000000000000000000000";

describe("weighted backends", () => {
  test("create returns 201 with §2.10 fields and the map as sent", async () => {
    const reply = await api.post("/backends/weighted", { description: "d", backends: { [tg2]: 0, [tg]: 10000 } });
    expect(reply.status).toBe(201);
    const b = reply.body;
    expect(Object.keys(b)).toEqual(["id", "uri", "created_at", "description", "metadata", "backends"]);
    expect(b).toMatchObject({ description: "d", metadata: "" });
    expect(Object.entries(b.backends)).toEqual([
      [tg2, 0],
      [tg, 10000],
    ]);
  });

  test("children may be any backend kind", async () => {
    const w = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body.id;
    const f = (await api.post("/backends/failover", { backends: [tg] })).body.id;
    const reply = await api.post("/backends/weighted", { backends: { [w]: 1, [f]: 2, [tg]: 3 } });
    expect(reply.status).toBe(201);
  });

  test("a PATCH of backends replaces the whole map", async () => {
    const created = (await api.post("/backends/weighted", { backends: { [tg]: 5 } })).body;
    const reweighted = await api.patch(`/backends/weighted/${created.id}`, { backends: { [tg2]: 7 } });
    expect(reweighted.body).toEqual({ ...created, backends: { [tg2]: 7 } });
  });

  describe("validation leaves state unchanged", () => {
    // Bodies and fields are thunks: the backend ids exist only after beforeAll.
    const cases: Array<[string, () => unknown, string, () => string]> = [
      ["backends missing", () => ({}), "MISSING_FIELD", () => "backends"],
      ["backends empty", () => ({ backends: {} }), "INVALID_FIELD", () => "backends"],
      ["backends a list", () => ({ backends: [tg] }), "INVALID_FIELD", () => "backends"],
      ["a weight above 10000", () => ({ backends: { [tg]: 10001 } }), "INVALID_FIELD", () => `backends.${tg}`],
      ["a negative weight", () => ({ backends: { [tg]: -1 } }), "INVALID_FIELD", () => `backends.${tg}`],
      ["a fractional weight", () => ({ backends: { [tg]: 1.5 } }), "INVALID_FIELD", () => `backends.${tg}`],
      ["a weight as a string", () => ({ backends: { [tg]: "1" } }), "INVALID_FIELD", () => `backends.${tg}`],
      ["a child that does not exist", () => ({ backends: { [tg]: 1, [missing]: 1 } }), "INVALID_FIELD", () => `backends.${missing}`],
      [
        "a child of another kind",
        () => ({ backends: { ipp_00000000000000000000000000: 1 } }),
        "INVALID_FIELD",
        () => "backends.ipp_00000000000000000000000000",
      ],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/backends/weighted", body())), 400, code, field());
    });

    test("the weight rule is in the message", async () => {
      const reply = await api.post("/backends/weighted", { backends: { [tg]: 10001 } });
      expect(reply.body.msg).toBe(`backends.${tg}: must be at most 10000, got 10001`);
    });

    test("update: empty map, null, itself, or a cycle through a child", async () => {
      const { id } = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body;
      const parent = (await api.post("/backends/failover", { backends: [id] })).body.id;
      const path = `/backends/weighted/${id}`;
      expectError(await api.unchanged(() => api.patch(path, { backends: {} })), 400, "INVALID_FIELD", "backends");
      expectError(await api.unchanged(() => api.patch(path, { backends: null })), 400, "INVALID_FIELD", "backends");
      expectError(await api.unchanged(() => api.patch(path, { backends: { [id]: 1 } })), 400, "INVALID_FIELD", `backends.${id}`);
      expectError(
        await api.unchanged(() => api.patch(path, { backends: { [tg]: 1, [parent]: 1 } })),
        400,
        "INVALID_FIELD",
        `backends.${parent}`,
      );
    });
  });

  test("a backend in use by a weighted backend cannot be deleted (409) until the reference goes", async () => {
    const child = (await api.post("/backends/tunnel_group", {})).body.id;
    const w = (await api.post("/backends/weighted", { backends: { [child]: 1 } })).body.id;
    const reply = await api.unchanged(() => api.del(`/backends/tunnel_group/${child}`));
    expectError(reply, 409, "CONFLICT");
    expect(reply.body.msg).toBe(`tunnel group backend ${child} is in use by weighted backend ${w}`);
    expect(reply.body.details.in_use_by).toBe(w);
    await api.patch(`/backends/weighted/${w}`, { backends: { [tg]: 1 } });
    expect((await api.del(`/backends/tunnel_group/${child}`)).status).toBe(204);
  });

  test("no odd value in any field is a 5xx, through create or PATCH", async () => {
    const valid = { description: "d", metadata: "m", backends: { [tg]: 1 } };
    const { id } = (await api.post("/backends/weighted", valid)).body;
    await sendOddValues(valid, (body) => api.post("/backends/weighted", body));
    await sendOddValues(valid, (body) => api.patch(`/backends/weighted/${id}`, body));
  });
});
