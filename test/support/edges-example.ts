/**
 * examples/edges and its Pulumi YAML and Go forms make one account: the config they are run with and what
 * the account holds after `up` (test/e2e/examples.test.ts, test/e2e/examples-native.test.ts).
 */
import type { EngineFixture } from "./engine-stack";

const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';

export const EDGES_CONFIG: Record<string, { value: string; secret?: boolean }> = {
  domain: { value: "shop-example.test" },
  oauthClientId: { value: "shop-oauth-app" },
  oauthClientSecret: { value: "oauth-client-secret-31337", secret: true },
  webhookSecret: { value: "ci-webhook-secret-90210", secret: true },
  samlIdpMetadata: { value: IDP },
};

/** The account after `up`, from the program's outputs; resolves to the edges' public URLs, sorted. */
export async function expectEdgesAccount(fx: EngineFixture, out: Record<string, any>): Promise<string[]> {
  const b = out.backendIds as Record<string, string>;
  expect((await fx.client.weightedBackends.get(b.split)).backends).toEqual({ [b.stable]: 95, [b.canary]: 5 });
  expect((await fx.client.failoverBackends.get(b.failover)).backends).toEqual([b.stable, b.standby]);
  expect((await fx.client.tunnelGroupBackends.get(b.canary)).labels).toEqual({ app: "shop", track: "canary" });

  const routes = out.routeIds as Record<string, string>;
  const web = await fx.client.httpsEdges.get(out.edgeIds.web);
  expect(web.tlsTermination?.minVersion).toBe("1.3");
  expect(web.routes.map((r) => `${web.id}/${r.id}`).sort()).toEqual(Object.values(routes).sort());
  const route = (key: string) => fx.client.httpsEdgeRoutes.get(...(routes[key].split("/") as [string, string]));
  const api = await route("api");
  expect(api.backend?.backend.id).toBe(b.split);
  expect(api.ipRestriction?.ipPolicies.map((p) => p.id)).toEqual([out.officePolicyId]);
  const ranges = (await fx.client.ipPolicyRules.list().toArray()).filter((r) => r.ipPolicy.id === out.officePolicyId);
  expect(ranges.map((r) => r.cidr).sort()).toEqual(["2001:db8::/32", "203.0.113.0/24"]);
  expect(api.circuitBreaker).toMatchObject({ errorThresholdPercentage: 0.25, volumeThreshold: 50 });
  expect(api.requestHeaders).toMatchObject({ add: { "X-Edge-Route": "api" }, remove: ["X-Debug"] });
  const app = await route("app");
  // The secret from stack config reached the service.
  expect(app.oauth?.provider.github).toMatchObject({
    clientId: EDGES_CONFIG.oauthClientId.value,
    clientSecret: EDGES_CONFIG.oauthClientSecret.value,
    organizations: ["shop-team"],
  });
  expect(app.websocketTcpConverter).toEqual({ enabled: true });
  const admin = await route("admin");
  expect(admin.saml?.entityId).toBe(out.samlEntityId);
  expect(admin.saml?.assertionConsumerServiceUrl).toBe(out.samlAssertionConsumerServiceUrl);
  expect(await route("hooks")).toMatchObject({
    webhookVerification: { provider: "CI", secret: EDGES_CONFIG.webhookSecret.value },
    matchType: "exact_path",
  });
  expect((await route("portal")).oidc).toEqual({ enabled: true });
  expect((await fx.client.tcpEdges.get(out.edgeIds.db)).backend?.backend.id).toBe(b.failover);
  expect((await fx.client.tlsEdges.get(out.edgeIds.mqtt)).tlsTermination).toMatchObject({ terminateAt: "upstream" });

  const endpoints = (await fx.client.endpoints.list().toArray()).map((e) => e.publicUrl).sort();
  expect(endpoints).toEqual(["https://shop.shop-example.test:443", "tcp://db.shop-example.test:5432", "tls://mqtt.shop-example.test:8883"]);
  return endpoints;
}
