/**
 * HttpsEdgeRoute through the provider runtime against the emulator: its id under its edge, its modules
 * stored as secrets, and what the service generates for SAML. Each module's set, change and removal is
 * in modules.test.ts and module-transitions.test.ts, with every edge kind's. OAuth provider keys are the
 * service's eight lowercase names.
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
  const PROVIDERS = ["github", "facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"];
  const oauth = (provider: Record<string, unknown>) => ({ ...ROUTE, oauth: { provider } });
  const check = async (provider: Record<string, unknown>) => (await fx.runtime.check(K, {}, oauth(provider))).failures;

  it("each of the service's eight providers passes the check and is made on the emulator, with no change after", async () => {
    const settings = { clientId: "app", clientSecret: "app-secret", scopes: ["email"], emailDomains: ["example.test"] };
    const edgeId = await edge();
    for (const key of PROVIDERS) {
      const inputs = { ...oauth({ [key]: settings }), edgeId, match: `/${key}` };
      expect({ key, failures: (await fx.runtime.check(K, {}, inputs)).failures }).toEqual({ key, failures: [] });
      const route = await fx.runtime.create(K, inputs);
      expect(Object.keys(route.outs.oauth.provider)).toEqual([key]);
      expect((await fx.runtime.diff(K, route.id, route.outs, inputs)).changes).toBe(false);
    }
  });

  it("refuses at the check, naming the field, what the emulator refuses: another key (the old placeholders among them), teams or organizations off github", async () => {
    expect(await check({ github: { teams: ["org/team"], organizations: ["org"] } })).toEqual([]);
    for (const key of ["codehost", "social", "workspace", "okta", "GitHub"]) {
      expect(await check({ [key]: {} })).toEqual([
        { property: "", reason: `oauth.provider.${key}: must be one of the service's OAuth providers: ${PROVIDERS.join(", ")}` },
      ]);
    }
    for (const key of PROVIDERS.slice(1)) {
      expect(await check({ [key]: { teams: ["org/team"], organizations: ["org"] } })).toEqual(
        ["teams", "organizations"].map((f) => ({
          property: "",
          reason: `oauth.provider.${key}.${f}: is only accepted on github, the code-hosting provider`,
        })),
      );
    }
  });

  it("a provider compares with the service's defaults filled in: no change when the service reports what was declared", async () => {
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
