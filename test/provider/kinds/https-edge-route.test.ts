/**
 * HttpsEdgeRoute through the provider runtime against the emulator: its id under its edge, its modules
 * stored as secrets, and what the service generates for SAML. Each module's set, change and removal is
 * in modules.test.ts and module-transitions.test.ts, with every edge kind's. What the API text leaves to
 * the service (OAuth provider keys) passes through.
 */
import { kinds } from "../../../provider/kinds";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const ROUTE = { ...P, edgeId: "edghts_01m8g37t4491tk5f8z6b9ay0th", matchType: "path_prefix", match: "/" };
const K = "HttpsEdgeRoute";
const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';
let port = 21000;
const edge = async () => (await fx.client.httpsEdges.create({ hostports: [`route-${port}.example.com:${port++}`] })).id;

describe("HttpsEdgeRoute provider", () => {
  it("its id is `<edge id>/<route id>`, and another edge or match type replaces it", async () => {
    const { runtime, client } = fx;
    const edgeId = await edge();
    const inputs = { ...P, edgeId, matchType: "path_prefix", match: "/api" };
    const route = await runtime.create(K, inputs);
    expect(route.id).toBe(`${edgeId}/${route.outs.routeId}`);
    expect((await client.httpsEdges.get(edgeId)).routes.map((r) => r.id)).toEqual([route.outs.routeId]);
    expect((await runtime.diff(K, route.id, route.outs, { ...inputs, edgeId: await edge() })).replaces).toEqual(["edgeId"]);
    expect(await runtime.diff(K, route.id, route.outs, { ...inputs, match: "/v2" })).toMatchObject({ changes: true, replaces: [] });
  });

  it("the credential-holding modules are secret inputs and outputs", () => {
    expect(kinds.HttpsEdgeRoute.secretInputs).toEqual(expect.arrayContaining(["oauth", "webhookVerification"]));
    expect(kinds.HttpsEdgeRoute.credentials).toEqual(["oauth.provider.*.clientSecret", "webhookVerification.secret"]);
  });

  it("a SAML module reads back in the input shape; what the service generated is `samlServiceProvider`", async () => {
    const { runtime } = fx;
    const inputs = { ...P, edgeId: await edge(), matchType: "exact_path", match: "/login", saml: { idpMetadata: IDP } };
    const route = await runtime.create(K, inputs);
    expect(Object.keys(route.outs.saml)).not.toContain("entityId");
    expect(route.outs.samlServiceProvider).toMatchObject({ entityId: expect.stringMatching(/^https?:\/\//), idpMetadataUrl: "" });
    expect((await runtime.diff(K, route.id, route.outs, inputs)).changes).toBe(false);
    const removed = await runtime.update(K, route.id, route.outs, { ...inputs, saml: undefined });
    expect(removed.outs).toMatchObject({ saml: null, samlServiceProvider: null });
  });
});

describe("HttpsEdgeRoute OAuth provider keys", () => {
  it("passes a provider key the emulator does not know at preview (the API text names none), and refuses one that is not a lowercase name", async () => {
    const oauth = (provider: Record<string, unknown>) => ({ ...ROUTE, oauth: { provider } });
    expect((await fx.runtime.check("HttpsEdgeRoute", {}, oauth({ github: { teams: ["org/team"] } }))).failures).toEqual([]);
    const refused = (await fx.runtime.check("HttpsEdgeRoute", {}, oauth({ GitHub: {} }))).failures;
    expect(refused).toEqual([{ property: expect.any(String), reason: expect.stringContaining("must be a provider's lowercase name") }]);
  });

  it("a provider under any key compares with the service's defaults filled in: no change when the service reports what was declared", async () => {
    const declared = { ...ROUTE, oauth: { provider: { github: { emailDomains: ["example.test"] } } } };
    const reported = {
      ...declared,
      oauth: {
        enabled: true,
        provider: {
          github: {
            clientId: null,
            clientSecret: null,
            scopes: [],
            emailAddresses: [],
            emailDomains: ["example.test"],
            teams: [],
            organizations: [],
          },
        },
        optionsPassthrough: false,
        cookiePrefix: "ei_session.",
        inactivityTimeout: 0,
        maximumDuration: 0,
        authCheckInterval: 0,
      },
    };
    const id = `${ROUTE.edgeId}/edghtsrt_01m8g37t804cvfe09160w28nnn`;
    expect((await fx.runtime.diff("HttpsEdgeRoute", id, reported, declared)).changes).toBe(false);
    const wider = { ...declared, oauth: { provider: { github: { emailDomains: ["example.test", "example.org"] } } } };
    expect((await fx.runtime.diff("HttpsEdgeRoute", id, reported, wider)).changes).toBe(true);
  });
});
