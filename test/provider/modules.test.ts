/**
 * Every module of every edge kind through the provider runtime against the emulator: set on create,
 * no diff afterwards (the declared service defaults match the service), change in place, remove
 * through the module endpoint, add again through update.
 */
import { kinds } from "../../provider/kinds";
import { caPem } from "../support/pki";
import { useRuntime } from "./runtime-fixture";

const P = { __provider: "serialized" };
const fx = useRuntime();
const { runtime } = fx;
const ref = { tg: "", tg2: "", p1: "", p2: "", ca: "", httpsEdge: "" };
let port = 20000;
const nextHostport = () => `edge-${port}.example.com:${port++}`;
const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';

beforeAll(async () => {
  const client = fx.client;
  ref.ca = (await client.certificateAuthorities.create({ caPem: caPem() })).id;
  ref.tg = (await client.tunnelGroupBackends.create({ labels: { app: "a" } })).id;
  ref.tg2 = (await client.tunnelGroupBackends.create({ labels: { app: "b" } })).id;
  ref.p1 = (await client.ipPolicies.create({})).id;
  ref.p2 = (await client.ipPolicies.create({})).id;
  ref.httpsEdge = (await client.httpsEdges.create({ hostports: [nextHostport()] })).id;
});

type Case = [kind: string, module: string, a: () => object, b: () => object];
const onOff = (kind: string, module: string): Case => [kind, module, () => ({}), () => ({ enabled: false })];
const cases: Case[] = [
  ["TcpEdge", "backend", () => ({ backendId: ref.tg }), () => ({ backendId: ref.tg2, enabled: false })],
  ["TcpEdge", "ipRestriction", () => ({ ipPolicyIds: [ref.p1] }), () => ({ ipPolicyIds: [ref.p1, ref.p2] })],
  ["TlsEdge", "backend", () => ({ backendId: ref.tg }), () => ({ backendId: ref.tg2 })],
  ["TlsEdge", "ipRestriction", () => ({ ipPolicyIds: [ref.p1] }), () => ({ ipPolicyIds: [ref.p2], enabled: false })],
  ["TlsEdge", "mutualTls", () => ({ certificateAuthorityIds: [ref.ca] }), () => ({ certificateAuthorityIds: [ref.ca], enabled: false })],
  ["TlsEdge", "tlsTermination", () => ({}), () => ({ terminateAt: "upstream" })],
  ["HttpsEdge", "mutualTls", () => ({ certificateAuthorityIds: [ref.ca] }), () => ({ enabled: false, certificateAuthorityIds: [ref.ca] })],
  ["HttpsEdge", "tlsTermination", () => ({}), () => ({ minVersion: "1.3" })],
  ["HttpsEdgeRoute", "backend", () => ({ backendId: ref.tg }), () => ({ backendId: ref.tg2 })],
  ["HttpsEdgeRoute", "ipRestriction", () => ({ ipPolicyIds: [ref.p1] }), () => ({ ipPolicyIds: [ref.p2] })],
  ["HttpsEdgeRoute", "circuitBreaker", () => ({}), () => ({ numBuckets: 64, errorThresholdPercentage: 0.2 })],
  onOff("HttpsEdgeRoute", "compression"),
  ["HttpsEdgeRoute", "requestHeaders", () => ({ add: { "X-Team_Name": "edge" } }), () => ({ remove: ["X-Debug"] })],
  ["HttpsEdgeRoute", "responseHeaders", () => ({ remove: ["Server"] }), () => ({ add: { "Cache-Control": "no-store" } })],
  [
    "HttpsEdgeRoute",
    "webhookVerification",
    () => ({ provider: "CODEHOST", secret: "hook-secret" }),
    () => ({ provider: "CLOUD_NOTIFICATIONS" }),
  ],
  [
    "HttpsEdgeRoute",
    "oauth",
    () => ({ provider: { github: {} } }),
    () => ({ provider: { facebook: { clientId: "app", clientSecret: "app-secret", scopes: ["email"] } }, inactivityTimeout: 600 }),
  ],
  ["HttpsEdgeRoute", "saml", () => ({ idpMetadata: IDP }), () => ({ idpMetadata: IDP, forceAuthn: true, authorizedGroups: ["ops"] })],
  onOff("HttpsEdgeRoute", "oidc"),
  onOff("HttpsEdgeRoute", "websocketTcpConverter"),
  onOff("HttpsEdgeRoute", "userAgentFilter"),
  onOff("HttpsEdgeRoute", "jwtValidation"),
];

function baseInputs(kind: string): Record<string, unknown> {
  if (kind === "HttpsEdgeRoute") return { edgeId: ref.httpsEdge, matchType: "path_prefix", match: `/m${port++}` };
  return { hostports: [nextHostport()] };
}

// Through the kind's declared api, which takes the provider's id (composite for a route).
const serverModule = async (kind: string, id: string, module: string): Promise<unknown> =>
  (await kinds[kind].api(fx.client).get(id))[module];

test("a case for every module of every kind", () => {
  const declared = Object.values(kinds).flatMap((decl) => Object.keys(decl.modules ?? {}).map((m) => `${decl.name} ${m}`));
  expect(cases.map(([kind, module]) => `${kind} ${module}`).sort()).toEqual(declared.sort());
});

describe.each(cases)("%s %s", (kind, module, a, b) => {
  it("is set on create, changed in place, removed and added again, with no diff after each step", async () => {
    const base = { ...P, ...baseInputs(kind) };
    const noDiff = async (id: string, outs: Record<string, unknown>, news: Record<string, unknown>) => {
      expect(await runtime.diff(kind, id, outs, news)).toEqual({ changes: false, replaces: [], deleteBeforeReplace: false });
      const read = await runtime.read(kind, id, outs);
      expect((await runtime.diff(kind, id, read.props!, news)).changes).toBe(false);
    };

    const withA = { ...base, [module]: a() };
    const created = await runtime.create(kind, withA);
    expect(await serverModule(kind, created.id, module)).not.toBeNull();
    await noDiff(created.id, created.outs, withA);

    const withB = { ...base, [module]: b() };
    expect((await runtime.diff(kind, created.id, created.outs, withB)).changes).toBe(true);
    const changed = await runtime.update(kind, created.id, created.outs, withB);
    await noDiff(created.id, changed.outs!, withB);

    const diffRemoved = await runtime.diff(kind, created.id, changed.outs!, base);
    expect(diffRemoved).toMatchObject({ changes: true, replaces: [] });
    const removed = await runtime.update(kind, created.id, changed.outs!, base);
    expect(removed.outs![module]).toBeNull();
    expect(await serverModule(kind, created.id, module)).toBeNull();
    await noDiff(created.id, removed.outs!, base);

    const again = await runtime.update(kind, created.id, removed.outs!, withA);
    await noDiff(created.id, again.outs!, withA);
    await runtime.delete(kind, created.id, again.outs!);
  });
});
