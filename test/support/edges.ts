/**
 * Backends, edges, routes and their modules in one stack, run through the provider protocol on both paths
 * (test/protocol/edges-*.test.ts). The endpoints lookup (`getEndpoints`) is a program's function call, not
 * a resource: examples/edges runs it on the engine (test/e2e/examples.test.ts, examples-native.test.ts);
 * here the endpoints the edges make are read from the service.
 */
import { expectCheckFailure, expectSuccess, type EngineFixture } from "./engine-stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
export interface EdgesProgram {
  resources: Res[];
}

const OAUTH_SECRET = "oauth-client-secret-7781";
const HOOK_SECRET = "webhook-shared-secret-5521";
const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';

const backends: Res[] = [
  { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } },
  { kind: "TunnelGroupBackend", name: "green", args: { labels: { color: "green", team_name: "edge" } } },
  { kind: "WeightedBackend", name: "split", args: { backends: { "@blue": 90, "@green": 10 } } },
  { kind: "FailoverBackend", name: "failover", args: { backends: ["@blue", "@green"] } },
  { kind: "IpPolicy", name: "office", args: {} },
];
const tcp = (args: Record<string, unknown> = {}): Res => ({
  kind: "TcpEdge",
  name: "tcp",
  args: { hostports: ["tcp.example.com:5432"], backend: { backendId: "@failover" }, ipRestriction: { ipPolicyIds: ["@office"] }, ...args },
});
const tls = (args: Record<string, unknown> = {}): Res => ({
  kind: "TlsEdge",
  name: "tls",
  args: { hostports: ["tls.example.com:443"], backend: { backendId: "@blue" }, tlsTermination: { terminateAt: "upstream" }, ...args },
});
const https: Res = { kind: "HttpsEdge", name: "web", args: { hostports: ["web.example.com:443"], tlsTermination: { minVersion: "1.3" } } };
const route = (args: Record<string, unknown> = {}): Res => ({
  kind: "HttpsEdgeRoute",
  name: "api",
  args: {
    edgeId: "@web",
    matchType: "path_prefix",
    match: "/api",
    backend: { backendId: "@split" },
    ipRestriction: { ipPolicyIds: ["@office"] },
    circuitBreaker: { numBuckets: 64 },
    requestHeaders: { add: { "X-Edge_Team": "platform" } },
    oauth: { provider: { github: { clientId: "app", clientSecret: "secret:oauth", organizations: ["acme"] } } },
    webhookVerification: { provider: "CODEHOST", secret: "secret:hook" },
    saml: { idpMetadata: IDP, authorizedGroups: ["ops"] },
    ...args,
  },
});
// An undefined arg is left out of the program's JSON, as a program leaves it out.
const stackOf = (...edges: Res[]): EdgesProgram => ({ resources: [...backends, ...edges] });
/** The stack after the module changes: the tcp edge without its IP restriction, the route with other modules. */
const changed = (routeArgs: Record<string, unknown> = {}) => [
  tcp({ ipRestriction: undefined }),
  tls(),
  https,
  route({ oauth: undefined, saml: undefined, compression: {}, requestHeaders: { remove: ["X-Debug"] }, ...routeArgs }),
];

export function edgesSuite(fx: EngineFixture<EdgesProgram>): void {
  describe("edges, routes and modules", () => {
    const ids = async () => (await fx.outputs()).ids as Record<string, string>;
    const routeIds = async () => (await ids()).api.split("/") as [string, string];

    test("up creates backends, three edges and a route with modules in one request each; no diff after", async () => {
      await fx.setSecrets({ oauth: OAUTH_SECRET, hook: HOOK_SECRET });
      await fx.setProgram(stackOf(tcp(), tls(), https, route()));
      expectSuccess(await fx.stack.up());
      const out = await ids();
      const weighted = await fx.client.weightedBackends.get(out.split);
      expect(weighted.backends).toEqual({ [out.blue]: 90, [out.green]: 10 });
      const r = await fx.client.httpsEdgeRoutes.get(...(await routeIds()));
      expect(r.backend?.backend.id).toBe(out.split);
      expect(r.oauth?.provider.github?.organizations).toEqual(["acme"]);
      expect(r.saml?.entityId).toEqual(expect.any(String));
      expect((await fx.client.tlsEdges.get(out.tls)).tlsTermination).toEqual({ enabled: true, terminateAt: "upstream", minVersion: null });
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    });

    test("endpoints appear with the edges' hostports", async () => {
      const out = await ids();
      const endpoints = await fx.client.endpoints.list().toArray();
      expect(endpoints.map((e) => `${e.proto} ${e.hostport}`).sort()).toEqual([
        "https web.example.com:443",
        "tcp tcp.example.com:5432",
        "tls tls.example.com:443",
      ]);
      expect(endpoints.map((e) => e.edge?.id).sort()).toEqual([out.tcp, out.tls, out.web].sort());
    });

    test("module secrets never appear in plain text in state; SAML service-provider data is an output", async () => {
      const state = await fx.stack.exportState();
      expect(state.raw).not.toContain(OAUTH_SECRET);
      expect(state.raw).not.toContain(HOOK_SECRET);
      const r = state.resources.find((x) => x.urn === fx.urn("HttpsEdgeRoute", "api"))!;
      expect(r.outputs!.oauth).toHaveProperty("ciphertext");
      expect(r.outputs!.samlServiceProvider).toMatchObject({ entityId: expect.any(String), metadataUrl: expect.any(String) });
    });

    test("modules are added, changed and removed in place; a removed module is deleted in the emulator", async () => {
      const before = await ids();
      await fx.setProgram(stackOf(...changed()));
      const preview = await fx.stack.preview();
      expect(preview.ops[fx.urn("HttpsEdgeRoute", "api")]).toEqual(["update"]);
      expect(preview.ops[fx.urn("TcpEdge", "tcp")]).toEqual(["update"]);
      expectSuccess(await fx.stack.up());
      const after = await ids();
      expect(after).toEqual(before);
      const r = await fx.client.httpsEdgeRoutes.get(...(await routeIds()));
      expect([r.oauth, r.saml]).toEqual([null, null]);
      expect(r.compression).toEqual({ enabled: true });
      expect(r.requestHeaders).toEqual({ enabled: true, add: {}, remove: ["X-Debug"] });
      expect((await fx.client.tcpEdges.get(after.tcp)).ipRestriction).toBeNull();
    });

    test("backend weights change in place; moving a route to another edge replaces it", async () => {
      const before = await ids();
      const [oldEdge, oldRoute] = await routeIds();
      const weights = backends.map((b) => (b.name === "split" ? { ...b, args: { backends: { "@blue": 50, "@green": 50 } } } : b));
      const other: Res = { kind: "HttpsEdge", name: "web2", args: { hostports: ["web2.example.com:443"] } };
      const [t, l, h, r] = changed({ edgeId: "@web2" });
      await fx.setProgram({ resources: [...weights, t, l, h, other, r] });
      const preview = await fx.stack.preview();
      expect(preview.ops[fx.urn("WeightedBackend", "split")]).toEqual(["update"]);
      expect(preview.ops[fx.urn("HttpsEdgeRoute", "api")]).toEqual(["replace"]);
      expectSuccess(await fx.stack.up());
      const after = await ids();
      expect(after.split).toBe(before.split);
      expect((await fx.client.weightedBackends.get(after.split)).backends).toEqual({ [after.blue]: 50, [after.green]: 50 });
      expect(after.api.startsWith(`${after.web2}/`)).toBe(true);
      await expect(fx.client.httpsEdgeRoutes.get(oldEdge, oldRoute)).rejects.toMatchObject({ status: 404 });
      // Back to the first edge for the tests that follow.
      await fx.setProgram(stackOf(...changed()));
      expectSuccess(await fx.stack.up());
    });

    test("a module deleted out of band and an edge deleted out of band are restored by up --refresh", async () => {
      const out = await ids();
      await fx.client.httpsEdgeRoutes.deleteModule(...(await routeIds()), "ipRestriction");
      await fx.client.tlsEdges.delete(out.tls);
      const preview = await fx.stack.preview({ refresh: true });
      expect(preview.ops[fx.urn("HttpsEdgeRoute", "api")]).toEqual(["refresh", "update"]);
      expect(preview.ops[fx.urn("TlsEdge", "tls")]).toEqual(["refresh", "create"]);
      expectSuccess(await fx.stack.up(["--refresh"]));
      const r = await fx.client.httpsEdgeRoutes.get(...(await routeIds()));
      expect(r.ipRestriction?.ipPolicies.map((p) => p.id)).toEqual([out.office]);
      expect((await ids()).tls).not.toBe(out.tls);
      expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    });

    // Each module rule is held at check by test/provider/constraints.test.ts; the forms a failure takes
    // through the provider protocol by test/protocol/constraints.test.ts. Here: in a stack that holds secrets.
    test("bad module input fails at preview, naming the field", async () => {
      // oauth is a secret input: the reason alone names it, and no secret is printed.
      await fx.setProgram(stackOf(tcp(), tls(), https, route({ oauth: { provider: { facebook: { scopes: ["email"] } } } })));
      const oauth = await fx.stack.preview();
      expectCheckFailure(oauth, "oauth", /requires clientId and clientSecret/);
      expect(oauth.stdout + oauth.stderr).not.toContain(HOOK_SECRET);
    });

    test("destroy leaves no edge, backend or endpoint behind", async () => {
      await fx.setProgram(stackOf(tcp(), tls(), https, route()));
      expectSuccess(await fx.stack.destroy());
      for (const list of [
        fx.client.tcpEdges,
        fx.client.tlsEdges,
        fx.client.httpsEdges,
        fx.client.tunnelGroupBackends,
        fx.client.weightedBackends,
        fx.client.failoverBackends,
        fx.client.endpoints,
      ]) {
        expect(await (list as { list(): { toArray(): Promise<unknown[]> } }).list().toArray()).toEqual([]);
      }
    });
  });
}
