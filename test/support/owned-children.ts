/**
 * A parent that owns all its children, run through the provider protocol on both paths (test/protocol):
 * an IP policy with 30 inline rules. A rule added by hand fails the drift gate (`preview --refresh
 * --expect-no-changes --diff`) naming it, and `up --refresh` deletes it; a policy that does not declare
 * `rules` is never cleaned. The same for an event subscription's inline `sources`, and an HTTPS edge's
 * inline `routes` (with secret modules). The gate's text is rendered from each step's detailedDiff and
 * old/new inputs, as the engine renders it; so each gate is also asserted on the preview's steps.
 * What one call of the runtime does with children is test/provider/owned-children.test.ts's.
 */
import type { PreviewResult, StateResource } from "../../harness/engine";
import { expectSuccess, previewText, type EngineFixture } from "./engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
export interface Program {
  resources: Res[];
}

/** The stack the suite runs on (one suite per test file). */
let fx: EngineFixture<Program>;

/** The drift gate as CI runs it (text, not JSON). */
const gate = () => previewText(fx, { refresh: true, expectNoChanges: true });

/**
 * The one step other than a refresh a preview plans for a resource: the properties it changes (the
 * provider's detailed diff, or where it gives none, as on the dynamic path, the inputs that differ: what
 * the engine then shows) and the old and new inputs the gate's text is rendered from.
 */
function changeOf(preview: PreviewResult, kind: string, name: string) {
  const steps = preview.steps.filter((s) => s.urn === fx.urn(kind, name) && s.op !== "refresh");
  expect(steps.map((s) => s.op)).toEqual(["update"]);
  const inputs = (k: "oldState" | "newState") => (steps[0][k] as { inputs: Record<string, unknown> }).inputs;
  const [was, now] = [inputs("oldState"), inputs("newState")];
  const differ = Object.keys({ ...was, ...now }).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
  const changed = steps[0].detailedDiff ? Object.keys(steps[0].detailedDiff) : differ;
  return { changed, was: was as Record<string, any>, now: now as Record<string, any> };
}

export function ownedChildrenSuite(fixture: EngineFixture<Program>): void {
  fx = fixture;
  ipPolicyRules();
  eventSubscriptionSources();
  httpsEdgeRoutes();
}

const RULES = Array.from({ length: 30 }, (_, i) => ({
  cidr: `198.51.${i}.0/24`,
  action: i % 10 === 9 ? "deny" : "allow",
  description: `range ${i}`,
}));
const RESOURCES: Res[] = [
  { kind: "IpPolicy", name: "allowlist", args: { description: "allowlist", rules: RULES } },
  // Rules of this one are someone else's (IpPolicyRule resources elsewhere, or people): never touched.
  { kind: "IpPolicy", name: "shared", args: { description: "shared" } },
];

/** The policy's rules in the service, `cidr action description`, sorted. */
async function rulesOf(policyId: string): Promise<string[]> {
  const all = await fx.client.ipPolicyRules.list().toArray();
  return all
    .filter((r) => r.ipPolicy.id === policyId)
    .map((r) => `${r.cidr} ${r.action} ${r.description}`)
    .sort();
}
const declared = RULES.map((r) => `${r.cidr} ${r.action} ${r.description}`).sort();

function ipPolicyRules(): void {
  describe("IpPolicy with inline rules", () => {
    let ids: Record<string, string>;

    test("up makes the policy and its 30 rules; no changes after", async () => {
      await fx.setProgram({ resources: RESOURCES });
      expectSuccess(await fx.stack.up());
      ids = (await fx.outputs()).ids;
      expect(await rulesOf(ids.allowlist)).toEqual(declared);
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    });

    test("a rule added by hand fails the drift gate, named with its fields; up --refresh deletes it; nothing remains", async () => {
      const intruder = await fx.client.ipPolicyRules.create({
        ipPolicyId: ids.allowlist,
        cidr: "::/0",
        action: "allow",
        description: "opened by hand",
      });
      const other = await fx.client.ipPolicyRules.create({
        ipPolicyId: ids.shared,
        cidr: "203.0.113.0/24",
        action: "allow",
        description: "kept by hand",
      });

      const result = await gate();
      expect(result.code).not.toBe(0);
      expect(result.stdout).toContain("::/0");
      expect(result.stdout).toContain("opened by hand");
      // The policy that does not claim its rules shows nothing.
      expect(result.stdout).not.toContain("kept by hand");

      const preview = await fx.stack.preview({ refresh: true });
      expectSuccess(preview);
      expect(preview.ops[fx.urn("IpPolicy", "allowlist")]).toEqual(["refresh", "update"]);
      expect(preview.ops[fx.urn("IpPolicy", "shared")]).toEqual(["refresh"]);
      // What the gate renders: the rules as read, the intruder among them, against the declared ones.
      const { changed, was, now } = changeOf(preview, "IpPolicy", "allowlist");
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((k) => k.startsWith("rules"))).toBe(true);
      expect(was.rules).toContainEqual(expect.objectContaining({ cidr: "::/0", description: "opened by hand" }));
      expect(now.rules).toEqual(RULES);
      expect(JSON.stringify(preview.steps)).not.toContain("kept by hand");

      expectSuccess(await fx.stack.up(["--refresh"]));
      expect(await rulesOf(ids.allowlist)).toEqual(declared);
      await expect(fx.client.ipPolicyRules.get(intruder.id)).rejects.toThrow();
      expect((await fx.client.ipPolicyRules.get(other.id)).description).toBe("kept by hand");
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
      expectSuccess(await gate());
    });

    test("changing the declared rules applies them rule by rule", async () => {
      const next = [...RULES.slice(1, 29), { ...RULES[29], action: "allow" }, { cidr: "2001:DB8::/48", action: "deny" }].map((r, i) =>
        i === 0 ? { ...r, description: "renamed" } : r,
      );
      await fx.setProgram({ resources: [{ ...RESOURCES[0], args: { description: "allowlist", rules: next } }, RESOURCES[1]] });
      expectSuccess(await fx.stack.up());
      const want = next.map((r) => `${r.cidr.toLowerCase()} ${r.action} ${"description" in r ? String(r.description) : ""}`).sort();
      expect(await rulesOf(ids.allowlist)).toEqual(want);
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    });
  });
}

const EVENTS: Res[] = [
  {
    kind: "EventDestination",
    name: "dest",
    args: { target: { logs: { logGroupResourceName: "lg-owned", auth: { role: { roleResourceName: "r" } } } } },
  },
  {
    kind: "EventSubscription",
    name: "events",
    args: { destinationIds: ["@dest"], sources: ["ip_policy_created.v0", "ip_policy_deleted.v0"] },
  },
  // Sources of this one are someone else's (EventSource resources elsewhere, or people): never touched.
  { kind: "EventSubscription", name: "others", args: { destinationIds: ["@dest"] } },
];

function eventSubscriptionSources(): void {
  const sourcesOf = async (id: string) => (await fx.client.eventSources.list(id).toArray()).map((s) => s.type).sort();

  describe("EventSubscription with inline sources", () => {
    test("a source added by hand fails the drift gate, named; up --refresh deletes it; the unclaimed subscription keeps its own", async () => {
      await fx.setProgram({ resources: EVENTS });
      expectSuccess(await fx.stack.up());
      const ids = (await fx.outputs()).ids;
      expect(await sourcesOf(ids.events)).toEqual(["ip_policy_created.v0", "ip_policy_deleted.v0"]);
      expectSuccess(await gate());

      await fx.client.eventSources.create(ids.events, { type: "api_key_created.v0" });
      await fx.client.eventSources.create(ids.others, { type: "tcp_edge_created.v0" });
      const result = await gate();
      expect(result.code).not.toBe(0);
      expect(result.stdout).toContain("api_key_created.v0");
      expect(result.stdout).not.toContain("tcp_edge_created.v0");
      const preview = await fx.stack.preview({ refresh: true });
      expectSuccess(preview);
      expect(preview.ops[fx.urn("EventSubscription", "events")]).toEqual(["refresh", "update"]);
      expect(preview.ops[fx.urn("EventSubscription", "others")]).toEqual(["refresh"]);
      const { changed, was, now } = changeOf(preview, "EventSubscription", "events");
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((k) => k.startsWith("sources"))).toBe(true);
      expect(was.sources).toContain("api_key_created.v0");
      expect(now.sources).toEqual(["ip_policy_created.v0", "ip_policy_deleted.v0"]);
      expect(JSON.stringify(preview.steps)).not.toContain("tcp_edge_created.v0");

      expectSuccess(await fx.stack.up(["--refresh"]));
      expect(await sourcesOf(ids.events)).toEqual(["ip_policy_created.v0", "ip_policy_deleted.v0"]);
      expect(await sourcesOf(ids.others)).toEqual(["tcp_edge_created.v0"]);
      expectSuccess(await gate());
    });
  });
}

const OAUTH_SECRET = "inline-route-oauth-secret-6620";
const HOOK_SECRET = "inline-route-webhook-secret-4471";
const ROUTES = [
  { matchType: "path_prefix", match: "/", description: "public", backend: { backendId: "@blue" }, compression: {} },
  {
    matchType: "path_prefix",
    match: "/app",
    description: "app",
    backend: { backendId: "@blue" },
    circuitBreaker: { numBuckets: 64 },
    requestHeaders: { add: { "X-Team": "edge" } },
    oauth: { provider: { github: { clientId: "app", clientSecret: "secret:oauth", organizations: ["acme"] } } },
    webhookVerification: { provider: "CODEHOST", secret: "secret:hook" },
  },
  { matchType: "exact_path", match: "/health" },
];
const EDGES: Res[] = [
  { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } },
  { kind: "HttpsEdge", name: "web", args: { hostports: ["owned-routes.example.com:443"], routes: ROUTES } },
  // Routes of this one are someone else's (HttpsEdgeRoute resources elsewhere, or people): never touched.
  { kind: "HttpsEdge", name: "others", args: { hostports: ["other-routes.example.com:443"] } },
];
const declaredRoutes = ["exact_path /health", "path_prefix / public", "path_prefix /app app"];

/** No secret of the routes in `text` (a command's output, a preview's steps, stored state). */
function expectNoRouteSecrets(text: string): void {
  expect(text).not.toContain(OAUTH_SECRET);
  expect(text).not.toContain(HOOK_SECRET);
}

function httpsEdgeRoutes(): void {
  const routesOf = async (id: string) =>
    (await fx.client.httpsEdges.get(id)).routes.map((r) => `${r.matchType} ${r.match} ${r.description}`.trim()).sort();
  let ids: Record<string, string>;
  const edgeState = async (): Promise<StateResource> =>
    (await fx.stack.exportState()).resources.find((r) => r.urn === fx.urn("HttpsEdge", "web"))!;

  describe("HttpsEdge with inline routes", () => {
    test("up makes the edge and its routes with their modules; secret modules are secret in state; no changes after up or refresh", async () => {
      await fx.setSecrets({ oauth: OAUTH_SECRET, hook: HOOK_SECRET });
      await fx.setProgram({ resources: EDGES });
      expectSuccess(await fx.stack.up());
      ids = (await fx.outputs()).ids;
      expect(await routesOf(ids.web)).toEqual(declaredRoutes);
      const app = (await fx.client.httpsEdges.get(ids.web)).routes.find((r) => r.match === "/app")!;
      expect(app.oauth?.provider.github?.organizations).toEqual(["acme"]);
      expect(app.webhookVerification?.provider).toBe("CODEHOST");

      const state = await fx.stack.exportState();
      expectNoRouteSecrets(state.raw);
      const edge = await edgeState();
      // The routes are plain (a preview shows them), their credential modules one secret apart.
      const [outRoutes, inRoutes] = [edge.outputs!.routes, edge.inputs!.routes] as Array<Array<Record<string, unknown>>>;
      expect(outRoutes.map((r) => r.match)).toEqual(["/", "/app", "/health"]);
      expect(outRoutes[1]).not.toHaveProperty("oauth");
      expect(edge.outputs!.routeSecretModules).toHaveProperty("ciphertext");
      expect(inRoutes[1]).not.toHaveProperty("oauth");
      expect(edge.inputs!.routeSecretModules).toHaveProperty("ciphertext");
      expect(edge.outputs!.routeIds).toHaveLength(3);

      // Module fields the service fills in (the cookie prefix, the circuit breaker's other numbers) are no change.
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      expectSuccess(await fx.stack.refresh());
      expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
      expectSuccess(await gate());
    });

    test("a /debug route added by hand fails the drift gate, named with its fields; up --refresh deletes it; the unclaimed edge keeps its own", async () => {
      const debug = await fx.client.httpsEdgeRoutes.create(ids.web, {
        matchType: "path_prefix",
        match: "/debug",
        description: "opened by hand",
      });
      await fx.client.httpsEdgeRoutes.create(ids.others, { matchType: "path_prefix", match: "/kept", description: "kept by hand" });

      const result = await gate();
      expect(result.code).not.toBe(0);
      expect(result.stdout).toContain("/debug");
      expect(result.stdout).toContain("opened by hand");
      expect(result.stdout).not.toContain("kept by hand");
      expectNoRouteSecrets(result.stdout);
      const preview = await fx.stack.preview({ refresh: true });
      expectSuccess(preview);
      expect(preview.ops[fx.urn("HttpsEdge", "web")]).toEqual(["refresh", "update"]);
      expect(preview.ops[fx.urn("HttpsEdge", "others")]).toEqual(["refresh"]);
      // The change is the routes alone: the secret modules, unchanged, are neither a diff nor shown.
      const { changed, was, now } = changeOf(preview, "HttpsEdge", "web");
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((k) => /^routes\b/.test(k))).toBe(true);
      expect(was.routes).toContainEqual(expect.objectContaining({ match: "/debug", description: "opened by hand" }));
      expect(now.routes.map((r: { match: string }) => r.match)).toEqual(["/", "/app", "/health"]);
      expectNoRouteSecrets(JSON.stringify(preview.steps));
      expect(JSON.stringify(preview.steps)).not.toContain("kept by hand");

      expectSuccess(await fx.stack.up(["--refresh"]));
      expect(await routesOf(ids.web)).toEqual(declaredRoutes);
      await expect(fx.client.httpsEdgeRoutes.get(ids.web, debug.id)).rejects.toMatchObject({ status: 404 });
      expect(await routesOf(ids.others)).toEqual(["path_prefix /kept kept by hand"]);
      expectSuccess(await gate());
    });

    test("a route field changed by hand is a field diff; a route deleted by hand is made again", async () => {
      const routes = (await fx.client.httpsEdges.get(ids.web)).routes;
      const publicRoute = routes.find((r) => r.match === "/")!;
      const health = routes.find((r) => r.match === "/health")!;
      await fx.client.httpsEdgeRoutes.update(ids.web, publicRoute.id, { description: "edited by hand" });
      await fx.client.httpsEdgeRoutes.delete(ids.web, health.id);

      const result = await gate();
      expect(result.code).not.toBe(0);
      // The field, with the service's value and the declared one.
      expect(result.stdout).toMatch(/description\s*:\s*"edited by hand"\s*=>\s*"public"/);
      expect(result.stdout).toContain("/health");
      expectNoRouteSecrets(result.stdout);

      expectSuccess(await fx.stack.up(["--refresh"]));
      expect(await routesOf(ids.web)).toEqual(declaredRoutes);
      expectSuccess(await gate());
    });

    test("changing the declared routes applies them route by route; no changes after", async () => {
      const next = [
        { ...ROUTES[0], description: "renamed" },
        { ...ROUTES[1], compression: {} },
        { matchType: "path_prefix", match: "/v2" },
      ];
      await fx.setProgram({ resources: [EDGES[0], { ...EDGES[1], args: { ...EDGES[1].args, routes: next } }, EDGES[2]] });
      expectSuccess(await fx.stack.up());
      expect(await routesOf(ids.web)).toEqual(["path_prefix / renamed", "path_prefix /app app", "path_prefix /v2"]);
      expect((await fx.client.httpsEdges.get(ids.web)).routes.find((r) => r.match === "/app")!.compression).toEqual({ enabled: true });
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
      expectNoRouteSecrets((await fx.stack.exportState()).raw);
    });
  });
}
