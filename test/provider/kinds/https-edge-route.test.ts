/** HttpsEdgeRoute through the provider runtime: what the API text leaves to the service passes through. */
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
const ROUTE = { ...P, edgeId: "edghts_01m8g37t4491tk5f8z6b9ay0th", matchType: "path_prefix", match: "/" };

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
