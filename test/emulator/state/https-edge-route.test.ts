import { X509Certificate } from "node:crypto";
import { useEmulator } from "../../support/emulator";
import { expectError, sendOddValues } from "../support";

const emu = useEmulator();
const { api } = emu;

let edge: string;
let tg: string;
let p1: string;

let port = 50000;
const hp = () => `routes.example.com:${port++}`;
const routes = (edgeId = edge) => `/edges/https/${edgeId}/routes`;
const newRoute = async (extra: Record<string, unknown> = {}, edgeId = edge) => {
  const reply = await api.post(routes(edgeId), { match_type: "path_prefix", match: "/", ...extra });
  expect(reply.status).toBe(201);
  return reply.body;
};

const IDP_METADATA =
  '<?xml version="1.0"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.test/"/>';
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const MODULES = [
  "backend",
  "ip_restriction",
  "circuit_breaker",
  "compression",
  "request_headers",
  "response_headers",
  "webhook_verification",
  "oauth",
  "saml",
  "oidc",
  "websocket_tcp_converter",
  "user_agent_filter",
  "jwt_validation",
];

beforeAll(async () => {
  edge = (await api.post("/edges/https", { hostports: [hp()] })).body.id;
  tg = (await api.post("/backends/tunnel_group", {})).body.id;
  p1 = (await api.post("/ip_policies", {})).body.id;
});

describe("HTTPS edge routes", () => {
  test("create returns 201 with §2.6 fields; every module is null when unset", async () => {
    const reply = await api.post(routes(), { match_type: "exact_path", match: "/health", description: "d", metadata: "m" });
    expect(reply.status).toBe(201);
    const r = reply.body;
    expect(Object.keys(r)).toEqual(["edge_id", "id", "created_at", "match_type", "match", "uri", "description", "metadata", ...MODULES]);
    expect(r).toMatchObject({ edge_id: edge, match_type: "exact_path", match: "/health", description: "d", metadata: "m" });
    for (const name of MODULES) expect(r[name]).toBeNull();
  });

  test("the edge lists its routes oldest first, updated in place", async () => {
    const e = (await api.post("/edges/https", { hostports: [hp()] })).body.id;
    const first = await newRoute({ match: "/a" }, e);
    const second = await newRoute({ match: "/b", backend: { backend_id: tg } }, e);
    expect((await api.get(`/edges/https/${e}`)).body.routes).toEqual([first, second]);
    const updated = await api.patch(`${routes(e)}/${first.id}`, { match: "/exact" });
    expect((await api.get(`/edges/https/${e}`)).body.routes).toEqual([updated.body, second]);
    expect((await api.del(`${routes(e)}/${first.id}`)).status).toBe(204);
    expect((await api.get(`/edges/https/${e}`)).body.routes).toEqual([second]);
  });

  test("there is no list operation: the edge's routes field lists them", async () => {
    const reply = await api.get(routes());
    expectError(reply, 405, "METHOD_NOT_ALLOWED");
    expect(reply.headers.allow).toBe("POST");
  });

  test("a route is found only under its own edge; a missing edge is 404", async () => {
    const other = (await api.post("/edges/https", { hostports: [hp()] })).body.id;
    const r = await newRoute();
    expectError(await api.get(`${routes(other)}/${r.id}`), 404, "NOT_FOUND");
    expectError(await api.unchanged(() => api.patch(`${routes(other)}/${r.id}`, { match: "/x" })), 404, "NOT_FOUND");
    expectError(await api.unchanged(() => api.del(`${routes(other)}/${r.id}`)), 404, "NOT_FOUND");
    expectError(await api.get(`${routes(other)}/${r.id}/backend`), 404, "NOT_FOUND");
    const ghost = "edghts_00000000000000000000000000";
    expectError(await api.unchanged(() => api.post(routes(ghost), { match_type: "exact_path", match: "/" })), 404, "NOT_FOUND");
    expectError(await api.get(`${routes(ghost)}/${r.id}`), 404, "NOT_FOUND");
  });

  test("deleting the edge deletes its routes and releases their backends", async () => {
    const b = (await api.post("/backends/tunnel_group", {})).body.id;
    const e = (await api.post("/edges/https", { hostports: [hp()] })).body.id;
    await newRoute({ backend: { backend_id: b } }, e);
    const inUse = await api.unchanged(() => api.del(`/backends/tunnel_group/${b}`));
    expectError(inUse, 409, "CONFLICT");
    expect(inUse.body.msg).toMatch(/is in use by HTTPS edge route edghtsrt_/);
    expect((await api.del(`/edges/https/${e}`)).status).toBe(204);
    expect((await api.del(`/backends/tunnel_group/${b}`)).status).toBe(204);
  });

  test("a backend in use by a route is free again once the route's module is deleted", async () => {
    const b = (await api.post("/backends/tunnel_group", {})).body.id;
    const r = await newRoute({ backend: { backend_id: b } });
    expectError(await api.del(`/backends/tunnel_group/${b}`), 409, "CONFLICT");
    expect((await api.del(`${routes()}/${r.id}/backend`)).status).toBe(204);
    expect((await api.del(`/backends/tunnel_group/${b}`)).status).toBe(204);
  });

  describe("route validation leaves state unchanged", () => {
    const cases: Array<[string, () => Record<string, unknown>, string, string]> = [
      ["match_type missing", () => ({ match: "/" }), "MISSING_FIELD", "match_type"],
      ["match_type unknown", () => ({ match_type: "regex", match: "/" }), "INVALID_FIELD", "match_type"],
      ["match missing", () => ({ match_type: "exact_path" }), "MISSING_FIELD", "match"],
      ["match empty", () => ({ match_type: "exact_path", match: "" }), "INVALID_FIELD", "match"],
      ["match not a string", () => ({ match_type: "exact_path", match: 1 }), "INVALID_FIELD", "match"],
      ["a module null", () => ({ match_type: "exact_path", match: "/", saml: null }), "INVALID_FIELD", "saml"],
      ["an edge module", () => ({ match_type: "exact_path", match: "/", mutual_tls: {} }), "UNKNOWN_FIELD", "mutual_tls"],
      ["edge_id (read-only)", () => ({ match_type: "exact_path", match: "/", edge_id: edge }), "UNKNOWN_FIELD", "edge_id"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post(routes(), body())), 400, code, field);
    });
    test.each(cases.filter(([name]) => !name.includes("missing")))("update: %s", async (_name, body, code, field) => {
      const r = await newRoute();
      expectError(await api.unchanged(() => api.patch(`${routes()}/${r.id}`, body())), 400, code, field);
    });
  });

  describe("module rules", () => {
    let route: string;
    beforeAll(async () => {
      route = `${routes()}/${(await newRoute()).id}`;
    });
    const put = (name: string, body: unknown) => api.unchanged(() => api.put(`${route}/${name}`, body));

    const cases: Array<[string, string, unknown, string, string]> = [
      ["circuit_breaker", "num_buckets 0", { num_buckets: 0 }, "INVALID_FIELD", "num_buckets"],
      ["circuit_breaker", "num_buckets 129", { num_buckets: 129 }, "INVALID_FIELD", "num_buckets"],
      [
        "circuit_breaker",
        "error_threshold_percentage 1.5",
        { error_threshold_percentage: 1.5 },
        "INVALID_FIELD",
        "error_threshold_percentage",
      ],
      [
        "circuit_breaker",
        "error_threshold_percentage -0.1",
        { error_threshold_percentage: -0.1 },
        "INVALID_FIELD",
        "error_threshold_percentage",
      ],
      ["circuit_breaker", "tripped_duration over uint32", { tripped_duration: 4294967296 }, "INVALID_FIELD", "tripped_duration"],
      ["circuit_breaker", "rolling_window negative", { rolling_window: -1 }, "INVALID_FIELD", "rolling_window"],
      ["circuit_breaker", "volume_threshold fractional", { volume_threshold: 1.5 }, "INVALID_FIELD", "volume_threshold"],
      ["request_headers", "a header name with a space", { add: { "X Bad": "v" } }, "INVALID_FIELD", "add.X Bad"],
      ["request_headers", "a header value with a newline", { add: { "X-A": "a\r\nX-B: b" } }, "INVALID_FIELD", "add.X-A"],
      ["response_headers", "a removed header with a colon", { remove: ["X-A:"] }, "INVALID_FIELD", "remove[0]"],
      ["response_headers", "add as a list", { add: ["X-A"] }, "INVALID_FIELD", "add"],
      ["webhook_verification", "provider missing", { secret: "s" }, "MISSING_FIELD", "provider"],
      ["webhook_verification", "an unknown provider", { provider: "github", secret: "s" }, "INVALID_FIELD", "provider"],
      ["webhook_verification", "secret missing", { provider: "PAYMENTS" }, "MISSING_FIELD", "secret"],
      ["webhook_verification", "secret empty", { provider: "CHAT", secret: "" }, "INVALID_FIELD", "secret"],
      [
        "webhook_verification",
        "a secret for the secretless provider",
        { provider: "CLOUD_NOTIFICATIONS", secret: "x" },
        "INVALID_FIELD",
        "secret",
      ],
      ["oauth", "provider missing", {}, "MISSING_FIELD", "provider"],
      ["oauth", "no provider key", { provider: {} }, "INVALID_FIELD", "provider"],
      ["oauth", "two provider keys", { provider: { facebook: {}, gitlab: {} } }, "INVALID_FIELD", "provider"],
      ["oauth", "an unknown provider key", { provider: { okta: {} } }, "UNKNOWN_FIELD", "provider.okta"],
      ["oauth", "an old placeholder key", { provider: { codehost: {} } }, "UNKNOWN_FIELD", "provider.codehost"],
      ["oauth", "a provider null", { provider: { facebook: null } }, "INVALID_FIELD", "provider.facebook"],
      [
        "oauth",
        "client_id without client_secret",
        { provider: { google: { client_id: "a" } } },
        "MISSING_FIELD",
        "provider.google.client_secret",
      ],
      [
        "oauth",
        "client_secret without client_id",
        { provider: { microsoft: { client_secret: "a" } } },
        "MISSING_FIELD",
        "provider.microsoft.client_id",
      ],
      ["oauth", "scopes without credentials", { provider: { github: { scopes: ["user"] } } }, "INVALID_FIELD", "provider.github.scopes"],
      [
        "oauth",
        "teams on a provider other than github",
        { provider: { facebook: { teams: ["a/b"] } } },
        "UNKNOWN_FIELD",
        "provider.facebook.teams",
      ],
      [
        "oauth",
        "organizations on gitlab",
        { provider: { gitlab: { organizations: ["o"] } } },
        "UNKNOWN_FIELD",
        "provider.gitlab.organizations",
      ],
      [
        "oauth",
        "a team without its organization",
        { provider: { github: { teams: ["ops"] } } },
        "INVALID_FIELD",
        "provider.github.teams[0]",
      ],
      ["oauth", "a cookie prefix with a space", { provider: { facebook: {} }, cookie_prefix: "a b" }, "INVALID_FIELD", "cookie_prefix"],
      [
        "oauth",
        "a negative inactivity_timeout",
        { provider: { facebook: {} }, inactivity_timeout: -5 },
        "INVALID_FIELD",
        "inactivity_timeout",
      ],
      ["saml", "idp_metadata missing", {}, "MISSING_FIELD", "idp_metadata"],
      ["saml", "idp_metadata not XML", { idp_metadata: "https://idp.test/metadata" }, "INVALID_FIELD", "idp_metadata"],
      ["saml", "idp_metadata without an EntityDescriptor", { idp_metadata: "<html></html>" }, "INVALID_FIELD", "idp_metadata"],
      ["saml", "an unknown nameid_format", { idp_metadata: IDP_METADATA, nameid_format: "urn:x" }, "INVALID_FIELD", "nameid_format"],
      ["saml", "a read-only field", { idp_metadata: IDP_METADATA, entity_id: "x" }, "UNKNOWN_FIELD", "entity_id"],
      ["saml", "idp_metadata_url (read-only)", { idp_metadata: IDP_METADATA, idp_metadata_url: "" }, "UNKNOWN_FIELD", "idp_metadata_url"],
      ["oidc", "a field that is not shown", { issuer: "x" }, "UNKNOWN_FIELD", "issuer"],
      ["jwt_validation", "enabled not a boolean", { enabled: "true" }, "INVALID_FIELD", "enabled"],
    ];
    test.each(cases)("%s: %s", async (name, _what, body, code, field) => {
      expectError(await put(name, body), 400, code, field);
    });

    test("a provider key outside the service's eight is refused, and the error lists them", async () => {
      const reply = await put("oauth", { provider: { social: {} } });
      expectError(reply, 400, "UNKNOWN_FIELD", "provider.social");
      expect(reply.body.msg).toContain(
        "is not one of the service's OAuth providers (github, facebook, google, microsoft, gitlab, linkedin, twitch, amazon)",
      );
    });

    test("teams and organizations on any provider but github are refused, each by name", async () => {
      for (const key of ["facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"]) {
        for (const field of ["teams", "organizations"]) {
          const reply = await put("oauth", { provider: { [key]: { [field]: field === "teams" ? ["o/t"] : ["o"] } } });
          expectError(reply, 400, "UNKNOWN_FIELD", `provider.${key}.${field}`);
          expect(reply.body.msg).toContain("is only accepted on github, the code-hosting provider");
        }
      }
    });

    test("inside a route body the same errors name the module too", async () => {
      expectError(
        await api.unchanged(() => api.patch(route, { oauth: { provider: { google: { client_id: "a" } } } })),
        400,
        "MISSING_FIELD",
        "oauth.provider.google.client_secret",
      );
      expectError(
        await api.unchanged(() => api.post(routes(), { match_type: "exact_path", match: "/", circuit_breaker: { num_buckets: 200 } })),
        400,
        "INVALID_FIELD",
        "circuit_breaker.num_buckets",
      );
    });

    test("every webhook provider and every nameid_format is accepted", async () => {
      for (const provider of ["CODEHOST", "CHAT", "PAYMENTS", "MESSAGING", "CI", "TICKETS"]) {
        expect((await api.put(`${route}/webhook_verification`, { provider, secret: "x" })).status).toBe(200);
      }
      for (const nameid_format of [
        PERSISTENT,
        "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
        "urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified",
        "urn:oasis:names:tc:SAML:2.0:nameid-format:transient",
      ]) {
        expect((await api.put(`${route}/saml`, { idp_metadata: IDP_METADATA, nameid_format })).body.nameid_format).toBe(nameid_format);
      }
    });

    test("every OAuth provider key is accepted with the common fields", async () => {
      const fields = { client_id: "i", client_secret: "s", scopes: ["a"], email_addresses: ["a@b.test"], email_domains: ["b.test"] };
      for (const key of ["github", "facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"]) {
        const reply = await api.put(`${route}/oauth`, { provider: { [key]: fields } });
        expect(reply.status).toBe(200);
        expect(Object.keys(reply.body.provider)).toEqual([key]);
        expect(reply.body.provider[key]).toMatchObject(fields);
      }
    });

    test("webhook secrets are returned but never repeated in error messages", async () => {
      const reply = await api.put(`${route}/webhook_verification`, { provider: "CLOUD_NOTIFICATIONS", secret: "do-not-echo-me" });
      expectError(reply, 400, "INVALID_FIELD", "secret");
      expect(reply.text).not.toContain("do-not-echo-me");
    });

    test("no odd value in any field of any route module is a 5xx, through PUT, PATCH or create", async () => {
      const full: Record<string, Record<string, unknown>> = {
        backend: { enabled: true, backend_id: tg },
        ip_restriction: { enabled: true, ip_policy_ids: [p1] },
        circuit_breaker: { tripped_duration: 1, rolling_window: 1, num_buckets: 1, volume_threshold: 1, error_threshold_percentage: 0.1 },
        compression: { enabled: true },
        request_headers: { add: { a: "b" }, remove: ["c"] },
        response_headers: { add: { a: "b" }, remove: ["c"] },
        webhook_verification: { provider: "CI", secret: "x" },
        oauth: {
          provider: {
            github: {
              client_id: "a",
              client_secret: "b",
              scopes: ["x"],
              email_addresses: ["x"],
              email_domains: ["y"],
              teams: ["a/b"],
              organizations: ["o"],
            },
          },
          options_passthrough: true,
          cookie_prefix: "x",
          inactivity_timeout: 1,
          maximum_duration: 1,
          auth_check_interval: 1,
        },
        saml: { idp_metadata: IDP_METADATA, cookie_prefix: "x", authorized_groups: ["a"], nameid_format: PERSISTENT, force_authn: true },
        oidc: { enabled: true },
        websocket_tcp_converter: { enabled: true },
        user_agent_filter: { enabled: true },
        jwt_validation: { enabled: true },
      };
      expect(Object.keys(full)).toEqual(MODULES);
      let sent = 0;
      for (const [name, valid] of Object.entries(full)) {
        sent += await sendOddValues(valid, (body) => api.put(`${route}/${name}`, body));
        sent += await sendOddValues({ [name]: valid }, (body) => api.patch(route, body));
        sent += await sendOddValues({ match_type: "exact_path", match: "/", [name]: valid }, (body) => api.post(routes(), body));
      }
      expect(sent).toBeGreaterThan(1000);
    });

    test("SAML: URLs name the route; the signing certificate is a valid self-signed certificate, one per process", async () => {
      const id = route.split("/").pop();
      const a = (await api.put(`${route}/saml`, { idp_metadata: IDP_METADATA })).body;
      expect(a.entity_id).toBe(`https://idp.edge-ingress.local/saml/${id}/metadata`);
      expect(a.metadata_url).toBe(a.entity_id);
      expect(a.assertion_consumer_service_url).toBe(`https://idp.edge-ingress.local/saml/${id}/acs`);
      expect(a.single_logout_url).toBe(`https://idp.edge-ingress.local/saml/${id}/slo`);
      const cert = new X509Certificate(a.request_signing_certificate_pem);
      expect(cert.subject).toBe("CN=idp.edge-ingress.local");
      expect(cert.verify(cert.publicKey)).toBe(true);
      expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now());
      const other = await newRoute({ saml: { idp_metadata: IDP_METADATA } });
      expect(other.saml.request_signing_certificate_pem).toBe(a.request_signing_certificate_pem);
      expect(other.saml.entity_id).toContain(other.id);
    });
  });
});
