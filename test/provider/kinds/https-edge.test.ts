/**
 * HttpsEdge outputs hold nothing stale by construction: `routeIds` only with inline `routes` (read with
 * the edge), never the ids an edge's own create answered (routes are made after the edge).
 */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const edge = { hostports: ["routes.example.com:443"] };

describe("HttpsEdge outputs", () => {
  it("a refresh after routes were made reads what the create stored: no drift", async () => {
    const { runtime } = fx;
    const made = await runtime.create("HttpsEdge", { ...P, ...edge });
    await runtime.create("HttpsEdgeRoute", { ...P, edgeId: made.id, matchType: "path_prefix", match: "/api" });
    expect(made.outs!.routeIds).toBeNull();
    expect((await runtime.read("HttpsEdge", made.id, made.outs)).props).toEqual(made.outs);
  });

  it("state from before holding routeIds without routes: no change at diff, and read and update drop it", async () => {
    const { runtime } = fx;
    const made = await runtime.create("HttpsEdge", { ...P, ...edge, hostports: ["old.example.com:443"] });
    const oldState = { ...made.outs, routeIds: ["edghtsrt_stale"] };
    expect(await runtime.diff("HttpsEdge", made.id, oldState, { ...P, hostports: ["old.example.com:443"] })).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect((await runtime.read("HttpsEdge", made.id, oldState)).props).toEqual(made.outs);
    const { outs } = await runtime.update("HttpsEdge", made.id, oldState, {
      ...P,
      hostports: ["old.example.com:443"],
      description: "now described",
    });
    expect(outs).toMatchObject({ description: "now described" });
    expect(outs!.routeIds).toBeNull();
  });
});
