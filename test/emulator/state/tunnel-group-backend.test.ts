import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

describe("tunnel group backends", () => {
  test("create returns 201 with §2.9 fields, labels kept exactly and no tunnels", async () => {
    const labels = { "Edge-Site": "Paris", "team/app": "API", x: "" };
    const reply = await api.post("/backends/tunnel_group", { description: "d", metadata: "m", labels });
    expect(reply.status).toBe(201);
    const b = reply.body;
    expect(Object.keys(b)).toEqual(["id", "uri", "created_at", "description", "metadata", "labels", "tunnels"]);
    expect(b).toMatchObject({ description: "d", metadata: "m", labels, tunnels: [] });
    expect(Object.keys(b.labels)).toEqual(Object.keys(labels));
  });

  test("labels default to an empty map", async () => {
    expect((await api.post("/backends/tunnel_group", {})).body.labels).toEqual({});
  });

  test("a PATCH of labels replaces them wholly", async () => {
    const created = (await api.post("/backends/tunnel_group", { labels: { a: "1" } })).body;
    const relabelled = await api.patch(`/backends/tunnel_group/${created.id}`, { labels: { b: "2" } });
    expect(relabelled.body).toEqual({ ...created, labels: { b: "2" } });
  });

  const cases: Array<[string, unknown, string, string]> = [
    ["labels not a map", { labels: ["a"] }, "INVALID_FIELD", "labels"],
    ["a label value not a string", { labels: { a: 1 } }, "INVALID_FIELD", "labels.a"],
    ["an empty label key", { labels: { "": "x" } }, "INVALID_FIELD", "labels"],
    ["labels null", { labels: null }, "INVALID_FIELD", "labels"],
    ["tunnels (read-only)", { tunnels: [] }, "UNKNOWN_FIELD", "tunnels"],
    ["metadata too long", { metadata: "x".repeat(4097) }, "INVALID_FIELD", "metadata"],
  ];
  test.each(cases)("create: %s", async (_name, body, code, field) => {
    expectError(await api.unchanged(() => api.post("/backends/tunnel_group", body)), 400, code, field);
  });
  test.each(cases)("update: %s", async (_name, body, code, field) => {
    const { id } = (await api.post("/backends/tunnel_group", { labels: { keep: "me" } })).body;
    expectError(await api.unchanged(() => api.patch(`/backends/tunnel_group/${id}`, body)), 400, code, field);
  });

  test("no odd value in any field is a 5xx, through create or PATCH", async () => {
    const valid = { description: "d", metadata: "m", labels: { a: "b" } };
    const { id } = (await api.post("/backends/tunnel_group", valid)).body;
    await sendOddValues(valid, (body) => api.post("/backends/tunnel_group", body));
    await sendOddValues(valid, (body) => api.patch(`/backends/tunnel_group/${id}`, body));
  });
});
