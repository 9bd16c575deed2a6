/**
 * `edge-ingress audit`, in process: state and ignore-file parsing, the classification of an account
 * with every kind (built on an in-process emulator) against stack states, the JSON shape, and the
 * command's exit codes and messages.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  classify,
  parseIgnoreFile,
  parseStackState,
  runAudit,
  ignoredBy,
  AuditUsageError,
  TYPE_PREFIX,
  type AuditReport,
  type StackState,
} from "../../cli/audit";
import { readAccount } from "../../cli/export";
import { EXPORT_ORDER, type AccountSnapshot } from "../../cli/generate";
import { providerId } from "../../provider/framework/ids";
import { kinds } from "../../provider/kinds";
import { start, type Started } from "../support/emulator";
import { engineEnv, runCommand } from "../../harness/engine";
import { buildAccount } from "../support/export";

const URL_A = "https://api.example.test";
const KEY_A = "ak_test_audit_key_0123456789";
const target = { apiUrl: URL_A, apiKey: KEY_A };

interface Recorded {
  kind: string;
  id: string;
  description?: string;
  connection?: unknown;
  external?: boolean;
  delete?: boolean;
  /** More outputs (an edge's inline `routes` and `routeIds`). */
  outputs?: Record<string, unknown>;
}

/** A state as `pulumi stack export` writes it: the stack, its default provider, then the resources. */
function stateJson(stack: string, resources: Recorded[], project = "shop"): string {
  const prefix = `urn:pulumi:${stack}::${project}`;
  return JSON.stringify({
    version: 3,
    deployment: {
      manifest: { time: "2025-01-01T00:00:00Z", magic: "x", version: "v3.259.0" },
      secrets_providers: { type: "passphrase", state: { salt: "v1:x" } },
      resources: [
        { urn: `${prefix}::pulumi:pulumi:Stack::${project}-${stack}`, custom: false, type: "pulumi:pulumi:Stack" },
        {
          urn: `${prefix}::pulumi:providers:pulumi-nodejs::default`,
          custom: true,
          id: "3f1c0f0e-0000-4000-8000-000000000000",
          type: "pulumi:providers:pulumi-nodejs",
        },
        ...resources.map((r, i) => ({
          urn: `${prefix}::${TYPE_PREFIX}${r.kind}::r${i}`,
          custom: true,
          id: r.id,
          type: `${TYPE_PREFIX}${r.kind}`,
          inputs: { __provider: "exports.handler = …", ...(r.connection === undefined ? {} : { connection: r.connection }) },
          outputs: {
            __provider: "exports.handler = …",
            description: r.description ?? "",
            ...(r.connection === undefined ? {} : { connection: r.connection }),
            ...r.outputs,
          },
          parent: `${prefix}::pulumi:pulumi:Stack::${project}-${stack}`,
          ...(r.external ? { external: true } : {}),
          ...(r.delete ? { delete: true } : {}),
        })),
      ],
    },
  });
}

const ENCRYPTED = { "4dabf18193072939515e22adc82c2e4f": "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc:def" };

/**
 * A state of the native provider as `pulumi stack export` writes it: the stack, its default provider
 * (configured with the audited URL), then the resources; a `connection` is an explicit provider
 * resource declared just before the resource that names it.
 */
function nativeStateJson(stack: string, resources: Recorded[], project = "infra"): string {
  const prefix = `urn:pulumi:${stack}::${project}`;
  const stackUrn = `${prefix}::pulumi:pulumi:Stack::${project}-${stack}`;
  const provider = (name: string, inputs: unknown) => ({
    urn: `${prefix}::pulumi:providers:edgeingress::${name}`,
    custom: true,
    id: `0000000${name.length}-0000-4000-8000-000000000000`,
    type: "pulumi:providers:edgeingress",
    inputs,
    outputs: inputs,
  });
  const defaultProvider = provider("default", { apiUrl: URL_A, apiKey: ENCRYPTED, version: "0.1.0" });
  return JSON.stringify({
    version: 3,
    deployment: {
      manifest: { time: "2025-01-01T00:00:00Z", magic: "x", version: "v3.259.0" },
      resources: [
        { urn: stackUrn, custom: false, type: "pulumi:pulumi:Stack" },
        defaultProvider,
        ...resources.flatMap((r, i) => {
          const own = r.connection === undefined ? [] : [provider(`p${i}`, r.connection)];
          const by = own[0] ?? defaultProvider;
          return [
            ...own,
            {
              urn: `${prefix}::edgeingress:index:${r.kind}::r${i}`,
              custom: true,
              id: r.id,
              type: `edgeingress:index:${r.kind}`,
              inputs: { description: r.description ?? "" },
              outputs: { description: r.description ?? "", ...r.outputs },
              parent: stackUrn,
              provider: `${by.urn}::${by.id}`,
              ...(r.external ? { external: true } : {}),
              ...(r.delete ? { delete: true } : {}),
            },
          ];
        }),
      ],
    },
  });
}

describe("parseStackState", () => {
  test("takes this package's resources with their id, description and account; not the stack, providers or resources only read", () => {
    const state = parseStackState(
      stateJson("prod", [
        { kind: "IpPolicy", id: "ipp_1", description: "office" },
        { kind: "IpPolicy", id: "ipp_2", connection: ENCRYPTED },
        { kind: "IpPolicy", id: "ipp_3", connection: { name: "b", apiUrl: "https://other.example.test", apiKey: "k" } },
        { kind: "IpPolicy", id: "ipp_4", connection: { name: "a", apiUrl: `${URL_A}/`, apiKey: KEY_A } },
        { kind: "IpPolicy", id: "ipp_5", connection: { name: "a2", apiUrl: URL_A, apiKey: "another key" } },
        { kind: "ApiKey", id: "ak_6", external: true },
        { kind: "HttpsEdgeRoute", id: "edghts_7/edghtsrt_8", delete: true },
      ]),
      "prod.json",
      target,
    );
    expect(state).toMatchObject({ name: "prod", project: "shop", source: "prod.json" });
    expect(state.resources.map((r) => [r.kind, r.id, r.description, r.placement, r.pendingDelete])).toEqual([
      ["IpPolicy", "ipp_1", "office", "default", false],
      ["IpPolicy", "ipp_2", "", "unknown", false],
      ["IpPolicy", "ipp_3", "", "other", false],
      ["IpPolicy", "ipp_4", "", "same", false],
      ["IpPolicy", "ipp_5", "", "unknown", false],
      ["HttpsEdgeRoute", "edghts_7/edghtsrt_8", "", "default", true],
    ]);
    expect(state.resources[0].urn).toBe(`urn:pulumi:prod::shop::${TYPE_PREFIX}IpPolicy::r0`);
  });

  test("a policy's inline rules are recorded through it (their ids in its outputs), as managed as the policy", () => {
    const json = JSON.parse(
      stateJson("prod", [
        { kind: "IpPolicy", id: "ipp_1", description: "allowlist" },
        { kind: "IpPolicy", id: "ipp_2" },
      ]),
    );
    const [, , owning, plain] = json.deployment.resources;
    owning.outputs.rules = [
      { cidr: "192.0.2.0/24", action: "allow", description: "office", metadata: "" },
      { cidr: "::/0", action: "deny", description: "", metadata: "" },
    ];
    owning.outputs.ruleIds = ["ipr_a", "ipr_b"];
    plain.outputs.rules = null;
    plain.outputs.ruleIds = null;
    const state = parseStackState(JSON.stringify(json), "prod.json", target);
    expect(state.resources.map((r) => [r.kind, r.id, r.description, r.urn.endsWith("::r0")])).toEqual([
      ["IpPolicy", "ipp_1", "allowlist", true],
      ["IpPolicyRule", "ipr_a", "office", true],
      ["IpPolicyRule", "ipr_b", "", true],
      ["IpPolicy", "ipp_2", "", false],
    ]);
  });

  test("a subscription's inline sources are recorded through it, with the ids the account's sources have", () => {
    const json = JSON.parse(stateJson("prod", [{ kind: "EventSubscription", id: "esb_1", description: "audit" }]));
    const owning = json.deployment.resources[2];
    owning.outputs.sources = ["ip_policy_created.v0", "api_key_deleted.v0"];
    owning.outputs.sourceIds = ["esb_1/ip_policy_created.v0", "esb_1/api_key_deleted.v0"];
    const state = parseStackState(JSON.stringify(json), "prod.json", target);
    expect(state.resources.map((r) => [r.kind, r.id, r.description])).toEqual([
      ["EventSubscription", "esb_1", "audit"],
      ["EventSource", "esb_1/ip_policy_created.v0", ""],
      ["EventSource", "esb_1/api_key_deleted.v0", ""],
    ]);
    // As the account's listing names a source.
    expect(providerId(kinds.EventSource, { subscriptionId: "esb_1", type: "api_key_deleted.v0" })).toBe(state.resources[2].id);
  });

  test("an edge's inline routes are recorded through it, with the ids the account's routes have", () => {
    const json = JSON.parse(stateJson("prod", [{ kind: "HttpsEdge", id: "edghts_1", description: "web" }]));
    const owning = json.deployment.resources[2];
    owning.outputs.routes = [
      { matchType: "path_prefix", match: "/", description: "public", metadata: "" },
      { matchType: "exact_path", match: "/health", description: "", metadata: "" },
    ];
    owning.outputs.routeIds = ["edghts_1/edghtsrt_a", "edghts_1/edghtsrt_b"];
    // Stored as a secret: the audit needs nothing from it.
    owning.outputs.routeSecretModules = ENCRYPTED;
    const state = parseStackState(JSON.stringify(json), "prod.json", target);
    expect(state.resources.map((r) => [r.kind, r.id, r.description])).toEqual([
      ["HttpsEdge", "edghts_1", "web"],
      ["HttpsEdgeRoute", "edghts_1/edghtsrt_a", "public"],
      ["HttpsEdgeRoute", "edghts_1/edghtsrt_b", ""],
    ]);
    // As the account's listing names a route.
    expect(providerId(kinds.HttpsEdgeRoute, { edgeId: "edghts_1", id: "edghtsrt_b" })).toBe(state.resources[2].id);
  });

  test("an empty stack has no resources; the name given wins over none", () => {
    expect(
      parseStackState(JSON.stringify({ version: 3, deployment: { manifest: {} } }), "pulumi stack export --stack dev", target, "dev"),
    ).toMatchObject({ name: "dev", resources: [] });
  });

  test.each([
    ["not json", /^x\.json: not JSON .*pulumi stack export/],
    ['{"version": 3}', /^x\.json: not the output of `pulumi stack export` \(no "deployment" object\)/],
    ['{"deployment": {"resources": {}}}', /^x\.json: "deployment\.resources" must be a list/],
    ['{"deployment": {"resources": [{"id": "ipp_1"}]}}', /^x\.json: deployment\.resources\[0\] has no urn or type/],
  ])("refuses %s, naming the file and the rule", (content, message) => {
    expect(() => parseStackState(content, "x.json", target)).toThrow(AuditUsageError);
    expect(() => parseStackState(content, "x.json", target)).toThrow(message);
  });
});

describe("parseStackState of the native provider's state (edgeingress:index:<Kind>)", () => {
  const FIXTURE = path.join(__dirname, "..", "fixtures", "audit-native-state.json");
  const fixture = () => JSON.parse(fs.readFileSync(FIXTURE, "utf8"));
  const read = (json: unknown) => parseStackState(JSON.stringify(json), "prod.json", target);
  const rows = (state: StackState) => state.resources.map((r) => [r.kind, r.id, r.description, r.placement]);

  test("reads the resources as the dynamic ones are read, inline children included; providers and resources only read are not", () => {
    const state = read(fixture());
    expect(state).toMatchObject({ name: "prod", project: "infra", source: "prod.json" });
    expect(rows(state)).toEqual([
      ["IpPolicy", "ipp_office", "office", "default"],
      ["IpPolicyRule", "ipr_v4", "office v4", "default"],
      ["IpPolicyRule", "ipr_net", "", "default"],
      ["HttpsEdge", "edghts_web", "", "default"],
      ["HttpsEdgeRoute", "edghts_web/edghtsrt_site", "site", "default"],
      ["EventSubscription", "esb_audit", "audit", "default"],
      ["EventSource", "esb_audit/ip_policy_created.v0", "", "default"],
      ["ApiKey", "ak_deploy", "deploy pipeline", "default"],
      // Explicit providers: another URL; the audited URL with its key encrypted.
      ["IpPolicy", "ipp_eu", "eu office", "other"],
      ["IpPolicy", "ipp_ops", "ops", "unknown"],
    ]);
    expect(state.resources.filter((r) => r.ownsInline).map((r) => [r.id, r.ownsInline])).toEqual([
      ["ipp_office", ["rules"]],
      ["edghts_web", ["routes"]],
      ["esb_audit", ["sources"]],
    ]);
    expect(state.resources[1].urn).toBe("urn:pulumi:prod::infra::edgeingress:index:IpPolicy::office");
  });

  test("the default provider is the stack's default account unless it records another URL; an explicit one is read as a connection is", () => {
    const placements = (edit: (resources: any[]) => void) => {
      const json = fixture();
      edit(json.deployment.resources);
      return Object.fromEntries(read(json).resources.map((r) => [r.id, r.placement]));
    };
    const byUrn = (resources: any[], name: string) => resources.find((r) => r.urn.endsWith(`::pulumi:providers:edgeingress::${name}`));
    // Configured from the environment: no URL recorded.
    expect(placements((rs) => delete byUrn(rs, "default").inputs.apiUrl).ipp_office).toBe("default");
    expect(placements((rs) => (byUrn(rs, "default").inputs.apiUrl = `${URL_A}/`)).ipp_office).toBe("default");
    expect(placements((rs) => (byUrn(rs, "default").inputs.apiUrl = "https://staging.example.test")).ipp_office).toBe("other");
    expect(placements((rs) => (byUrn(rs, "default").inputs.apiUrl = ENCRYPTED)).ipp_office).toBe("unknown");
    // A default provider of a pinned version is named default_<version>.
    const versioned = placements((rs) => {
      const provider = byUrn(rs, "default");
      const old = `${provider.urn}::${provider.id}`;
      provider.urn += "_0_1_0";
      for (const r of rs) if (r.provider === old) r.provider = `${provider.urn}::${provider.id}`;
    });
    expect(versioned.ipp_office).toBe("default");
    // An explicit provider with the audited URL and key; with neither (the environment's).
    expect(placements((rs) => (byUrn(rs, "ops").inputs.apiKey = KEY_A)).ipp_ops).toBe("same");
    expect(placements((rs) => (byUrn(rs, "ops").inputs = { version: "0.1.0" })).ipp_ops).toBe("default");
    // A provider the state does not hold: nothing tells the account.
    expect(placements((rs) => rs.splice(rs.indexOf(byUrn(rs, "ops")), 1)).ipp_ops).toBe("unknown");
  });

  test("a stack holding resources of both paths has both read", () => {
    const json = fixture();
    const dynamic = JSON.parse(stateJson("prod", [{ kind: "IpPolicy", id: "ipp_dyn", description: "from TypeScript" }], "infra"));
    json.deployment.resources.push(...dynamic.deployment.resources.slice(1));
    const state = read(json);
    expect(state.resources.map((r) => r.id)).toContain("ipp_office");
    expect(rows(state).at(-1)).toEqual(["IpPolicy", "ipp_dyn", "from TypeScript", "default"]);
  });
});

describe("the ignore file", () => {
  const entries = parseIgnoreFile(
    [
      "# kept by hand on purpose",
      "",
      "ipp_handmade1",
      "  IpPolicyRule:*  ",
      "HttpsEdgeRoute:edghts_1/edghtsrt_2",
      "ApiKey:description=ci-* (temp?)",
    ].join("\n"),
    ".ignore",
  );

  test("reads ids, Kind:id, Kind:* and Kind:description=<glob>, with their lines; skips comments and blank lines", () => {
    expect(entries.map(({ entry, line, kind, id }) => ({ entry, line, kind, id }))).toEqual([
      { entry: "ipp_handmade1", line: 3, kind: undefined, id: "ipp_handmade1" },
      { entry: "IpPolicyRule:*", line: 4, kind: "IpPolicyRule", id: undefined },
      { entry: "HttpsEdgeRoute:edghts_1/edghtsrt_2", line: 5, kind: "HttpsEdgeRoute", id: "edghts_1/edghtsrt_2" },
      { entry: "ApiKey:description=ci-* (temp?)", line: 6, kind: "ApiKey", id: undefined },
    ]);
  });

  test("matches by id in any kind, by kind and id, a whole kind, and a whole description by glob", () => {
    const by = (kind: string, id: string, description = "") => ignoredBy(entries, { kind, id, description })?.line;
    expect(by("IpPolicy", "ipp_handmade1")).toBe(3);
    expect(by("IpPolicy", "ipp_other")).toBeUndefined();
    expect(by("IpPolicyRule", "ipr_any")).toBe(4);
    expect(by("HttpsEdgeRoute", "edghts_1/edghtsrt_2")).toBe(5);
    expect(by("HttpsEdgeRoute", "edghts_1/edghtsrt_3")).toBeUndefined();
    expect(by("ApiKey", "ak_1", "ci-nightly (temp1)")).toBe(6);
    // `*` spans any text, `?` one character, the parentheses are literal, and the whole description must match.
    expect(by("ApiKey", "ak_1", "ci- (tempX)")).toBe(6);
    expect(by("ApiKey", "ak_1", "ci-nightly (temp)")).toBeUndefined();
    expect(by("ApiKey", "ak_1", "old ci-nightly (temp1)")).toBeUndefined();
    expect(by("IpPolicy", "ipp_1", "ci-nightly (temp1)")).toBeUndefined();
  });

  test.each([
    ["Policy:*", /^\.ignore:2: "Policy:\*": unknown kind "Policy" \(kinds: ApiKey, /],
    ["IpPolicy:ak_123", /^\.ignore:2: "IpPolicy:ak_123": is not a IpPolicy id \(ipp_…\)/],
    ["nothing_like_an_id", /^\.ignore:2: "nothing_like_an_id": is not the id of any kind/],
    ["ipp_123 # the office", /^\.ignore:2: .*an id has no spaces \(comments go on their own line, starting with #\)/],
    ["IpPolicy:description=", /^\.ignore:2: .*description= needs a pattern/],
    ["IpPolicy:", /^\.ignore:2: "IpPolicy:": after "IpPolicy:" comes an id, \* or description=<glob>/],
  ])("refuses %s, naming the file and the line", (line, message) => {
    expect(() => parseIgnoreFile(`# first\n${line}\n`, ".ignore")).toThrow(message);
  });
});

describe("against an account with every kind", () => {
  let started: Started;
  let snapshot: AccountSnapshot;
  /** Every resource of the account: kind, provider id, description. */
  let all: Array<{ kind: string; id: string; description: string }>;
  let tmp: string;

  beforeAll(async () => {
    started = await start({ provisioningDelayMs: 0 });
    await buildAccount(started.client);
    ({ snapshot } = await readAccount(started.client));
    all = EXPORT_ORDER.flatMap((kind) =>
      (snapshot[kind] ?? []).map((obj) => ({ kind, id: providerId(kinds[kind], obj), description: obj.description ?? "" })),
    );
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-audit-"));
  });
  afterAll(async () => {
    await started?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const issued = () => snapshot.TlsCertificate!.find((c) => c.issuedAt)!.id as string;
  const declarable = () => all.filter((r) => r.id !== issued());
  const stateOf = (name: string, resources: Recorded[]): StackState => parseStackState(stateJson(name, resources), `${name}.json`, target);

  test("every resource in some stack: no drift; the certificate the service issued for a domain is not declarable, not unmanaged", () => {
    const items = declarable();
    const half = Math.floor(items.length / 2);
    const report = classify(snapshot, [stateOf("a", items.slice(0, half)), stateOf("b", items.slice(half))], [], URL_A);
    expect(report).toMatchObject({ unmanaged: [], missing: [], ignored: [], notChecked: [], drift: false });
    expect(report.notDeclarable).toEqual([{ kind: "TlsCertificate", id: issued(), reason: expect.stringMatching(/reserved domain/) }]);
    expect(report.stacks).toEqual([
      { name: "a", project: "shop", source: "a.json", resources: half },
      { name: "b", project: "shop", source: "b.json", resources: items.length - half },
    ]);
  });

  test("resources no stack records are unmanaged, per kind with id and description, in the kind table's order", () => {
    const left = ["IpPolicyRule", "HttpsEdgeRoute", "ApiKey", "EventSource"];
    const items = declarable();
    const report = classify(
      snapshot,
      [
        stateOf(
          "prod",
          items.filter((r) => !left.includes(r.kind)),
        ),
      ],
      [],
      URL_A,
    );
    expect(report.unmanaged).toEqual(items.filter((r) => left.includes(r.kind)));
    expect(report.unmanaged.map((u) => u.kind)).toEqual(expect.arrayContaining(left));
    expect(report.unmanaged.find((u) => u.kind === "IpPolicyRule" && u.description === "Office NAT")).toBeDefined();
    expect(report.unmanaged.find((u) => u.kind === "HttpsEdgeRoute")!.id).toMatch(/^edghts_\w+\/edghtsrt_\w+$/);
    expect(report.missing).toEqual([]);
    expect(report.drift).toBe(true);
  });

  test("recorded resources gone from the account are missing with their stack; other accounts' and ones being deleted are not", () => {
    const recorded: Recorded[] = [
      ...declarable(),
      { kind: "IpPolicy", id: "ipp_gone1", description: "deleted by hand" },
      { kind: "IpPolicy", id: "ipp_gone2", connection: { name: "same", apiUrl: URL_A, apiKey: KEY_A } },
      { kind: "IpPolicy", id: "ipp_other", connection: { name: "staging", apiUrl: "https://staging.example.test", apiKey: "k" } },
      { kind: "IpPolicy", id: "ipp_sealed", connection: ENCRYPTED },
      { kind: "IpPolicy", id: "ipp_leaving", delete: true },
      { kind: "Tunnel", id: "tn_1" },
    ];
    const report = classify(snapshot, [stateOf("prod", recorded)], [], URL_A);
    expect(report.unmanaged).toEqual([]);
    expect(report.missing).toEqual([
      {
        kind: "IpPolicy",
        id: "ipp_gone1",
        description: "deleted by hand",
        stack: "prod",
        urn: expect.stringMatching(/::pulumi-nodejs:dynamic\/edgeingress:IpPolicy::r\d+$/),
      },
      { kind: "IpPolicy", id: "ipp_gone2", description: "", stack: "prod", urn: expect.any(String) },
    ]);
    expect(report.notChecked.map((n) => [n.id, n.reason])).toEqual([
      ["ipp_other", "its connection names another API URL"],
      ["ipp_sealed", expect.stringMatching(/its own connection/)],
      ["tn_1", "Tunnel is not a kind this package lists"],
    ]);
    expect(report.drift).toBe(true);
  });

  test("a dynamic and a native stack together: no drift; a native stack's resource gone from the account is missing", () => {
    const items = declarable();
    const half = Math.floor(items.length / 2);
    const native = (recorded: Recorded[]) => parseStackState(nativeStateJson("yaml", recorded), "yaml.json", target);
    const clean = classify(snapshot, [stateOf("ts", items.slice(0, half)), native(items.slice(half))], [], URL_A);
    expect(clean).toMatchObject({ unmanaged: [], missing: [], notChecked: [], drift: false });
    expect(clean.stacks.map((s) => [s.name, s.resources])).toEqual([
      ["ts", half],
      ["yaml", items.length - half],
    ]);
    const gone = classify(
      snapshot,
      [
        stateOf("ts", items.slice(0, half)),
        native([
          ...items.slice(half),
          { kind: "IpPolicy", id: "ipp_gone", description: "deleted by hand" },
          { kind: "IpPolicy", id: "ipp_eu", connection: { apiUrl: "https://eu.example.test", apiKey: ENCRYPTED } },
        ]),
      ],
      [],
      URL_A,
    );
    expect(gone.missing).toEqual([
      {
        kind: "IpPolicy",
        id: "ipp_gone",
        description: "deleted by hand",
        stack: "yaml",
        urn: expect.stringMatching(/::edgeingress:index:IpPolicy::r\d+$/),
      },
    ]);
    expect(gone.notChecked.map((n) => [n.id, n.reason])).toEqual([["ipp_eu", "its connection names another API URL"]]);
  });

  test("a resource of another connection that is found in the account is managed, not unmanaged", () => {
    const [first, ...rest] = declarable();
    const report = classify(snapshot, [stateOf("prod", [{ ...first, connection: ENCRYPTED }, ...rest])], [], URL_A);
    expect(report).toMatchObject({ unmanaged: [], missing: [], notChecked: [], drift: false });
  });

  test("ignored resources are not reported, and each names its entry; all ignored is no drift", () => {
    const items = declarable();
    const rule = items.find((r) => r.kind === "IpPolicyRule")!;
    const ignore = parseIgnoreFile(`# by hand\nHttpsEdgeRoute:*\n${rule.id}\nIpPolicy:ipp_gone\n`, ".edge-ingress-audit-ignore");
    const kept = items.filter((r) => r.kind !== "HttpsEdgeRoute" && r.id !== rule.id);
    const report = classify(
      snapshot,
      [stateOf("prod", [...kept, { kind: "IpPolicy", id: "ipp_gone", description: "old" }])],
      ignore,
      URL_A,
    );
    const routes = items.filter((r) => r.kind === "HttpsEdgeRoute");
    // In the kinds' order: HttpsEdgeRoute before IpPolicyRule.
    expect(report.ignored).toEqual([
      ...routes.map((r) => ({ finding: "unmanaged", ...r, entry: "HttpsEdgeRoute:*", line: 2 })),
      { finding: "unmanaged", ...rule, entry: rule.id, line: 3 },
      { finding: "missing", kind: "IpPolicy", id: "ipp_gone", description: "old", stack: "prod", entry: "IpPolicy:ipp_gone", line: 4 },
    ]);
    expect(report).toMatchObject({ unmanaged: [], missing: [], drift: false });
  });

  test("the JSON report has the documented keys", () => {
    const report: AuditReport = classify(snapshot, [stateOf("prod", [])], [], URL_A);
    expect(Object.keys(report)).toEqual([
      "version",
      "apiUrl",
      "stacks",
      "unmanaged",
      "missing",
      "ignored",
      "notChecked",
      "notDeclarable",
      "export",
      "drift",
    ]);
    expect(report.version).toBe(1);
    expect(Object.keys(report.unmanaged[0])).toEqual(["kind", "id", "description"]);
  });

  // --- the command -----------------------------------------------------------------------------------

  async function audit(
    args: string[],
    env: Record<string, string | undefined> = {},
    cwd = tmp,
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = "";
    let stderr = "";
    const code = await runAudit(args, {
      env: { PATH: process.env.PATH, EDGE_INGRESS_API_KEY: started.rootToken, EDGE_INGRESS_API_URL: started.url, ...env },
      cwd,
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
    });
    return { code, stdout, stderr };
  }
  const writeState = (file: string, resources: Recorded[]) =>
    fs.writeFileSync(path.join(tmp, file), stateJson(path.basename(file, ".json"), resources));

  test("exit 0 without drift: a table-less report that says so", async () => {
    writeState("all.json", declarable());
    const result = await audit(["--stack-state", "all.json"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain(`edge-ingress audit of ${started.url} against 1 stack: all (${declarable().length} resources)`);
    expect(result.stdout).toMatch(/\nNo drift\.\n$/);
  });

  test("exit 1 with drift: the tables name kind, id and description (and the stack of a missing one); --json says the same", async () => {
    const key = declarable().find((r) => r.kind === "ApiKey")!;
    writeState("most.json", [
      ...declarable().filter((r) => r.id !== key.id),
      { kind: "IpPolicy", id: "ipp_gone", description: "deleted by hand" },
    ]);
    const human = await audit(["--stack-state", "most.json"]);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(
      new RegExp(
        `1 unmanaged \\(in the account, in no given stack\\):\\n  KIND +ID +DESCRIPTION\\n  ApiKey +${key.id} {2}${key.description}\\n`,
      ),
    );
    expect(human.stdout).toMatch(
      /1 missing \(in a stack's state, gone from the account\):\n {2}KIND +ID +STACK +DESCRIPTION\n {2}IpPolicy +ipp_gone +most +deleted by hand\n/,
    );
    // The audit cannot tell its own key from the others: it says how to keep it out.
    expect(human.stdout).toContain("add `ApiKey:<its id>` to the ignore file");
    expect(human.stdout).toMatch(/Drift: 1 unmanaged, 1 missing\.\n$/);
    expect(human.stdout).not.toContain(started.rootToken);

    const json = await audit(["--stack-state", "most.json", "--json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as AuditReport;
    expect(report).toMatchObject({
      version: 1,
      apiUrl: started.url,
      drift: true,
      unmanaged: [key],
      missing: [{ kind: "IpPolicy", id: "ipp_gone", stack: "most" }],
    });
  });

  test("the ignore file in the current directory is read by default; --ignore names another; ignored ones are counted", async () => {
    const key = declarable().find((r) => r.kind === "ApiKey")!;
    writeState(
      "nokey.json",
      declarable().filter((r) => r.id !== key.id),
    );
    const dir = fs.mkdtempSync(path.join(tmp, "cwd-"));
    fs.copyFileSync(path.join(tmp, "nokey.json"), path.join(dir, "nokey.json"));
    fs.writeFileSync(path.join(dir, ".edge-ingress-audit-ignore"), `# the key this audit runs with\nApiKey:${key.id}\n`);
    const byDefault = await audit(["--stack-state", "nokey.json"], {}, dir);
    expect(byDefault).toMatchObject({ code: 0, stderr: "" });
    expect(byDefault.stdout).toContain("1 ignored (by .edge-ingress-audit-ignore).");

    fs.writeFileSync(path.join(dir, "other-ignore"), "# nothing\n");
    expect((await audit(["--stack-state", "nokey.json", "--ignore", "other-ignore"], {}, dir)).code).toBe(1);
    const broken = await audit(["--stack-state", "nokey.json", "--ignore", "broken"], {}, dir);
    expect(broken).toMatchObject({ code: 2, stderr: expect.stringContaining("--ignore broken: no such file") });
    fs.writeFileSync(path.join(dir, "bad-ignore"), "ApiKey:*\nIpPolcy:*\n");
    const bad = await audit(["--stack-state", "nokey.json", "--ignore", "bad-ignore"], {}, dir);
    expect(bad).toMatchObject({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining('bad-ignore:2: "IpPolcy:*": unknown kind "IpPolcy"'),
    });
  });

  test("--export writes the unmanaged ones, and only those, as a program that adopts them", async () => {
    const left = declarable().filter((r) => r.kind === "IpPolicyRule" || r.kind === "HttpsEdgeRoute");
    writeState(
      "partial.json",
      declarable().filter((r) => !left.includes(r)),
    );
    const result = await audit(["--stack-state", "partial.json", "--export", "adopt-these", "--json"]);
    expect(result.code).toBe(1);
    const out = path.join(tmp, "adopt-these");
    expect(JSON.parse(result.stdout).export).toEqual({ dir: out, resources: left.length, inline: 0 });
    const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    const adopted = [...program.matchAll(/^ {2}adopt: "([^"]+)",$/gm)].map((m) => m[1]);
    expect(adopted.sort()).toEqual(left.map((r) => r.id).sort());
    expect([...program.matchAll(/new ei\.(\w+)\(/g)].map((m) => m[1]).sort()).toEqual(left.map((r) => r.kind).sort());
    // The managed policy a rule belongs to is named by its id, not declared again.
    expect(program).toMatch(/ipPolicyId: "ipp_\w+"/);
    expect(fs.readFileSync(path.join(out, "Pulumi.yaml"), "utf8")).toContain("name: adopt-these");
    // Its README names what it holds: the unmanaged ones, not the whole account.
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toContain("Generated by `edge-ingress audit --export`");
    expect(readme).toContain("declares\nthe resources of the account that no given stack records (unmanaged) with `adopt`");
    expect(readme).not.toContain("every resource of the account");

    // An existing directory with files is refused before the account is read.
    const again = await audit(["--stack-state", "partial.json", "--export", "adopt-these"]);
    expect(again).toMatchObject({ code: 2, stderr: expect.stringContaining("--export adopt-these: exists and is not an empty directory") });
  });

  test("--export never declares a child on its own under a parent a stack owns inline: the report and the README say to add it to the list", async () => {
    const edge = declarable().find((r) => r.kind === "HttpsEdge")!;
    const routes = declarable().filter((r) => r.kind === "HttpsEdgeRoute");
    const rules = declarable().filter((r) => r.kind === "IpPolicyRule");
    // The stack declares the edge with inline `routes` that list none of the account's routes (added by hand since).
    writeState("inline.json", [
      ...declarable().filter((r) => r.kind !== "HttpsEdgeRoute" && r.kind !== "IpPolicyRule" && r !== edge),
      { ...edge, outputs: { routes: [], routeIds: [] } },
    ]);
    const result = await audit(["--stack-state", "inline.json", "--export", "adopt-inline", "--json"]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as AuditReport;
    const out = path.join(tmp, "adopt-inline");
    expect(report.export).toEqual({ dir: out, resources: rules.length, inline: routes.length });
    expect(report.unmanaged.filter((u) => u.kind === "HttpsEdgeRoute").map((u) => u.inlineIn)).toEqual(
      routes.map(() => ({ kind: "HttpsEdge", id: edge.id, key: "routes", stack: "inline" })),
    );
    // Rules of policies declared without inline rules are still proposed as IpPolicyRule resources.
    expect(report.unmanaged.filter((u) => u.kind === "IpPolicyRule").every((u) => u.inlineIn === undefined)).toBe(true);
    const program = fs.readFileSync(path.join(out, "index.ts"), "utf8");
    expect([...program.matchAll(/new ei\.(\w+)\(/g)].map((m) => m[1])).toEqual(rules.map(() => "IpPolicyRule"));
    expect(program).not.toContain("HttpsEdgeRoute");
    const readme = fs.readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toContain("## Add to a parent's inline list");
    for (const route of routes)
      expect(readme).toContain(`- HttpsEdgeRoute ${route.id}, to \`routes\` of HttpsEdge ${edge.id} (stack inline):`);
    expect(readme).toMatch(/```ts\n {2}\{\n {4}matchType: "exact_path",\n {4}match: "\/hooks",/);
    // A route's credential in the entry comes from config, its value is never written.
    expect(readme).not.toContain("webhook-secret-1");
    expect(readme).toMatch(/secret: config\.requireSecret\("httpsEdgeRoute\w*Secret"\)/);

    const human = await audit(["--stack-state", "inline.json"]);
    expect(human.stdout).toContain(
      `HttpsEdgeRoute ${routes[0].id} belongs to HttpsEdge ${edge.id}, which stack inline declares with inline \`routes\`: to keep it, add it to that list`,
    );
  });

  test("--all-stacks reads every stack of the backend pulumi is logged in to, of every project, as --stack reads one", async () => {
    // A file backend with two projects' stacks, their states imported as `pulumi stack import` takes them.
    const root = fs.mkdtempSync(path.join(tmp, "backend-"));
    const pulumiEnv: NodeJS.ProcessEnv = {
      ...engineEnv({ linkSelf: false, compileCache: false }),
      PULUMI_BACKEND_URL: `file://${path.join(root, "state")}`,
      PULUMI_HOME: path.join(root, "home"),
      PULUMI_CONFIG_PASSPHRASE: "all-stacks-test",
    };
    // The audit's key and URL are the emulator's (the helper's), whatever this process has.
    delete pulumiEnv.EDGE_INGRESS_API_KEY;
    delete pulumiEnv.EDGE_INGRESS_API_URL;
    const pulumi = async (cwd: string, args: string[]) => {
      const result = await runCommand("pulumi", [...args, "--non-interactive"], { cwd, env: pulumiEnv });
      expect({ args, code: result.code, stderr: result.code ? result.stderr : "" }).toEqual({ args, code: 0, stderr: "" });
    };
    const key = declarable().find((r) => r.kind === "ApiKey")!;
    const rest = declarable().filter((r) => r.id !== key.id);
    const half = Math.floor(rest.length / 2);
    const stacks = [
      { project: "shop", stack: "prod", resources: rest.slice(0, half) },
      { project: "ops", stack: "infra", resources: rest.slice(half) },
    ];
    fs.mkdirSync(path.join(root, "state"));
    for (const { project, stack, resources } of stacks) {
      const dir = path.join(root, project);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${project}\nruntime: nodejs\n`);
      await pulumi(dir, ["stack", "init", stack]);
      // Without the made-up secrets provider (the stack's own is used); --force: its checksum is made up too.
      const state = JSON.parse(stateJson(stack, resources, project));
      delete state.deployment.secrets_providers;
      fs.writeFileSync(path.join(dir, "state.json"), JSON.stringify(state));
      await pulumi(dir, ["stack", "import", "--file", "state.json", "--force"]);
    }
    const result = await audit(["--all-stacks", "--json"], pulumiEnv, path.join(root, "shop"));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as AuditReport;
    // Short for the project of the directory, qualified for the others, as `stack export --stack` takes them.
    expect(report.stacks.map((s) => [s.name, s.project, s.resources]).sort()).toEqual([
      ["organization/ops/infra", "ops", rest.length - half],
      ["prod", "shop", half],
    ]);
    expect(report.unmanaged.map((u) => u.id)).toEqual([key.id]);
    expect(report.missing).toEqual([]);
    // A stack also named with --stack is read once.
    const both = await audit(["--all-stacks", "--stack", "prod", "--json"], pulumiEnv, path.join(root, "shop"));
    expect((JSON.parse(both.stdout) as AuditReport).stacks).toHaveLength(2);

    // A backend with no stacks is a wrong login or backend, not an account no stack manages.
    const empty = { ...pulumiEnv, PULUMI_BACKEND_URL: `file://${fs.mkdtempSync(path.join(root, "empty-"))}` };
    expect(await audit(["--all-stacks"], empty, root)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--all-stacks: the backend pulumi is logged in to here has no stacks"),
    });
    expect(await audit(["--all-stacks"], { PATH: tmp })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--all-stacks runs the pulumi CLI, which is not on PATH"),
    });
  });

  test("usage errors exit 2: no key, a key flag, no stack, a bad URL, an unreadable state, no pulumi CLI for --stack", async () => {
    writeState("one.json", []);
    expect(await audit(["--stack-state", "one.json"], { EDGE_INGRESS_API_KEY: "" })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("set EDGE_INGRESS_API_KEY"),
    });
    expect(await audit(["--stack-state", "one.json", "--api-key", "ak_secret"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown option '--api-key'"),
    });
    expect(await audit([])).toMatchObject({ code: 2, stderr: expect.stringContaining("give the stacks that manage the account") });
    expect(await audit(["--stack-state", "one.json"], { EDGE_INGRESS_API_URL: "" })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("pass --api-url"),
    });
    expect(await audit(["--stack-state", "one.json", "--api-url", "ftp://x"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--api-url must be an http(s) URL"),
    });
    expect(await audit(["--stack-state", "nope.json"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--stack-state nope.json: no such file"),
    });
    fs.writeFileSync(path.join(tmp, "garbage.json"), "{}");
    expect(await audit(["--stack-state", "garbage.json"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("garbage.json: not the output of `pulumi stack export`"),
    });
    expect(await audit(["--stack", "prod"], { PATH: tmp })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--stack runs the pulumi CLI, which is not on PATH"),
    });
  });

  test("an account that cannot be read exits 3, without the key", async () => {
    writeState("one.json", []);
    const refused = await audit(["--stack-state", "one.json"], { EDGE_INGRESS_API_KEY: "wrong-key-0123456789" });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/^edge-ingress audit: could not read the account at http:\/\/127\.0\.0\.1:\d+: /);
    expect(refused.stderr).not.toContain("wrong-key-0123456789");
    expect(refused.stdout).toBe("");
    const closed = await audit(["--stack-state", "one.json"], { EDGE_INGRESS_API_URL: "http://127.0.0.1:9" });
    expect(closed.code).toBe(3);
  });
});
