/** HTTPS edge routes: nested paths, inline and separate module operations, route rules. */
import { HttpsEdgeRouteModuleName } from "../../sdk";
import { expectInvalid } from "./emulator-fixture";
import { useWire } from "./wire-fixture";
import { samples } from "./wire-samples";

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
    expect(wire.last()).toEqual({ method: "PATCH", path: "/edges/https/edghts_1/routes/edghtsrt_1", body: { match: "/api", match_type: "exact_path" } });
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
      provider: { codehost: { client_id: "i", client_secret: "s", scopes: ["read:org"], email_addresses: [], email_domains: [], teams: ["o/t"], organizations: [] } },
      options_passthrough: true,
      cookie_prefix: "ei_session.",
      inactivity_timeout: 0,
      maximum_duration: 0,
      auth_check_interval: 0,
    });
    const oauth = await httpsEdgeRoutes.replaceModule("edghts_1", "edghtsrt_1", "oauth", {
      provider: { codehost: { clientId: "i", clientSecret: "s", scopes: ["read:org"], teams: ["o/t"] } },
      optionsPassthrough: true,
    });
    expect(wire.last()).toEqual({
      method: "PUT",
      path: "/edges/https/edghts_1/routes/edghtsrt_1/oauth",
      body: { provider: { codehost: { client_id: "i", client_secret: "s", scopes: ["read:org"], teams: ["o/t"] } }, options_passthrough: true },
    });
    expect(oauth.provider.codehost).toEqual({ clientId: "i", clientSecret: "s", scopes: ["read:org"], emailAddresses: [], emailDomains: [], teams: ["o/t"], organizations: [] });

    wire.reply(200, { enabled: true, provider: "CLOUD_NOTIFICATIONS", secret: "" });
    expect(await httpsEdgeRoutes.getModule("edghts_1", "edghtsrt_1", "webhookVerification")).toEqual({ enabled: true, provider: "CLOUD_NOTIFICATIONS", secret: "" });
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
    ["an edge-only module", { matchType: "exact_path", match: "/", mutualTls: { certificateAuthorityIds: ["ca_1"] } }, "mutualTls", "is not a known field"],
    ["a bad module inside", { matchType: "exact_path", match: "/", webhookVerification: { provider: "CI" } }, "webhookVerification.secret", "is required"],
    ["a bad header key inside", { matchType: "exact_path", match: "/", responseHeaders: { add: { "Bad Name": "v" } } }, "responseHeaders.add.Bad Name", "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)"],
  ])("create with %s", async (_label, params, field, rule) => {
    await expectInvalid(wire.client.httpsEdgeRoutes.create("edghts_1", params as never), field, rule);
  });

  test("the edge id and route id must be usable path segments", async () => {
    await expectInvalid(wire.client.httpsEdgeRoutes.create("", { matchType: "exact_path", match: "/" }), "edgeId", "must be a non-empty id");
    await expectInvalid(wire.client.httpsEdgeRoutes.get("edghts_1", ".."), "id", "must be a non-empty id");
    await expectInvalid(wire.client.httpsEdgeRoutes.getModule("..", "edghtsrt_1", "saml"), "edgeId", "must be a non-empty id");
  });

  test("a module name routes lack is refused", async () => {
    await expectInvalid(wire.client.httpsEdgeRoutes.getModule("edghts_1", "edghtsrt_1", "tlsTermination" as never), "name", expect.stringMatching(/^must be one of backend, ipRestriction, circuitBreaker, /));
  });
});
