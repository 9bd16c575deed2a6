/**
 * A weighted backend's children as users write them, through the real engine: `backendId` is another
 * resource's `id` Output, passed without apply. Also: an HttpsEdge whose routes were made after it
 * shows no drift at refresh, and an adopt id of the wrong form fails at preview.
 */
import * as path from "node:path";
import { expectCheckFailure, expectSuccess, useEngineStack } from "../support/engine-stack";

type Res = { kind: string; name: string; args: Record<string, unknown> };
// In the edges fixture, "@<name>" is that resource's `id` Output, as it is.
const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "fixtures", "edges"), "edges");

const base: Res[] = [
  { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } },
  { kind: "TunnelGroupBackend", name: "green", args: { labels: { color: "green" } } },
  { kind: "HttpsEdge", name: "web", args: { hostports: ["weighted.example.com:443"] } },
];
const split = (backends: unknown): Res => ({ kind: "WeightedBackend", name: "split", args: { backends } });
const route: Res = { kind: "HttpsEdgeRoute", name: "api", args: { edgeId: "@web", matchType: "path_prefix", match: "/", backend: { backendId: "@split" } } };
const list = (blue: number, green: number) => [
  { backendId: "@blue", weight: blue },
  { backendId: "@green", weight: green },
];

describe("weighted backends as users write them, on the real engine", () => {
  const ids = async () => (await fx.outputs()).ids as Record<string, string>;

  test("backendId Outputs without apply: created, no change after, none at refresh (the edge too)", async () => {
    await fx.setSpec({ resources: [...base, split(list(90, 10)), route] });
    // up() also requires `preview --expect-no-changes` after it.
    expectSuccess(await fx.stack.up());
    const out = await ids();
    expect((await fx.client.weightedBackends.get(out.split)).backends).toEqual({ [out.blue]: 90, [out.green]: 10 });
    const state = await fx.stack.exportState();
    const weighted = state.resources.find((r) => r.urn.endsWith("::split"))!;
    expect(weighted.outputs!.backends).toEqual([
      { backendId: out.blue, weight: 90 },
      { backendId: out.green, weight: 10 },
    ]);
    const web = state.resources.find((r) => r.urn.endsWith("::web"))!;
    expect(web.outputs).not.toHaveProperty("routeIds");
    // The route was made after the edge: a refresh finds nothing stale.
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });

  test("the same children in another order, or as the map, are no change; a weight is an update in place", async () => {
    await fx.setSpec({ resources: [...base, split([...list(90, 10)].reverse()), route] });
    expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
    await fx.setSpec({ resources: [...base, split({ "@blue": 90, "@green": 10 }), route] });
    expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
    await fx.setSpec({ resources: [...base, split(list(50, 50)), route] });
    const preview = await fx.stack.preview();
    expectSuccess(preview);
    expect(preview.ops[fx.urn("WeightedBackend", "split")]).toEqual(["update"]);
    expectSuccess(await fx.stack.up());
    const out = await ids();
    expect((await fx.client.weightedBackends.get(out.split)).backends).toEqual({ [out.blue]: 50, [out.green]: 50 });
  });

  test("a backend given twice fails at preview naming the repeat; so does an adopt id of another kind", async () => {
    await fx.setSpec({ resources: [...base, split([...list(50, 50), { backendId: "@blue", weight: 1 }]), route] });
    expectCheckFailure(await fx.stack.preview(), "backends", /backends\[2\]\.backendId: must not repeat backends\[0\]\.backendId/);
    await fx.setSpec({ resources: [...base, split(list(50, 50)), route, { kind: "IpPolicy", name: "taken", args: { adopt: "ak_1" } }] });
    expectCheckFailure(await fx.stack.preview(), "adopt", /does not have the form of IpPolicy ids \(ipp_…\)/);
    await fx.setSpec({ resources: [...base, split(list(50, 50)), route] });
    expectSuccess(await fx.stack.destroy());
  });
});
