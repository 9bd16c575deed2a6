/**
 * What a reviewer reads when the drift gate finds one child added by hand, through the real engine: a
 * `/debug` route added to an HTTPS edge that owns its routes inline. `preview --refresh --diff` shows
 * that route with the fields it sets, and no module that is not set (`oidc: <null>`). The line counts of both sections are in docs/provider.md ("Owning a parent's children").
 */
import * as path from "node:path";
import { expectSuccess, previewText, useEngineStack } from "../support/engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "..", "harness", "edges"), "edges");

const PROGRAM: Res[] = [
  { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } },
  {
    kind: "HttpsEdge",
    name: "web",
    args: {
      hostports: ["review-output.example.com:443"],
      routes: [
        { matchType: "path_prefix", match: "/", description: "public", backend: { backendId: "@blue" }, compression: {} },
        {
          matchType: "path_prefix",
          match: "/app",
          description: "app",
          backend: { backendId: "@blue" },
          circuitBreaker: { numBuckets: 64 },
        },
      ],
    },
  },
];

/** The lines of `text` from the first line matching `from` up to (not including) the first after it matching `to`. */
function section(text: string, from: RegExp, to: RegExp): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => from.test(l));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && to.test(l));
  return lines.slice(start, end < 0 ? undefined : end);
}

let ids: Record<string, string>;

test("up makes the edge with two routes", async () => {
  await fx.setProgram({ resources: PROGRAM });
  expectSuccess(await fx.stack.up([], { diffRemains: "none: the no-change preview after up is e2e/contract.test.ts's" }));
  ids = (await fx.outputs()).ids;
});

test("a route added by hand: the refresh and the update show that route with its fields, and no unset module", async () => {
  await fx.client.httpsEdgeRoutes.create(ids.web, { matchType: "path_prefix", match: "/debug", description: "opened by hand" });

  const gate = await previewText(fx, { refresh: true, expectNoChanges: true });
  expect(gate.code).not.toBe(0);
  const edge = /dynamic\/edgeingress:HttpsEdge: \((refresh|update)\)/;
  const refresh = section(gate.stdout, /HttpsEdge: \(refresh\)/, /^\s*[~+-]?\s*pulumi|^(Resources|Diagnostics|Outputs):/);
  const update = section(gate.stdout, /HttpsEdge: \(update\)/, /^\s*[~+-]?\s*pulumi|^(Resources|Diagnostics|Outputs):/);
  process.stdout.write(`refresh section: ${refresh.length} lines; update section: ${update.length} lines\n${gate.stdout}\n`);
  expect(gate.stdout).toMatch(edge);
  for (const lines of [refresh, update].filter((l) => l.length)) {
    const text = lines.join("\n");
    expect(text).toContain("/debug");
    expect(text).toContain("opened by hand");
    // No module that is not set (the engine shows every item of a list that changed, so the declared routes are there too).
    expect(text).not.toContain("<null>");
  }
  expect(update.join("\n")).toContain("/debug");
}, 300_000);
