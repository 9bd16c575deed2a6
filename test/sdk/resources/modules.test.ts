/** Module request rules (client side, nothing sent) and tolerant module responses. */
import { z } from "zod";
import {
  BackendModuleParams,
  CircuitBreakerModuleParams,
  HeadersModule,
  HeadersModuleParams,
  HttpsTlsTerminationModuleParams,
  IpRestrictionModuleParams,
  MutualTlsModuleParams,
  OAuthModule,
  OAuthModuleParams,
  SamlModuleParams,
  TlsTerminationModule,
  TlsTerminationModuleParams,
  ValidationError,
  WebhookVerificationModuleParams,
  parseParams,
} from "../../../sdk";

/** The first issue of a rejected input, as [field, rule]. */
function rejected(schema: z.ZodType, input: unknown): [string, string] {
  try {
    parseParams(schema, input);
  } catch (err) {
    if (err instanceof ValidationError) return [err.field, err.rule];
    throw err;
  }
  throw new Error("expected a ValidationError");
}

const IDP_METADATA = '  <?xml version="1.0"?><md:EntityDescriptor entityID="https://idp.example.test"></md:EntityDescriptor>';

describe("accepted module requests", () => {
  test.each([
    ["backend", BackendModuleParams, { backendId: "bkdtg_1" }],
    ["backend on a weighted backend, disabled", BackendModuleParams, { enabled: false, backendId: "bkdwd_1" }],
    ["backend on a failover backend", BackendModuleParams, { backendId: "bkdfo_1" }],
    ["ip restriction", IpRestrictionModuleParams, { ipPolicyIds: ["ipp_1", "ipp_2"] }],
    ["mutual TLS", MutualTlsModuleParams, { certificateAuthorityIds: ["ca_1"] }],
    ["TLS termination at the edge", TlsTerminationModuleParams, { terminateAt: "edge", minVersion: "1.3" }],
    ["TLS pass-through", TlsTerminationModuleParams, { terminateAt: "upstream" }],
    ["TLS pass-through with a null version", TlsTerminationModuleParams, { terminateAt: "upstream", minVersion: null }],
    ["HTTPS TLS termination", HttpsTlsTerminationModuleParams, { minVersion: "1.0" }],
    [
      "circuit breaker at the limits",
      CircuitBreakerModuleParams,
      { trippedDuration: 4294967295, numBuckets: 128, errorThresholdPercentage: 1, volumeThreshold: 0, rollingWindow: 0 },
    ],
    ["circuit breaker with defaults", CircuitBreakerModuleParams, {}],
    ["headers", HeadersModuleParams, { add: { "X-Request_Id": "1", "x-b!#$%&'*+-.^_`|~": "2" }, remove: ["Server"] }],
    ["oauth on the managed app", OAuthModuleParams, { provider: { github: { teams: ["org/team"], organizations: ["org"] } } }],
    [
      "oauth with an own app",
      OAuthModuleParams,
      { provider: { facebook: { clientId: "i", clientSecret: "s", scopes: ["email"] } }, authCheckInterval: 300 },
    ],
    ["oauth on a provider whose fields are not shown", OAuthModuleParams, { provider: { amazon: { emailDomains: ["example.test"] } } }],
    ["oauth with the code-hosting provider's teams", OAuthModuleParams, { provider: { github: { teams: ["org/team"] } } }],
    ["oauth with empty scopes on the managed app", OAuthModuleParams, { provider: { gitlab: { scopes: [] } }, cookiePrefix: "my_app." }],
    ["a header value with a tab", HeadersModuleParams, { add: { "X-A": "a\tb" } }],
    [
      "saml",
      SamlModuleParams,
      { idpMetadata: IDP_METADATA, nameidFormat: "urn:oasis:names:tc:SAML:2.0:nameid-format:transient", authorizedGroups: ["ops"] },
    ],
    ["webhook verification", WebhookVerificationModuleParams, { provider: "PAYMENTS", secret: "whsec" }],
    ["webhook verification without a secret", WebhookVerificationModuleParams, { provider: "CLOUD_NOTIFICATIONS" }],
    ["webhook verification with an empty secret", WebhookVerificationModuleParams, { provider: "CLOUD_NOTIFICATIONS", secret: "" }],
  ])("%s", (_label, schema, input) => {
    expect(parseParams(schema as z.ZodType, input)).toEqual(input);
  });
});

const PROVIDERS = "github, facebook, google, microsoft, gitlab, linkedin, twitch, amazon";
const UNKNOWN_PROVIDER = `must be one of the service's OAuth providers: ${PROVIDERS}`;

describe("the OAuth providers", () => {
  test.each(["github", "facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"])(
    "%s is accepted with the common fields",
    (key) => {
      const settings = { clientId: "i", clientSecret: "s", scopes: ["email"], emailAddresses: ["a@b.test"], emailDomains: ["b.test"] };
      expect(parseParams(OAuthModuleParams, { provider: { [key]: settings } }).provider).toEqual({ [key]: settings });
    },
  );

  test.each(["facebook", "google", "microsoft", "gitlab", "linkedin", "twitch", "amazon"])(
    "teams and organizations on %s are refused, each by name",
    (key) => {
      for (const [field, value] of [
        ["teams", ["org/team"]],
        ["organizations", ["org"]],
      ] as const) {
        expect(rejected(OAuthModuleParams, { provider: { [key]: { [field]: value } } })).toEqual([
          `provider.${key}.${field}`,
          "is only accepted on github, the code-hosting provider",
        ]);
      }
    },
  );
});

describe("rejected module requests", () => {
  test.each([
    [
      "a backend id of another kind",
      BackendModuleParams,
      { backendId: "ipp_1" },
      "backendId",
      'must be an id starting with "bkdtg_", "bkdwd_", "bkdfo_" or "bkdhr_"',
    ],
    ["no backend id", BackendModuleParams, { enabled: true }, "backendId", "is required"],
    ["a wire-cased field", BackendModuleParams, { backendId: "bkdtg_1", backend_id: "bkdtg_1" }, "backend_id", "is not a known field"],
    ["a string enabled", BackendModuleParams, { enabled: "yes", backendId: "bkdtg_1" }, "enabled", "must be a boolean"],
    ["null instead of a module", BackendModuleParams, null, "", "cannot be null: remove a module with deleteModule"],
    ["no policies", IpRestrictionModuleParams, { ipPolicyIds: [] }, "ipPolicyIds", "must have at least 1 item"],
    [
      "a CA id of another kind",
      MutualTlsModuleParams,
      { certificateAuthorityIds: ["cert_1"] },
      "certificateAuthorityIds[0]",
      'must be an id starting with "ca_"',
    ],
    [
      "a version with pass-through",
      TlsTerminationModuleParams,
      { terminateAt: "upstream", minVersion: "1.2" },
      "minVersion",
      "must be null when terminateAt is upstream",
    ],
    ["an unknown version", TlsTerminationModuleParams, { minVersion: "1.4" }, "minVersion", "must be one of 1.0, 1.1, 1.2, 1.3"],
    ["an unknown terminateAt", TlsTerminationModuleParams, { terminateAt: "agent" }, "terminateAt", "must be one of edge, upstream"],
    ["terminateAt on an HTTPS edge", HttpsTlsTerminationModuleParams, { terminateAt: "edge" }, "terminateAt", "is not a known field"],
    ["0 buckets", CircuitBreakerModuleParams, { numBuckets: 0 }, "numBuckets", "must be at least 1"],
    ["129 buckets", CircuitBreakerModuleParams, { numBuckets: 129 }, "numBuckets", "must be at most 128"],
    ["a fractional duration", CircuitBreakerModuleParams, { trippedDuration: 1.5 }, "trippedDuration", "must be an integer"],
    ["a negative window", CircuitBreakerModuleParams, { rollingWindow: -1 }, "rollingWindow", "must be at least 0"],
    [
      "a threshold beyond uint32",
      CircuitBreakerModuleParams,
      { volumeThreshold: 4294967296 },
      "volumeThreshold",
      "must be at most 4294967295",
    ],
    [
      "a percentage instead of a fraction",
      CircuitBreakerModuleParams,
      { errorThresholdPercentage: 50 },
      "errorThresholdPercentage",
      "must be at most 1",
    ],
    [
      "a header name with a space",
      HeadersModuleParams,
      { add: { "X Bad": "v" } },
      "add.X Bad",
      "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)",
    ],
    [
      "a header name with a colon to remove",
      HeadersModuleParams,
      { remove: ["ok", "x:y"] },
      "remove[1]",
      "must be an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)",
    ],
    ["a numeric header value", HeadersModuleParams, { add: { "X-A": 1 } }, "add.X-A", "must be a string"],
    [
      "a header value with a line break",
      HeadersModuleParams,
      { add: { "X-A": "a\r\nSet-Cookie: x" } },
      "add.X-A",
      "must not contain control characters",
    ],
    [
      "a cookie prefix with a space",
      OAuthModuleParams,
      { provider: { facebook: {} }, cookiePrefix: "my app" },
      "cookiePrefix",
      "must be a cookie name prefix (letters, digits and !#$%&'*+-.^_`|~)",
    ],
    [
      "an empty client id",
      OAuthModuleParams,
      { provider: { facebook: { clientId: "", clientSecret: "s" } } },
      "provider.facebook.clientId",
      "must not be empty",
    ],
    [
      "an empty email domain",
      OAuthModuleParams,
      { provider: { facebook: { emailDomains: ["a.test", ""] } } },
      "provider.facebook.emailDomains[1]",
      "must not be empty",
    ],
    [
      "a team without its organization",
      OAuthModuleParams,
      { provider: { github: { teams: ["team"] } } },
      "provider.github.teams[0]",
      "must have the form <org>/<team>",
    ],
    [
      "an empty authorized group",
      SamlModuleParams,
      { idpMetadata: IDP_METADATA, authorizedGroups: [""] },
      "authorizedGroups[0]",
      "must not be empty",
    ],
    ["oauth without a provider", OAuthModuleParams, {}, "provider", "is required"],
    ["oauth with no provider key", OAuthModuleParams, { provider: {} }, "provider", `must have exactly one provider key (${PROVIDERS})`],
    [
      "oauth with two providers",
      OAuthModuleParams,
      { provider: { facebook: {}, google: {} } },
      "provider",
      `must have exactly one provider key (${PROVIDERS})`,
    ],
    ["a provider key not in lowercase", OAuthModuleParams, { provider: { GitHub: {} } }, "provider.GitHub", UNKNOWN_PROVIDER],
    ["a provider key with a space", OAuthModuleParams, { provider: { "git hub": {} } }, "provider.git hub", UNKNOWN_PROVIDER],
    ["a provider the service does not have", OAuthModuleParams, { provider: { okta: {} } }, "provider.okta", UNKNOWN_PROVIDER],
    ["the emulator's old placeholder key", OAuthModuleParams, { provider: { codehost: {} } }, "provider.codehost", UNKNOWN_PROVIDER],
    [
      "an unknown field of a provider",
      OAuthModuleParams,
      { provider: { mail: { team: ["a/b"] } } },
      "provider.mail.team",
      "is not a known field",
    ],
    [
      "a client id without its secret",
      OAuthModuleParams,
      { provider: { microsoft: { clientId: "i" } } },
      "provider.microsoft.clientSecret",
      "is required when clientId is set",
    ],
    [
      "a client secret without its id",
      OAuthModuleParams,
      { provider: { microsoft: { clientSecret: "s" } } },
      "provider.microsoft.clientId",
      "is required when clientSecret is set",
    ],
    [
      "scopes on the managed app",
      OAuthModuleParams,
      { provider: { github: { scopes: ["read:org"] } } },
      "provider.github.scopes",
      "requires clientId and clientSecret",
    ],
    [
      "a negative inactivity timeout",
      OAuthModuleParams,
      { provider: { facebook: {} }, inactivityTimeout: -1 },
      "inactivityTimeout",
      "must be at least 0",
    ],
    ["saml without metadata", SamlModuleParams, {}, "idpMetadata", "is required"],
    [
      "saml metadata that is a URL",
      SamlModuleParams,
      { idpMetadata: "https://idp.example.test/metadata" },
      "idpMetadata",
      "must be the identity provider's XML EntityDescriptor",
    ],
    [
      "saml metadata without an EntityDescriptor",
      SamlModuleParams,
      { idpMetadata: "<xml/>" },
      "idpMetadata",
      "must be the identity provider's XML EntityDescriptor",
    ],
    [
      "an unknown NameID format",
      SamlModuleParams,
      { idpMetadata: IDP_METADATA, nameidFormat: "email" },
      "nameidFormat",
      expect.stringMatching(/^must be one of urn:oasis:names:tc:SAML:2\.0:nameid-format:persistent, /),
    ],
    ["saml's read-only entity id", SamlModuleParams, { idpMetadata: IDP_METADATA, entityId: "x" }, "entityId", "is not a known field"],
    [
      "a lower-case webhook provider",
      WebhookVerificationModuleParams,
      { provider: "payments", secret: "s" },
      "provider",
      "must be one of CODEHOST, CHAT, PAYMENTS, MESSAGING, CI, TICKETS, CLOUD_NOTIFICATIONS",
    ],
    ["a webhook without its secret", WebhookVerificationModuleParams, { provider: "CI" }, "secret", "is required"],
    ["a webhook with an empty secret", WebhookVerificationModuleParams, { provider: "CHAT", secret: "" }, "secret", "must not be empty"],
    [
      "a secret for the secretless provider",
      WebhookVerificationModuleParams,
      { provider: "CLOUD_NOTIFICATIONS", secret: "s" },
      "secret",
      "must be empty or absent for CLOUD_NOTIFICATIONS",
    ],
  ])("%s", (_label, schema, input, field, rule) => {
    expect(rejected(schema as z.ZodType, input)).toEqual([field, rule]);
  });

  test("a rejected secret is never quoted in the error", () => {
    try {
      parseParams(WebhookVerificationModuleParams, { provider: "CLOUD_NOTIFICATIONS", secret: "hunter2-secret" });
    } catch (err) {
      expect((err as Error).message).not.toContain("hunter2-secret");
      return;
    }
    throw new Error("expected a ValidationError");
  });
});

describe("module responses are tolerant", () => {
  test("an OAuth provider under a key the emulator does not know reads as the service sent it", () => {
    const read = OAuthModule.parse({
      enabled: true,
      provider: { github: { clientId: null, clientSecret: null, teams: ["org/team"] } },
      optionsPassthrough: false,
      cookiePrefix: "ei_session.",
      inactivityTimeout: 0,
      maximumDuration: 0,
      authCheckInterval: 0,
    });
    expect(read.provider).toEqual({
      github: { clientId: null, clientSecret: null, scopes: [], emailAddresses: [], emailDomains: [], teams: ["org/team"] },
    });
  });

  test("unknown fields are dropped and an unset version reads as null", () => {
    expect(TlsTerminationModule.parse({ enabled: true, terminateAt: "upstream", future: 1 })).toEqual({
      enabled: true,
      terminateAt: "upstream",
      minVersion: null,
    });
  });

  test("header maps and lists default to empty", () => {
    expect(HeadersModule.parse({ enabled: false })).toEqual({ enabled: false, add: {}, remove: [] });
  });

  test("an OAuth provider reads with its lists defaulted and its credentials null when unset", () => {
    const read = OAuthModule.parse({
      enabled: true,
      provider: { google: { emailDomains: ["example.test"] } },
      optionsPassthrough: false,
      cookiePrefix: "ei_session.",
      inactivityTimeout: 0,
      maximumDuration: 0,
      authCheckInterval: 0,
    });
    expect(read.provider.google).toEqual({
      clientId: null,
      clientSecret: null,
      scopes: [],
      emailAddresses: [],
      emailDomains: ["example.test"],
    });
  });
});
