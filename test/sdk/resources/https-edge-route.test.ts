/** HTTPS edge routes: nested paths, inline and separate module operations, route rules. */
import { BadRequestError, HttpsEdgeRouteModuleName, NotFoundError } from "../../../sdk";
import { useEmulator } from "../../support/emulator";
import { expectApiError, expectInvalid } from "../expect";
import { useWire } from "../wire-fixture";
import { samples } from "../wire-samples";

const wire = useWire();

describe("on the wire", () => {
  test("create, get, update and delete address /edges/https/{edge}/routes[/{id}]", async () => {
    const { httpsEdgeRoutes } = wire.client;
    wire.reply(201, samples.route({ request_headers: { enabled: true, add: { "X-Request_Id": "1" }, remove: ["Server"] } }));
    const created = await httpsEdgeRoutes.create("edghts_1", {
      matchType: "path_prefix",
      match: "/",
      requestHeaders: { add: { "X-Request_Id": "1" }, remove: ["Server"] },
      circuitBreaker: { numBuckets: 20, errorThresholdPercentage: 0.25 },
    });
    expect(wire.last()).toEqual({
      method: "POST",
      path: "/edges/https/edghts_1/routes",
      body: {
        match_type: "path_prefix",
        match: "/",
        request_headers: { add: { "X-Request_Id": "1" }, remove: ["Server"] },
        circuit_breaker: { num_buckets: 20, error_threshold_percentage: 0.25 },
      },
    });
    expect(created.requestHeaders).toEqual({ enabled: true, add: { "X-Request_Id": "1" }, remove: ["Server"] });
    expect(created.edgeId).toBe("edghts_1");

    wire.reply(200, samples.route());
    await httpsEdgeRoutes.get("edghts_1", "edghtsrt_1");
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/https/edghts_1/routes/edghtsrt_1" });
    await httpsEdgeRoutes.update("edghts_1", "edghtsrt_1", { match: "/api", matchType: "exact_path" });
    expect(wire.last()).toEqual({
      method: "PATCH",
      path: "/edges/https/edghts_1/routes/edghtsrt_1",
      body: { match: "/api", match_type: "exact_path" },
    });
    wire.reply(204);
    await expect(httpsEdgeRoutes.delete("edghts_1", "edghtsrt_1")).resolves.toBeUndefined();
    expect(wire.last()).toMatchObject({ method: "DELETE", path: "/edges/https/edghts_1/routes/edghtsrt_1" });
  });

  test("ids are percent-encoded into the path", async () => {
    wire.reply(200, samples.route());
    await wire.client.httpsEdgeRoutes.get("a/b", "c?d");
    expect(wire.last().path).toBe("/edges/https/a%2Fb/routes/c%3Fd");
  });

  test.each<[HttpsEdgeRouteModuleName, string]>([
    ["backend", "backend"],
    ["ipRestriction", "ip_restriction"],
    ["circuitBreaker", "circuit_breaker"],
    ["compression", "compression"],
    ["requestHeaders", "request_headers"],
    ["responseHeaders", "response_headers"],
    ["webhookVerification", "webhook_verification"],
    ["oauth", "oauth"],
    ["saml", "saml"],
    ["oidc", "oidc"],
    ["websocketTcpConverter", "websocket_tcp_converter"],
    ["userAgentFilter", "user_agent_filter"],
    ["jwtValidation", "jwt_validation"],
  ])("module %s is the path segment %s", async (name, segment) => {
    wire.reply(204);
    await wire.client.httpsEdgeRoutes.deleteModule("edghts_1", "edghtsrt_1", name);
    expect(wire.last()).toMatchObject({ method: "DELETE", path: `/edges/https/edghts_1/routes/edghtsrt_1/${segment}` });
  });

  test("replaceModule sends the module in wire case and reads the response shape", async () => {
    const { httpsEdgeRoutes } = wire.client;
    wire.reply(200, {
      enabled: true,
      provider: {
        github: {
          client_id: "i",
          client_secret: "s",
          scopes: ["read:org"],
          email_addresses: [],
          email_domains: [],
          teams: ["o/t"],
          organizations: [],
        },
      },
      options_passthrough: true,
      cookie_prefix: "ei_session.",
      inactivity_timeout: 0,
      maximum_duration: 0,
      auth_check_interval: 0,
    });
    const oauth = await httpsEdgeRoutes.replaceModule("edghts_1", "edghtsrt_1", "oauth", {
      provider: { github: { clientId: "i", clientSecret: "s", scopes: ["read:org"], teams: ["o/t"] } },
      optionsPassthrough: true,
    });
    expect(wire.last()).toEqual({
      method: "PUT",
      path: "/edges/https/edghts_1/routes/edghtsrt_1/oauth",
      body: {
        provider: { github: { client_id: "i", client_secret: "s", scopes: ["read:org"], teams: ["o/t"] } },
        options_passthrough: true,
      },
    });
    expect(oauth.provider.github).toEqual({
      clientId: "i",
      clientSecret: "s",
      scopes: ["read:org"],
      emailAddresses: [],
      emailDomains: [],
      teams: ["o/t"],
      organizations: [],
    });

    wire.reply(200, { enabled: true, provider: "CLOUD_NOTIFICATIONS", secret: "" });
    expect(await httpsEdgeRoutes.getModule("edghts_1", "edghtsrt_1", "webhookVerification")).toEqual({
      enabled: true,
      provider: "CLOUD_NOTIFICATIONS",
      secret: "",
    });
    expect(wire.last()).toMatchObject({ method: "GET", path: "/edges/https/edghts_1/routes/edghtsrt_1/webhook_verification" });
  });
});

describe("client-side validation", () => {
  test.each([
    ["no match type", { match: "/" }, "matchType", "is required"],
    ["an unknown match type", { matchType: "regex", match: "/" }, "matchType", "must be one of exact_path, path_prefix"],
    ["no match", { matchType: "exact_path" }, "match", "is required"],
    ["an empty match", { matchType: "exact_path", match: "" }, "match", "must not be empty"],
    ["a null module", { matchType: "exact_path", match: "/", saml: null }, "saml", "cannot be null: remove a module with deleteModule"],
    [
      "an edge-only module",
      { matchType: "exact_path", match: "/", mutualTls: { certificateAuthorityIds: ["ca_1"] } },
      "mutualTls",
      "is not a known field",
    ],
    [
      "a bad module inside",
      { matchType: "exact_path", match: "/", webhookVerification: { provider: "CI" } },
      "webhookVerification.secret",
      "is required",
    ],
    [
      "a bad header key inside",
      { matchType: "exact_path", match: "/", responseHeaders: { add: { "Bad Name": "v" } } },
      "responseHeaders.add.Bad Name",
      "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)",
    ],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.httpsEdgeRoutes.create("edghts_1", params as never), field, rule);
  });

  test("the edge id and route id must be usable path segments", async () => {
    await expectInvalid(
      wire.client.httpsEdgeRoutes.create("", { matchType: "exact_path", match: "/" }),
      "edgeId",
      "must be a non-empty id",
    );
    await expectInvalid(wire.client.httpsEdgeRoutes.get("edghts_1", ".."), "id", "must be a non-empty id");
    await expectInvalid(wire.client.httpsEdgeRoutes.getModule("..", "edghtsrt_1", "saml"), "edgeId", "must be a non-empty id");
  });

  test("a module name routes lack is refused", async () => {
    await expectInvalid(
      wire.client.httpsEdgeRoutes.getModule("edghts_1", "edghtsrt_1", "tlsTermination" as never),
      "name",
      expect.stringMatching(/^must be one of backend, ipRestriction, circuitBreaker, /),
    );
  });
});

describe("against the emulator", () => {
  const emu = useEmulator();
  let port = 50000;
  const newEdge = () => emu.client.httpsEdges.create({ hostports: [`api.example.test:${port++}`] });
  const IDP_METADATA = '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';

  test("create, get, update, delete; header names survive the round trip unchanged", async () => {
    const { httpsEdgeRoutes } = emu.client;
    const edge = await newEdge();
    const created = await httpsEdgeRoutes.create(edge.id, {
      matchType: "path_prefix",
      match: "/api",
      description: "api",
      requestHeaders: { add: { "X-Request_Id": "abc", "x-lower": "v" }, remove: ["X-Drop_Me"] },
    });
    expect(created).toEqual({
      edgeId: edge.id,
      id: expect.stringMatching(/^edghtsrt_/),
      uri: expect.stringContaining(`/edges/https/${edge.id}/routes/`),
      createdAt: expect.any(String),
      matchType: "path_prefix",
      match: "/api",
      description: "api",
      metadata: "",
      backend: null,
      ipRestriction: null,
      circuitBreaker: null,
      compression: null,
      requestHeaders: { enabled: true, add: { "X-Request_Id": "abc", "x-lower": "v" }, remove: ["X-Drop_Me"] },
      responseHeaders: null,
      webhookVerification: null,
      oauth: null,
      saml: null,
      oidc: null,
      websocketTcpConverter: null,
      userAgentFilter: null,
      jwtValidation: null,
    });
    await expect(httpsEdgeRoutes.get(edge.id, created.id)).resolves.toEqual(created);

    const updated = await httpsEdgeRoutes.update(edge.id, created.id, { matchType: "exact_path", match: "/api/v2", compression: {} });
    expect(updated).toEqual({ ...created, matchType: "exact_path", match: "/api/v2", compression: { enabled: true } });

    await httpsEdgeRoutes.delete(edge.id, created.id);
    await expectApiError(httpsEdgeRoutes.get(edge.id, created.id), NotFoundError, "NOT_FOUND");
  });

  test("a route is found only under its own edge", async () => {
    const [a, b] = [await newEdge(), await newEdge()];
    const route = await emu.client.httpsEdgeRoutes.create(a.id, { matchType: "exact_path", match: "/" });
    await expectApiError(emu.client.httpsEdgeRoutes.get(b.id, route.id), NotFoundError, "NOT_FOUND");
  });

  // Each module: params for PUT and the module the service answers with (defaults filled in).
  const cases: Array<[HttpsEdgeRouteModuleName, () => Promise<[unknown, unknown]>]> = [
    [
      "backend",
      async () => {
        const tg = await emu.client.tunnelGroupBackends.create({});
        return [{ backendId: tg.id }, { enabled: true, backend: { id: tg.id, uri: tg.uri } }];
      },
    ],
    [
      "ipRestriction",
      async () => {
        const p = await emu.client.ipPolicies.create({});
        return [
          { enabled: false, ipPolicyIds: [p.id] },
          { enabled: false, ipPolicies: [{ id: p.id, uri: p.uri }] },
        ];
      },
    ],
    [
      "circuitBreaker",
      async () => [
        { numBuckets: 128 },
        { enabled: true, trippedDuration: 10, rollingWindow: 10, numBuckets: 128, volumeThreshold: 20, errorThresholdPercentage: 0.5 },
      ],
    ],
    ["compression", async () => [{}, { enabled: true }]],
    ["requestHeaders", async () => [{ add: { "X-Request_Id": "1" } }, { enabled: true, add: { "X-Request_Id": "1" }, remove: [] }]],
    ["responseHeaders", async () => [{ remove: ["Server"] }, { enabled: true, add: {}, remove: ["Server"] }]],
    [
      "webhookVerification",
      async () => [{ provider: "CLOUD_NOTIFICATIONS" }, { enabled: true, provider: "CLOUD_NOTIFICATIONS", secret: "" }],
    ],
    [
      "oauth",
      async () => [
        { provider: { github: { clientId: "id", clientSecret: "secret", scopes: ["read:org"], teams: ["org/team"] } } },
        {
          enabled: true,
          provider: {
            github: {
              clientId: "id",
              clientSecret: "secret",
              scopes: ["read:org"],
              emailAddresses: [],
              emailDomains: [],
              teams: ["org/team"],
              organizations: [],
            },
          },
          optionsPassthrough: false,
          cookiePrefix: "ei_session.",
          inactivityTimeout: 0,
          maximumDuration: 0,
          authCheckInterval: 0,
        },
      ],
    ],
    [
      "saml",
      async () => [
        { idpMetadata: IDP_METADATA, forceAuthn: true },
        {
          enabled: true,
          optionsPassthrough: false,
          cookiePrefix: "ei_session.",
          inactivityTimeout: 0,
          maximumDuration: 0,
          idpMetadata: IDP_METADATA,
          idpMetadataUrl: "",
          forceAuthn: true,
          allowIdpInitiated: false,
          authorizedGroups: [],
          nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
          entityId: expect.stringMatching(/^https:\/\/idp\.edge-ingress\.local\/saml\/edghtsrt_\w+\/metadata$/),
          assertionConsumerServiceUrl: expect.stringMatching(/\/acs$/),
          singleLogoutUrl: expect.stringMatching(/\/slo$/),
          metadataUrl: expect.stringMatching(/\/metadata$/),
          requestSigningCertificatePem: expect.stringMatching(/^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n?$/),
        },
      ],
    ],
    ["oidc", async () => [{ enabled: false }, { enabled: false }]],
    ["websocketTcpConverter", async () => [{}, { enabled: true }]],
    ["userAgentFilter", async () => [{ enabled: false }, { enabled: false }]],
    ["jwtValidation", async () => [{}, { enabled: true }]],
  ];

  test.each(cases)("module %s: replace, get, read on the route, delete, then 404", async (name, make) => {
    const { httpsEdgeRoutes } = emu.client;
    const edge = await newEdge();
    const route = await httpsEdgeRoutes.create(edge.id, { matchType: "path_prefix", match: "/" });
    const [params, expected] = await make();
    const replaced = await httpsEdgeRoutes.replaceModule(edge.id, route.id, name, params as never);
    expect(replaced).toEqual(expected);
    await expect(httpsEdgeRoutes.getModule(edge.id, route.id, name)).resolves.toEqual(replaced);
    expect((await httpsEdgeRoutes.get(edge.id, route.id))[name]).toEqual(replaced);

    await httpsEdgeRoutes.deleteModule(edge.id, route.id, name);
    expect((await httpsEdgeRoutes.get(edge.id, route.id))[name]).toBeNull();
    await expectApiError(httpsEdgeRoutes.getModule(edge.id, route.id, name), NotFoundError, "NOT_FOUND");
  });

  test("modules given inline at creation match what PUT gives", async () => {
    const edge = await newEdge();
    const route = await emu.client.httpsEdgeRoutes.create(edge.id, {
      matchType: "path_prefix",
      match: "/hooks",
      webhookVerification: { provider: "PAYMENTS", secret: "whsec_1" },
      circuitBreaker: { errorThresholdPercentage: 0.1 },
    });
    expect(route.webhookVerification).toEqual({ enabled: true, provider: "PAYMENTS", secret: "whsec_1" });
    expect(route.circuitBreaker).toMatchObject({ errorThresholdPercentage: 0.1, numBuckets: 10 });
  });

  describe("the service's own checks", () => {
    test("null for a module in a PATCH → BadRequestError INVALID_FIELD", async () => {
      const edge = await newEdge();
      const route = await emu.client.httpsEdgeRoutes.create(edge.id, { matchType: "path_prefix", match: "/" });
      await expectApiError(
        emu.client.patch(`/edges/https/${edge.id}/routes/${route.id}`, { body: { oauth: null } }),
        BadRequestError,
        "INVALID_FIELD",
        "oauth",
      );
    });

    test("a webhook without its secret → BadRequestError MISSING_FIELD on webhookVerification.secret", async () => {
      const edge = await newEdge();
      await expectApiError(
        emu.client.post(`/edges/https/${edge.id}/routes`, {
          body: { matchType: "exact_path", match: "/", webhookVerification: { provider: "CI" } },
        }),
        BadRequestError,
        "MISSING_FIELD",
        "webhookVerification.secret",
      );
    });

    test("an OAuth client id without its secret → BadRequestError MISSING_FIELD; the path keeps the provider key", async () => {
      const edge = await newEdge();
      const route = await emu.client.httpsEdgeRoutes.create(edge.id, { matchType: "path_prefix", match: "/" });
      await expectApiError(
        emu.client.put(`/edges/https/${edge.id}/routes/${route.id}/oauth`, { body: { provider: { facebook: { clientId: "i" } } } }),
        BadRequestError,
        "MISSING_FIELD",
        "provider.facebook.clientSecret",
      );
    });

    test("a header name with a space → BadRequestError INVALID_FIELD naming the header as written", async () => {
      const edge = await newEdge();
      await expectApiError(
        emu.client.post(`/edges/https/${edge.id}/routes`, {
          body: { matchType: "exact_path", match: "/", responseHeaders: { add: { "Bad Name_x": "v" } } },
        }),
        BadRequestError,
        "INVALID_FIELD",
        "responseHeaders.add.Bad Name_x",
      );
    });

    test("a route on an edge that does not exist → NotFoundError", async () => {
      await expectApiError(
        emu.client.httpsEdgeRoutes.create("edghts_00000000000000000000000000", { matchType: "exact_path", match: "/" }),
        NotFoundError,
        "NOT_FOUND",
      );
    });
  });
});
