/**
 * Property tests of every route in the emulator's route table: generated bodies (POST/PATCH/PUT) and query
 * strings (GET/DELETE) never get a 5xx, and a 4xx leaves the whole state unchanged.
 */
import fc from "fast-check";
import { ROUTES } from "../../emulator/routes";
import { MAX_BODY_BYTES } from "../../emulator/http/body";
import { type Client, start } from "../support/emulator";
import { type Fixtures, seedOneOfEach } from "./support";

/** Runs per route: bodies are where the validation is, so body routes get the most. */
const BODY_RUNS = 100;
const QUERY_RUNS = 25;

/** Wire field names of every kind and module, so generated objects reach past UNKNOWN_FIELD. */
const FIELDS = [
  "description",
  "metadata",
  "owner_id",
  "type",
  "ip_policy_ids",
  "enforced",
  "labels",
  "backends",
  "hostports",
  "backend",
  "backend_id",
  "enabled",
  "ip_restriction",
  "mutual_tls",
  "certificate_authority_ids",
  "tls_termination",
  "terminate_at",
  "min_version",
  "match_type",
  "match",
  "circuit_breaker",
  "num_buckets",
  "error_threshold_percentage",
  "tripped_duration",
  "rolling_window",
  "volume_threshold",
  "compression",
  "request_headers",
  "response_headers",
  "add",
  "remove",
  "webhook_verification",
  "provider",
  "secret",
  "oauth",
  "github",
  "client_id",
  "client_secret",
  "scopes",
  "teams",
  "organizations",
  "email_addresses",
  "email_domains",
  "options_passthrough",
  "cookie_prefix",
  "inactivity_timeout",
  "maximum_duration",
  "auth_check_interval",
  "saml",
  "idp_metadata",
  "force_authn",
  "allow_idp_initiated",
  "authorized_groups",
  "nameid_format",
  "oidc",
  "issuer",
  "websocket_tcp_converter",
  "user_agent_filter",
  "allow",
  "deny",
  "jwt_validation",
  "format",
  "target",
  "delivery",
  "stream",
  "logs",
  "monitoring",
  "auth",
  "role",
  "role_resource_name",
  "creds",
  "access_key_id",
  "secret_access_key",
  "delivery_stream_resource_name",
  "stream_resource_name",
  "log_group_resource_name",
  "destination_ids",
  "sources",
  "id",
  "uri",
  "created_at",
  "token",
];

/** Strings the rules look at: enum values, hostports, event types, ids of other kinds. */
const WORDS = [
  "",
  "agent",
  "api",
  "dashboard",
  "edge",
  "upstream",
  "1.2",
  "1.3",
  "path_prefix",
  "exact_path",
  "json",
  "github",
  "CI",
  "a.example.com:443",
  "example.com",
  "b.example.com:1",
  "example.com:0",
  "x:99999",
  "ip_policy_created.v0",
  "ipp_01m80f5tva9fyp6am2h8nbgnt0",
  "bkdtg_01m80f5tva9fyp6am2h8nbgnt0",
  "ed_x",
  "usr_1",
];

/** Long strings of one character (multi-byte ones included), up to about half the body cap each. */
const huge = fc
  .tuple(fc.constantFrom("a", "é", "😀", "\u0000", " ", "\\"), fc.integer({ min: 256, max: Math.floor(MAX_BODY_BYTES / 8) }))
  .map(([ch, n]) => ch.repeat(n));

/**
 * Bodies built from JSON values. Top-level keys are mostly the route's own fields (`accepted`), so most
 * bodies get past UNKNOWN_FIELD to the type and rule checks; nested keys come from every kind's fields.
 */
function bodyArbitrary(ids: readonly string[], accepted: readonly string[]) {
  const anyKey = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  const topKey = accepted.length
    ? fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...accepted) }, { weight: 1, arbitrary: anyKey })
    : anyKey;
  const leaf = fc.oneof(
    { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
    { weight: 3, arbitrary: fc.constantFrom(...WORDS, ...ids) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, 0.5, 10001, 128, 129, 2 ** 53, -0, 1e308, true, false, null) },
    { weight: 1, arbitrary: huge },
  );
  const known = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...WORDS, ...ids) },
    { weight: 1, arbitrary: fc.constantFrom(...ids).map((id) => ({ backend_id: id })) },
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof({ depthSize: "small" }, leaf, known, tie("list"), tie("object")),
    list: fc.array(tie("tree"), { maxLength: 4 }),
    object: fc.dictionary(anyKey, tie("tree"), { maxKeys: 5 }),
  }));
  const object = fc.dictionary(topKey, tree, { maxKeys: 5 });
  // Mostly objects; sometimes any JSON value at the top (arrays, strings, null: MALFORMED_JSON).
  return fc.oneof({ weight: 9, arbitrary: object }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });
}

const queryArbitrary = fc
  .array(
    fc.tuple(
      fc.constantFrom("limit", "before_id", "page", ""),
      fc.oneof(fc.constantFrom("1", "100", "101", "0", "-1", "01", "ipp_01m80f5tva9fyp6am2h8nbgnt0"), fc.string({ maxLength: 30 })),
    ),
    {
      maxLength: 3,
    },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

/** The fixture id (or source type) for one parameter of a route pattern. */
function fixtureValue(pattern: string, param: string, f: Fixtures): string {
  if (param === "edge_id") return f.byCollection["/edges/https"];
  if (param === "subscription_id") return f.byCollection["/event_subscriptions"];
  if (param === "type") return f.sourceType;
  if (pattern.includes("/routes/{id}")) return f.routeId;
  return f.byCollection[pattern.slice(0, pattern.indexOf("/{id}"))];
}

const paramsOf = (pattern: string) => [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

const fill = (pattern: string, values: Record<string, string>) =>
  paramsOf(pattern).reduce((path, param) => path.replace(`{${param}}`, encodeURIComponent(values[param])), pattern);

/** The pattern with its parameters filled from the fixtures, or (sometimes) with generated text. */
function pathArbitrary(pattern: string, f: Fixtures) {
  const choices = Object.fromEntries(
    paramsOf(pattern).map((param) => [
      param,
      fc.oneof(
        { weight: 12, arbitrary: fc.constant(fixtureValue(pattern, param, f)) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      ),
    ]),
  );
  return fc.record(choices).map((values) => fill(pattern, values));
}

/** The route's top-level body fields, as its UNKNOWN_FIELD message lists them (empty when it names none). */
async function acceptedFields(api: Client, method: string, pattern: string, f: Fixtures): Promise<string[]> {
  const path = fill(pattern, Object.fromEntries(paramsOf(pattern).map((param) => [param, fixtureValue(pattern, param, f)])));
  const reply = await api.call(method, path, { json: { "~probe": 0 } });
  expect(reply.body.error_code).toBe("UNKNOWN_FIELD");
  const list = /\(accepted: ([^)]*)\)/.exec(reply.body.msg)?.[1] ?? "none";
  return list === "none" ? [] : list.split(", ");
}

const BODY_METHODS = new Set(["POST", "PATCH", "PUT"]);

describe("generated requests to every route", () => {
  test("the route table is covered: every collection has its fixture, and every fixture a collection", async () => {
    const collections = new Set(ROUTES.map((r) => r.path.replace(/\/\{.*$/, "")));
    const { emulator, api } = await start();
    try {
      const { byCollection } = await seedOneOfEach(api, "cover");
      expect(Object.keys(byCollection).sort()).toEqual([...collections].sort());
    } finally {
      await emulator.close();
    }
  });

  test.each(ROUTES.map((r) => [r.method, r.path] as const))("%s %s: never a 5xx; a 4xx changes nothing", async (method, pattern) => {
    // Provisioning never finishes here: a certificate issued in the background between two snapshots would
    // look like a change made by a refused request.
    const { emulator, api } = await start({ provisioningDelayMs: 2_147_483_647 });
    try {
      const fixtures = await seedOneOfEach(api, "fz");
      const ids = Object.values(fixtures.byCollection).concat(fixtures.routeId);
      const withBody = BODY_METHODS.has(method);
      const input = withBody ? bodyArbitrary(ids, await acceptedFields(api, method, pattern, fixtures)) : queryArbitrary;
      let before = await api.snapshot();
      await fc.assert(
        fc.asyncProperty(pathArbitrary(pattern, fixtures), input, async (path, generated) => {
          const reply = withBody
            ? await api.call(method, path, { json: generated })
            : await api.call(method, generated === "" ? path : `${path}?${generated as string}`);
          expect(reply.status).toBeLessThan(500);
          const after = await api.snapshot();
          if (reply.status >= 400) {
            expect(reply.body?.error_code).toEqual(expect.any(String));
            expect(after).toBe(before);
          }
          before = after;
        }),
        { numRuns: withBody ? BODY_RUNS : QUERY_RUNS },
      );
    } finally {
      await emulator.close();
    }
  });
});
