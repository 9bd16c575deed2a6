/**
 * What every collection of the emulator shares, generated from one table (a row per collection, checked
 * against the route table): the CRUD round trip, 401 without a valid token, UNKNOWN_FIELD for a field the
 * kind does not have, NOT_FOUND for an id of another kind, and secrets shown by create only. The module
 * operations of edges and routes are one more table, a case per module route. A kind's own rules (field
 * order, defaults, validation, references, replace semantics) stay in its own file.
 */
import { ROUTES } from "../../emulator/routes";
import { KINDS } from "../../emulator/state";
import { useEmulator } from "../support/emulator";
import { caPem, certificate, sshPublicKey } from "../support/pki";
import {
  checkModuleLifecycle,
  expectError,
  ID_SUFFIX,
  pathOf,
  RFC3339_UTC,
  seedOneOfEach,
  type Fixtures,
  type ModuleCase,
} from "./support";

const emu = useEmulator();
const { api } = emu;

type Item = Record<string, any>;

let seeded: Fixtures;
/** A record of the seed, by its collection path. */
const seed = (collection: string) => seeded.byCollection[collection];
let edge: string; // the HTTPS edge routes are made on
let subscription: string; // the subscription sources are added to

beforeAll(async () => {
  seeded = await seedOneOfEach(api, "kinds");
  edge = seed("/edges/https");
  subscription = seed("/event_subscriptions");
});

let port = 60000;
const hp = (proto: string) => `kinds-${proto}.example.com:${port++}`;
const ref = (collection: string, id: string) => ({ id, uri: `${emu.url}${collection}/${id}` });

// --- Modules: a case per module, the request bodies `a`, `b` and what they render as --------------

const IDP_METADATA =
  '<?xml version="1.0"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.test/"/>';
const PERSISTENT = "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent";
const enabledOnly = (name: string): ModuleCase => ({ name, a: {}, b: { enabled: false }, ra: { enabled: true }, rb: { enabled: false } });

/** By module name; the same module has the same shape on every owner, except where MODULE_OVERRIDES says. */
const MODULES: Record<string, () => ModuleCase> = {
  backend: () => {
    const [tg, fo] = [seed("/backends/tunnel_group"), seed("/backends/failover")];
    return {
      name: "backend",
      a: { backend_id: tg },
      b: { enabled: false, backend_id: fo },
      ra: { enabled: true, backend: ref("/backends/tunnel_group", tg) },
      rb: { enabled: false, backend: ref("/backends/failover", fo) },
    };
  },
  ip_restriction: () => {
    const [p1, p2] = [seed("/ip_policies"), policy2];
    return {
      name: "ip_restriction",
      a: { ip_policy_ids: [p1] },
      b: { enabled: false, ip_policy_ids: [p2, p1] },
      ra: { enabled: true, ip_policies: [ref("/ip_policies", p1)] },
      rb: { enabled: false, ip_policies: [ref("/ip_policies", p2), ref("/ip_policies", p1)] },
    };
  },
  mutual_tls: () => {
    const [ca1, ca2] = [seed("/certificate_authorities"), ca];
    return {
      name: "mutual_tls",
      a: { certificate_authority_ids: [ca1] },
      b: { enabled: false, certificate_authority_ids: [ca2, ca1] },
      ra: { enabled: true, certificate_authorities: [ref("/certificate_authorities", ca1)] },
      rb: { enabled: false, certificate_authorities: [ref("/certificate_authorities", ca2), ref("/certificate_authorities", ca1)] },
    };
  },
  // The TLS edge shape: TLS may end upstream.
  tls_termination: () => ({
    name: "tls_termination",
    a: { min_version: "1.3" },
    b: { enabled: false, terminate_at: "upstream" },
    ra: { enabled: true, terminate_at: "edge", min_version: "1.3" },
    rb: { enabled: false, terminate_at: "upstream", min_version: null },
  }),
  circuit_breaker: () => ({
    name: "circuit_breaker",
    a: {},
    b: {
      enabled: false,
      tripped_duration: 4294967295,
      rolling_window: 0,
      num_buckets: 128,
      volume_threshold: 1,
      error_threshold_percentage: 1,
    },
    ra: { enabled: true, tripped_duration: 10, rolling_window: 10, num_buckets: 10, volume_threshold: 20, error_threshold_percentage: 0.5 },
    rb: {
      enabled: false,
      tripped_duration: 4294967295,
      rolling_window: 0,
      num_buckets: 128,
      volume_threshold: 1,
      error_threshold_percentage: 1,
    },
  }),
  compression: () => enabledOnly("compression"),
  ...Object.fromEntries(
    ["request_headers", "response_headers"].map((name) => [
      name,
      (): ModuleCase => ({
        name,
        a: {},
        b: { add: { "X-Trace-Id": "abc\tdef", "x-lower": "" }, remove: ["Server", "x-powered-by"] },
        ra: { enabled: true, add: {}, remove: [] },
        rb: { enabled: true, add: { "X-Trace-Id": "abc\tdef", "x-lower": "" }, remove: ["Server", "x-powered-by"] },
      }),
    ]),
  ),
  webhook_verification: () => ({
    name: "webhook_verification",
    a: { provider: "CODEHOST", secret: "s3cret" },
    b: { enabled: false, provider: "CLOUD_NOTIFICATIONS" },
    ra: { enabled: true, provider: "CODEHOST", secret: "s3cret" },
    rb: { enabled: false, provider: "CLOUD_NOTIFICATIONS", secret: "" },
  }),
  oauth: () => {
    const b = {
      enabled: false,
      provider: { github: { client_id: "id", client_secret: "sec", scopes: ["read:org"], teams: ["acme/ops"], organizations: ["acme"] } },
      options_passthrough: true,
      cookie_prefix: "sess.",
      inactivity_timeout: 60,
      maximum_duration: 3600,
      auth_check_interval: 300,
    };
    return {
      name: "oauth",
      a: { provider: { facebook: {} } },
      b,
      ra: {
        enabled: true,
        provider: { facebook: { client_id: null, client_secret: null, scopes: [], email_addresses: [], email_domains: [] } },
        options_passthrough: false,
        cookie_prefix: "ei_session.",
        inactivity_timeout: 0,
        maximum_duration: 0,
        auth_check_interval: 0,
      },
      rb: {
        ...b,
        provider: {
          github: {
            client_id: "id",
            client_secret: "sec",
            scopes: ["read:org"],
            email_addresses: [],
            email_domains: [],
            teams: ["acme/ops"],
            organizations: ["acme"],
          },
        },
      },
    };
  },
  saml: () => {
    const saml = (overrides: Record<string, unknown>) => ({
      enabled: true,
      options_passthrough: false,
      cookie_prefix: "ei_session.",
      inactivity_timeout: 0,
      maximum_duration: 0,
      idp_metadata: IDP_METADATA,
      force_authn: false,
      allow_idp_initiated: false,
      authorized_groups: [],
      nameid_format: PERSISTENT,
      idp_metadata_url: "",
      entity_id: expect.stringMatching(/^https:\/\/idp\.edge-ingress\.local\/saml\/edghtsrt_\w+\/metadata$/),
      assertion_consumer_service_url: expect.stringMatching(/\/acs$/),
      single_logout_url: expect.stringMatching(/\/slo$/),
      request_signing_certificate_pem: expect.stringContaining("-----BEGIN CERTIFICATE-----"),
      metadata_url: expect.stringMatching(/\/metadata$/),
      ...overrides,
    });
    const b = {
      enabled: false,
      options_passthrough: true,
      cookie_prefix: "s.",
      inactivity_timeout: 1,
      maximum_duration: 2,
      idp_metadata: IDP_METADATA,
      force_authn: true,
      allow_idp_initiated: true,
      authorized_groups: ["admins"],
      nameid_format: "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress",
    };
    return { name: "saml", a: { idp_metadata: IDP_METADATA }, b, ra: saml({}), rb: saml(b) };
  },
  oidc: () => enabledOnly("oidc"),
  websocket_tcp_converter: () => enabledOnly("websocket_tcp_converter"),
  user_agent_filter: () => enabledOnly("user_agent_filter"),
  jwt_validation: () => enabledOnly("jwt_validation"),
};

/** Module routes whose module has another shape there: HTTPS edges always end TLS at the edge. */
const MODULE_OVERRIDES: Record<string, () => ModuleCase> = {
  "/edges/https/{id}/tls_termination": () => ({
    name: "tls_termination",
    a: {},
    b: { enabled: false, min_version: "1.3" },
    ra: { enabled: true, terminate_at: "edge", min_version: "1.2" },
    rb: { enabled: false, terminate_at: "edge", min_version: "1.3" },
  }),
};

/** The owners of modules, by item pattern: where to create one and a body without modules. */
const OWNERS: Record<string, { collection: () => string; body: () => Record<string, unknown> }> = {
  "/edges/tcp/{id}": { collection: () => "/edges/tcp", body: () => ({ hostports: [hp("tcp")] }) },
  "/edges/tls/{id}": { collection: () => "/edges/tls", body: () => ({ hostports: [hp("tls")] }) },
  "/edges/https/{id}": { collection: () => "/edges/https", body: () => ({ hostports: [hp("https")] }) },
  "/edges/https/{edge_id}/routes/{id}": {
    collection: () => `/edges/https/${edge}/routes`,
    body: () => ({ match_type: "path_prefix", match: "/" }),
  },
};

/** Every module route (its PUT) split into owner item pattern and module name. */
const MODULE_ROUTES = ROUTES.filter((r) => r.method === "PUT").map((r) => {
  const cut = r.path.lastIndexOf("/");
  return { pattern: r.path, owner: r.path.slice(0, cut), name: r.path.slice(cut + 1) };
});
const moduleCase = (pattern: string, name: string) => (MODULE_OVERRIDES[pattern] ?? MODULES[name])();
/** The `a` body of every module of an owner: a create body with every field. */
const everyModule = (owner: string) =>
  Object.fromEntries(MODULE_ROUTES.filter((m) => m.owner === owner).map((m) => [m.name, moduleCase(m.pattern, m.name).a]));

// --- Collections ---------------------------------------------------------------------------------

interface Row {
  /** The collection path as the route table spells it. */
  pattern: string;
  /** The concrete collection path (default: the pattern). */
  path?: () => string;
  /** A create body with every field a client may send; absent for a read-only collection. */
  body?: () => Record<string, unknown>;
  /** Read-only collections: make an item another way, and remove it again. */
  make?: () => Promise<Item>;
  unmake?: (item: Item) => Promise<void>;
  /** The key of the items in a paged list; or, where there is none, how a client sees the items listed. */
  paged?: string;
  list?: (path: string) => Promise<Item[]>;
  /** A PATCH body that changes some fields, each rendered as sent. */
  patch?: () => Record<string, unknown>;
  /** What names an item in its path (default id). */
  key?: string;
  /** A secret returned by create only, null in every later response. */
  once?: string;
  /** Sent, never returned. */
  writeOnly?: string[];
}

let policy2: string;
let ca: string;
const certificatePair = () => {
  const leaf = certificate({ subject: { CN: "kinds.example.com" } });
  return { certificate_pem: leaf.pem, private_key_pem: leaf.keyPem };
};
const edgeRow = (proto: string, paged: string): Row => ({
  pattern: `/edges/${proto}`,
  body: () => ({ description: "d", metadata: "m", hostports: [hp(proto), hp(proto)], ...everyModule(`/edges/${proto}/{id}`) }),
  paged,
  patch: () => ({ description: "changed", hostports: [hp(proto)] }),
});
let domain = 0;
/** A type is one source per subscription: each create takes the next. */
const SOURCE_TYPES = ["tcp_edge", "tls_edge", "https_edge", "api_key", "reserved_domain"].flatMap((r) => [
  `${r}_created.v0`,
  `${r}_updated.v0`,
  `${r}_deleted.v0`,
]);
let sourceType = 0;

const ROWS: Row[] = [
  {
    pattern: "/api_keys",
    body: () => ({ description: "d", metadata: "m", owner_id: emu.emulator.botId }),
    paged: "keys",
    patch: () => ({ description: "changed" }),
    once: "token",
  },
  {
    pattern: "/ip_policies",
    body: () => ({ description: "d", metadata: "m" }),
    paged: "ip_policies",
    patch: () => ({ metadata: "changed" }),
  },
  {
    pattern: "/ip_restrictions",
    body: () => ({ description: "d", metadata: "m", enforced: true, type: "dashboard", ip_policy_ids: [seed("/ip_policies")] }),
    paged: "ip_restrictions",
    patch: () => ({ enforced: false, description: "changed" }),
  },
  {
    pattern: "/ip_policy_rules",
    body: () => ({ description: "d", metadata: "m", ip_policy_id: seed("/ip_policies"), cidr: "198.51.100.0/24", action: "deny" }),
    paged: "ip_policy_rules",
    patch: () => ({ cidr: "198.51.100.128/25", metadata: "changed" }),
  },
  {
    pattern: "/backends/tunnel_group",
    body: () => ({ description: "d", metadata: "m", labels: { a: "1" } }),
    paged: "backends",
    patch: () => ({ metadata: "changed" }),
  },
  {
    pattern: "/backends/weighted",
    body: () => ({ description: "d", metadata: "m", backends: { [seed("/backends/tunnel_group")]: 5 } }),
    paged: "backends",
    patch: () => ({ metadata: "changed" }),
  },
  {
    pattern: "/backends/failover",
    body: () => ({ description: "d", metadata: "m", backends: [seed("/backends/weighted"), seed("/backends/tunnel_group")] }),
    paged: "backends",
    patch: () => ({ metadata: "changed" }),
  },
  edgeRow("tcp", "tcp_edges"),
  edgeRow("tls", "tls_edges"),
  edgeRow("https", "https_edges"),
  {
    pattern: "/edges/https/{edge_id}/routes",
    path: () => `/edges/https/${edge}/routes`,
    body: () => ({
      match_type: "path_prefix",
      match: "/",
      description: "d",
      metadata: "m",
      ...everyModule("/edges/https/{edge_id}/routes/{id}"),
    }),
    // No list operation: the edge's `routes` lists them.
    list: async () => (await api.get(`/edges/https/${edge}`)).body.routes,
    patch: () => ({ match_type: "exact_path", match: "/exact", metadata: "changed" }),
  },
  {
    pattern: "/endpoints",
    // Made and removed with an edge's hostports.
    make: async () => {
      const made = (await api.post("/edges/tcp", { hostports: [hp("endpoint")] })).body;
      const all = await api.listAll("/endpoints", "endpoints");
      return { ...all.find((ep) => (ep.edge as { id: string }).id === made.id), made: made.id };
    },
    unmake: async (item) => {
      expect((await api.del(`/edges/tcp/${item.made}`)).status).toBe(204);
    },
    paged: "endpoints",
  },
  {
    pattern: "/event_destinations",
    body: () => ({
      description: "d",
      metadata: "m",
      format: "json",
      target: { monitoring: { api_key: "k", tags: "t", service: "s", site: "eu" } },
    }),
    paged: "event_destinations",
    patch: () => ({ description: "changed", metadata: "changed" }),
  },
  {
    pattern: "/event_subscriptions",
    body: () => ({
      description: "d",
      metadata: "m",
      destination_ids: [seed("/event_destinations")],
      sources: [{ type: "api_key_created.v0" }],
    }),
    paged: "event_subscriptions",
    patch: () => ({ description: "changed" }),
  },
  {
    pattern: "/event_subscriptions/{subscription_id}/sources",
    path: () => `/event_subscriptions/${subscription}/sources`,
    body: () => ({ type: SOURCE_TYPES[sourceType++ % SOURCE_TYPES.length] }),
    list: async (path) => (await api.get(path)).body.sources,
    patch: () => ({}), // a source has no field to change
    key: "type",
  },
  {
    pattern: "/certificate_authorities",
    body: () => ({ description: "d", metadata: "m", ca_pem: caPem() }),
    paged: "certificate_authorities",
    patch: () => ({ description: "changed" }),
  },
  {
    pattern: "/tls_certificates",
    body: () => ({ description: "d", metadata: "m", ...certificatePair() }),
    paged: "tls_certificates",
    patch: () => ({ metadata: "changed" }),
    writeOnly: ["private_key_pem"],
  },
  {
    pattern: "/reserved_domains",
    body: () => ({
      description: "d",
      metadata: "m",
      domain: `kinds${domain++}.example.com`,
      region: "eu",
      certificate_id: seed("/tls_certificates"),
    }),
    paged: "reserved_domains",
    patch: () => ({ metadata: "changed" }),
  },
  {
    pattern: "/ssh_credentials",
    body: () => ({ description: "d", metadata: "m", public_key: sshPublicKey(), acl: ["bind:example.com"], owner_id: emu.emulator.botId }),
    paged: "ssh_credentials",
    patch: () => ({ acl: ["bind:other.example.com"], description: "changed" }),
  },
  {
    pattern: "/ssh_certificate_authorities",
    body: () => ({ description: "d", metadata: "m", private_key_type: "ecdsa", elliptic_curve: "p384" }),
    paged: "ssh_certificate_authorities",
    patch: () => ({ description: "changed" }),
  },
  {
    pattern: "/ssh_user_certificates",
    body: () => ({
      description: "d",
      metadata: "m",
      ssh_certificate_authority_id: seed("/ssh_certificate_authorities"),
      public_key: sshPublicKey(),
      principals: ["alice"],
      critical_options: { "force-command": "/bin/date" },
      extensions: { "permit-pty": "" },
      valid_after: "2026-01-01T00:00:00Z",
      valid_until: "2026-01-02T00:00:00Z",
    }),
    paged: "ssh_user_certificates",
    patch: () => ({ metadata: "changed" }),
  },
  {
    pattern: "/ssh_host_certificates",
    body: () => ({
      description: "d",
      metadata: "m",
      ssh_certificate_authority_id: seed("/ssh_certificate_authorities"),
      public_key: sshPublicKey(),
      principals: ["host.example.com"],
      valid_after: "2026-01-01T00:00:00Z",
      valid_until: "2027-01-01T00:00:00Z",
    }),
    paged: "ssh_host_certificates",
    patch: () => ({ description: "changed" }),
  },
  {
    pattern: "/credentials",
    body: () => ({ description: "d", metadata: "m", acl: ["bind:example.com"], owner_id: emu.emulator.botId }),
    paged: "credentials",
    patch: () => ({ acl: ["*"], description: "changed" }),
    once: "token",
  },
];

beforeAll(async () => {
  policy2 = (await api.post("/ip_policies", {})).body.id;
  ca = (await api.post("/certificate_authorities", { ca_pem: caPem() })).body.id;
});

/** Item routes: a route table path with one `{param}` segment after a collection's. */
const itemPattern = (pattern: string) =>
  ROUTES.find((r) => r.path.startsWith(`${pattern}/{`) && r.path.split("/").length === pattern.split("/").length + 1)?.path;
const has = (method: string, path: string | undefined) => ROUTES.some((r) => r.method === method && r.path === path);
/** Every collection of the route table: a path with item routes under it. */
const COLLECTIONS = [
  ...new Set(
    ROUTES.filter((r) => /\/\{\w+\}$/.test(r.path))
      .map((r) => r.path.slice(0, r.path.lastIndexOf("/")))
      .filter((p) => ROUTES.some((r) => r.path === p)),
  ),
];

describe("the tables", () => {
  test("a row for every collection of the route table, and every kind of the store is one", () => {
    expect(ROWS.map((r) => r.pattern).sort()).toEqual([...COLLECTIONS].sort());
    expect(KINDS.map((k) => k.path).filter((p) => !COLLECTIONS.includes(p))).toEqual([]);
  });

  test("a module case and an owner for every module route", () => {
    expect(MODULE_ROUTES.length).toBeGreaterThanOrEqual(21);
    for (const { pattern, owner, name } of MODULE_ROUTES) {
      expect({ pattern, owner: owner in OWNERS, module: name in MODULES }).toEqual({ pattern, owner: true, module: true });
    }
  });
});

/** An id that exists, of a kind other than the row's. */
const otherKindId = (row: Row) => (row.pattern === "/ip_policies" ? seed("/api_keys") : seed("/ip_policies"));

describe.each(ROWS.map((row) => [row.pattern, row] as const))("%s", (pattern, row) => {
  const kind = KINDS.find((k) => k.path === pattern);
  const item = itemPattern(pattern);
  const path = () => (row.path ?? (() => pattern))();
  const key = row.key ?? "id";
  const list = (at: string) => (row.paged ? api.listAll(at, row.paged) : row.list!(at));
  const without = (value: Item) => (row.once ? { ...value, [row.once]: null } : value);
  const create = async (): Promise<Item> => {
    if (row.make) return row.make();
    const reply = await api.post(path(), row.body!());
    expect([reply.status, reply.body.msg]).toEqual([201, undefined]);
    return reply.body;
  };

  test("round trip: create, get, list, update, delete", async () => {
    const created = await create();
    const at = `${path()}/${created[key]}`;
    expect(created.uri).toBe(`${emu.url}${at}`);
    if (kind) {
      expect(created.id).toMatch(new RegExp(`^${kind.prefix}_${ID_SUFFIX}$`));
      expect(created.created_at).toMatch(RFC3339_UTC);
    }
    const { made, ...shown } = created;
    const got = await api.get(at);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(without(shown));
    expect(await list(path())).toContainEqual(got.body);

    if (has("PATCH", item)) {
      expect((await api.patch(at, {})).body).toEqual(got.body);
      const sent = row.patch!();
      const patched = await api.patch(at, sent);
      expect(patched.status).toBe(200);
      expect(patched.body).toEqual({ ...got.body, ...sent });
      expect((await api.get(at)).body).toEqual(patched.body);
    }

    if (has("DELETE", item)) {
      const deleted = await api.del(at);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe("");
      expectError(await api.unchanged(() => api.del(at)), 404, "NOT_FOUND");
      if (has("PATCH", item)) expectError(await api.unchanged(() => api.patch(at, {})), 404, "NOT_FOUND");
    } else {
      await row.unmake!(created);
    }
    expectError(await api.get(at), 404, "NOT_FOUND");
    expect((await list(path())).map((i) => i[key])).not.toContain(created[key]);
  });

  if (row.paged) {
    const listKey = row.paged;
    test("the list pages newest first: limit, then next_page_uri, each item once", async () => {
      for (let i = 0; i < 3; i++) await create();
      const first = await api.get(`${path()}?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.uri).toBe(`${emu.url}${path()}`);
      const ids = first.body[listKey].map((i: Item) => i.id);
      expect(ids).toHaveLength(2);
      expect(first.body.next_page_uri).toBe(`${emu.url}${path()}?before_id=${ids[1]}&limit=2`);
      const all = (await api.listAll(`${path()}?limit=2`, listKey)).map((i) => i.id as string);
      expect(all.slice(0, 2)).toEqual(ids);
      expect([...new Set(all)].sort().reverse()).toEqual(all);
      expect(all.length).toBeGreaterThanOrEqual(3);
    });
  }

  test("no token or a wrong one: 401 UNAUTHORIZED on every operation, and nothing changes", async () => {
    const at = `${path()}/${(await create())[key]}`;
    const calls: Array<[string, string, string | undefined, unknown]> = [
      ["GET", path(), pattern, undefined],
      ["POST", path(), pattern, row.body?.()],
      ["GET", at, item, undefined],
      ["PATCH", at, item, row.patch?.()],
      ["DELETE", at, item, undefined],
    ];
    for (const [method, target, route, json] of calls) {
      if (!has(method, route)) continue;
      const send = (token: string | null) => api.call(method, target, { json, token });
      const wrong = await api.unchanged(async () => {
        expectError(await send(null), 401, "UNAUTHORIZED");
        return send("not-a-real-token");
      });
      expectError(wrong, 401, "UNAUTHORIZED");
    }
  });

  test("an unknown field is UNKNOWN_FIELD naming it, and nothing changes", async () => {
    if (!row.body) {
      expect(has("POST", pattern) || has("PATCH", item)).toBe(false); // read-only: nothing takes a body
      return;
    }
    expectError(await api.unchanged(() => api.post(path(), { ...row.body!(), unknown_field: 1 })), 400, "UNKNOWN_FIELD", "unknown_field");
    const at = `${path()}/${(await create())[key]}`;
    if (has("PATCH", item))
      expectError(await api.unchanged(() => api.patch(at, { ...row.patch!(), unknown_field: 1 })), 400, "UNKNOWN_FIELD", "unknown_field");
  });

  test("an id of another kind, or of no kind, is NOT_FOUND", async () => {
    for (const id of [otherKindId(row), "nonsense"]) {
      const at = `${path()}/${id}`;
      expectError(await api.get(at), 404, "NOT_FOUND");
      if (has("PATCH", item)) expectError(await api.unchanged(() => api.patch(at, {})), 404, "NOT_FOUND");
      if (has("DELETE", item)) expectError(await api.unchanged(() => api.del(at)), 404, "NOT_FOUND");
    }
  });

  if (row.once) {
    const secret = row.once;
    test(`${secret} is returned by create only: null on get, list and update`, async () => {
      const created = await create();
      expect(typeof created[secret]).toBe("string");
      expect(created[secret].length).toBeGreaterThanOrEqual(32);
      const at = `${path()}/${created.id}`;
      const replies: Item[] = [(await api.get(at)).body, (await api.patch(at, {})).body, ...(await list(path()))];
      for (const shown of replies) expect(shown[secret]).toBeNull();
      expect(JSON.stringify(replies)).not.toContain(created[secret]);
    });
  }

  if (row.writeOnly) {
    const fields = row.writeOnly;
    test(`${fields.join(", ")} never returned`, async () => {
      const created = await create();
      const at = `${path()}/${created.id}`;
      for (const shown of [created, (await api.get(at)).body, (await api.patch(at, {})).body, ...(await list(path()))]) {
        for (const field of fields) expect(shown).not.toHaveProperty(field);
      }
    });
  }
});

describe.each(MODULE_ROUTES.map((m) => [m.pattern, m] as const))("module %s", (pattern, { owner, name }) => {
  const { collection, body } = OWNERS[owner];

  test("every operation", async () => {
    await checkModuleLifecycle(api, collection(), body, moduleCase(pattern, name));
  });

  test("unknown field, missing owner, missing token", async () => {
    const { a } = moduleCase(pattern, name);
    const made = (await api.post(collection(), { ...body(), [name]: a })).body;
    const at = `${pathOf(made.uri)}/${name}`;
    expectError(await api.unchanged(() => api.put(at, { ...(a as object), unknown_field: 1 })), 400, "UNKNOWN_FIELD", "unknown_field");
    for (const send of [() => api.put(at, a, { token: null }), () => api.del(at, { token: "not-a-real-token" })]) {
      expectError(await api.unchanged(send), 401, "UNAUTHORIZED");
    }
    const ghost = `${collection()}/${made.id.replace(/_.*/, "_00000000000000000000000000")}/${name}`;
    expectError(await api.unchanged(() => api.put(ghost, a)), 404, "NOT_FOUND");
    expectError(await api.get(ghost), 404, "NOT_FOUND");
    expectError(await api.unchanged(() => api.del(ghost)), 404, "NOT_FOUND");
  });
});
