/**
 * The exporter's generator: an account built by hand on an in-process emulator is read with the sdk
 * and turned into a program; each declared resource must adopt without a change, credentials must come
 * from config, references must be declared before use; the program's type check against dist/ is
 * generate-typecheck.test.ts (a compiler run: the long tier).
 */
import { readAccount } from "../../cli/export";
import {
  EXPORT_ORDER,
  Ref,
  Secret,
  generateProject,
  planExport,
  printValue,
  slug,
  type AccountSnapshot,
  type ExportPlan,
} from "../../cli/generate";
import { start, type Started } from "../support/emulator";
import { providerId } from "../../provider/framework/ids";
import { CHILD_RULES, diff, toOutputs } from "../../provider/framework/lifecycle";
import { readClaimed } from "../../provider/framework/children";
import { kinds } from "../../provider/kinds";
import { EdgeIngress } from "../../sdk";
import { buildAccount, VERSIONS, type BuiltAccount } from "../support/export";

let started: Started;
let client: EdgeIngress;
let account: BuiltAccount;
let snapshot: AccountSnapshot;
/** The default plan: owned children inline on their parent. */
let plan: ExportPlan;
/** With `standaloneChildren`: every child a resource of its own kind. */
let standalone: ExportPlan;

/** Kinds of children some parent owns inline (`owns`): IpPolicyRule, HttpsEdgeRoute, EventSource. */
const OWNED_KINDS = [
  ...new Set(
    Object.values(kinds)
      .flatMap((decl) => Object.values(decl.owns ?? {}))
      .map((owned) => owned.decl.name),
  ),
].sort();

beforeAll(async () => {
  started = await start({ provisioningDelayMs: 0 });
  client = started.client;
  account = await buildAccount(client);
  ({ snapshot } = await readAccount(client));
  plan = planExport(snapshot);
  standalone = planExport(snapshot, { standaloneChildren: true });
});
afterAll(async () => {
  await started?.close();
});

/** The declared inputs as the engine would hand them to the provider: Refs are ids, Secrets their values. */
function resolve(value: unknown, credentials: BuiltAccount["credentials"]): unknown {
  if (value instanceof Ref) return value.id;
  if (value instanceof Secret) return credentials.get(value.id)?.[value.path];
  if (Array.isArray(value)) return value.map((v) => resolve(v, credentials));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, credentials)]));
  return value;
}

// A nested kind's ids are composite, as the provider makes them.
const objectOf = (kind: string, id: string) => snapshot[kind]!.find((o) => providerId(kinds[kind], o) === id);

describe("planExport on an account with every kind", () => {
  test("with --standalone-children, declares every resource of every kind but the certificate the service issued for a domain", () => {
    const plan = standalone;
    for (const kind of EXPORT_ORDER) expect(plan.resources.filter((r) => r.kind === kind).length).toBeGreaterThan(0);
    const listed = EXPORT_ORDER.reduce((n, kind) => n + (snapshot[kind]?.length ?? 0), 0);
    expect(plan.resources.length).toBe(listed - 1);
    expect(plan.resources.every((r) => r.inline.length === 0)).toBe(true);
    expect(plan.skipped).toEqual([
      { kind: "TlsCertificate", id: expect.stringMatching(/^cert_/), why: expect.stringMatching(/reserved domain/) },
    ]);
    expect(snapshot.TlsCertificate!.find((c) => c.id === plan.skipped[0].id)?.issuedAt).toBeTruthy();
  });

  test("by default, owned children are inline on their parent, each exactly once, and the parent owns its whole set", () => {
    expect(OWNED_KINDS).toEqual(["EventSource", "HttpsEdgeRoute", "IpPolicyRule"]);
    expect(plan.resources.filter((r) => OWNED_KINDS.includes(r.kind))).toEqual([]);
    const inline = plan.resources.flatMap((r) => r.inline.map((c) => `${c.kind} ${c.id}`));
    const children = OWNED_KINDS.flatMap((kind) => snapshot[kind]!.map((o) => `${kind} ${providerId(kinds[kind], o)}`));
    expect(inline.sort()).toEqual(children.sort());
    expect(plan.resources.length).toBe(standalone.resources.length - children.length);
    // Every parent that can own declares its list, an empty one too: a child added by hand is drift.
    for (const r of plan.resources)
      for (const key of Object.keys(kinds[r.kind].owns ?? {}))
        expect({ [r.name]: Array.isArray(r.inputs[key]) }).toEqual({ [r.name]: true });
    const office = plan.resources.find((r) => r.kind === "IpPolicy" && r.name === "office-egress")!;
    expect(office.inputs.rules).toEqual([
      { cidr: "2001:db8::/32", action: "allow" },
      { cidr: "203.0.113.0/24", action: "allow", description: "Office NAT" },
    ]);
    const subscription = plan.resources.find((r) => r.kind === "EventSubscription")!;
    expect(subscription.inputs.sources).toEqual(["ip_policy_created.v0", "ip_policy_updated.v0"]);
    const edge = plan.resources.find((r) => r.kind === "HttpsEdge")!;
    const routes = edge.inputs.routes as Array<Record<string, unknown>>;
    expect(routes.map((route) => route.match)).toEqual(["/api", "/hooks", "/sso"]);
    expect(routes.every((route) => !("edgeId" in route))).toBe(true);
    // A route's credentials still come from config, named by the route's id and path.
    expect(routes[1].webhookVerification).toEqual({ provider: "CI", secret: expect.any(Secret) });
    expect(plan.secrets.map((s) => `${s.id} ${s.path}`).sort()).toEqual(standalone.secrets.map((s) => `${s.id} ${s.path}`).sort());
  });

  test("each declaration, as the provider receives it, adopts its resource without a change (inline and standalone)", async () => {
    for (const r of [...plan.resources, ...standalone.resources]) {
      const decl = kinds[r.kind];
      const obj = objectOf(r.kind, r.id);
      const inputs = resolve(r.inputs, account.credentials) as Record<string, unknown>;
      // What adopt compares: the service's view with the children it claims, write-only values taken from the program.
      const current = {
        ...toOutputs(decl, obj, inputs),
        ...(decl.owns ? await readClaimed(decl, CHILD_RULES, client, r.id, inputs, obj) : {}),
      };
      const result = diff(decl, r.id, current, inputs);
      expect({ resource: `${r.kind} ${r.name}`, changes: result.changes }).toEqual({ resource: `${r.kind} ${r.name}`, changes: false });
    }
  });

  test("declares only what a user would: no outputs, no nulls, no service defaults", () => {
    const policy = standalone.resources.find((r) => r.kind === "IpPolicy" && r.name === "office-egress")!;
    expect(policy.inputs).toEqual({ description: "Office egress", metadata: '{"team":"net"}' });
    const unnamed = standalone.resources.find((r) => r.kind === "IpPolicy" && r.name !== "office-egress")!;
    expect(unnamed.inputs).toEqual({});
    const edge = standalone.resources.find((r) => r.kind === "HttpsEdge")!;
    expect(Object.keys(edge.inputs).sort()).toEqual(["hostports", "mutualTls", "tlsTermination"]);
    expect(edge.inputs.tlsTermination).toEqual({ minVersion: "1.3" });
    const destination = standalone.resources.find((r) => r.kind === "EventDestination" && r.name === "monitoring")!;
    expect(destination.inputs).toEqual({ target: { monitoring: { apiKey: expect.any(Secret), service: "edge" } } });
  });

  test("every credential comes from secret config, named once, and none of their values is written", () => {
    const expected = [...account.credentials].flatMap(([id, paths]) => Object.keys(paths).map((p) => `${id} ${p}`));
    expect(plan.secrets.map((s) => `${s.id} ${s.path}`).sort()).toEqual(expected.sort());
    expect(new Set(plan.secrets.map((s) => s.key)).size).toBe(plan.secrets.length);
    const { files } = generateProject(snapshot, { project: "acct", ...VERSIONS });
    const text = Object.values(files).join("\n");
    for (const paths of account.credentials.values())
      for (const value of Object.values(paths)) expect(text).not.toContain(value.trim().split("\n")[1] ?? value);
    for (const s of plan.secrets) {
      expect(files["index.ts"]).toContain(`config.requireSecret("${s.key}")`);
      expect(files["README.md"]).toContain(`pulumi config set --secret ${s.key}`);
    }
  });

  test("references in the account are references in the program, declared before use", () => {
    const refsIn = (v: unknown): Ref[] =>
      v instanceof Ref ? [v] : v !== null && typeof v === "object" ? Object.values(v).flatMap(refsIn) : [];
    // Inline routes refer to backends and policies too: the edge comes after them.
    for (const each of [plan, standalone]) {
      const declaredAt = new Map(each.resources.map((r, i) => [r.variable, i]));
      let count = 0;
      each.resources.forEach((r, i) => {
        for (const ref of refsIn(r.inputs)) {
          count++;
          expect(declaredAt.get(ref.variable)).toBeLessThan(i);
        }
      });
      expect(count).toBeGreaterThan(15);
    }
    const restriction = standalone.resources.find((r) => r.kind === "IpRestriction" && r.name === "api-from-the-office")!;
    expect(restriction.inputs.ipPolicyIds).toEqual([expect.any(Ref), expect.any(Ref)]);
    // A weighted backend's children are written in the list form: each backendId is a reference, no apply.
    const weighted = standalone.resources.find((r) => r.kind === "WeightedBackend")!;
    expect(weighted.inputs.backends).toEqual([
      { backendId: expect.any(Ref), weight: 80 },
      { backendId: expect.any(Ref), weight: 20 },
    ]);
    expect(printValue(weighted.inputs.backends)).not.toMatch(/apply/);
    // The failover backend names the weighted one, which comes later in kind order: it moved after it.
    const failover = standalone.resources.findIndex((r) => r.kind === "FailoverBackend");
    expect(failover).toBeGreaterThan(standalone.resources.findIndex((r) => r.kind === "WeightedBackend"));
    // The owner is not a resource of the account: it stays a literal id.
    expect(standalone.resources.find((r) => r.kind === "ApiKey")!.inputs.ownerId).toMatch(/^usr_/);
  });

  test("names are readable, unique per kind, and valid variables; the same account gives the same files", () => {
    const plan = standalone;
    const names = plan.resources.map((r) => `${r.kind}/${r.name}`);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(plan.resources.map((r) => r.variable)).size).toBe(plan.resources.length);
    for (const r of plan.resources) expect(r.variable).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
    expect(names).toEqual(
      expect.arrayContaining([
        "IpRestriction/api-from-the-office",
        "IpRestriction/dashboard-restriction",
        "ReservedDomain/app-example-com",
        "TlsCertificate/app-example-com",
        "TlsCertificate/app-example-com-2",
        "HttpsEdge/app-example-com-443",
        "HttpsEdgeRoute/app-example-com-443-api",
        "HttpsEdgeRoute/ci-webhooks",
        "EventSource/audit-ip-policy-created-v0",
      ]),
    );
    const variables = plan.resources.map((r) => r.variable);
    expect(variables).toEqual(
      expect.arrayContaining(["ipPolicyOfficeEgress", "ipPolicy", "tlsCertificateAppExampleCom2", "httpsEdgeRouteCiWebhooks"]),
    );
    const shuffled = Object.fromEntries(Object.entries(snapshot).map(([k, list]) => [k, [...list!].reverse()]));
    for (const standaloneChildren of [false, true])
      expect(generateProject(shuffled, { project: "acct", standaloneChildren, ...VERSIONS }).files).toEqual(
        generateProject(snapshot, { project: "acct", standaloneChildren, ...VERSIONS }).files,
      );
  });

  test("every declaration keeps its resource on destroy (retainOnDelete) unless retain is off, and the README says what destroy does", () => {
    const kept = generateProject(snapshot, { project: "acct", ...VERSIONS }).files;
    const declarations = kept["index.ts"].match(/^const \w+ = new ei\.\w+\(/gm)!;
    expect(declarations).toHaveLength(plan.resources.length);
    expect(kept["index.ts"].match(/\}, \{ retainOnDelete: true \}\);$/gm)).toHaveLength(plan.resources.length);
    expect(kept["README.md"]).toMatch(
      /## What destroy and removing a declaration do\n\nEvery declaration has `\{ retainOnDelete: true \}`/,
    );
    expect(kept["README.md"]).toContain("`protect: true`");
    // Inline lists: removing an entry deletes the child, which retainOnDelete does not cover.
    expect(kept["README.md"]).toMatch(/inline on their parent \(`sources`, `routes`, `rules`\)/);
    expect(kept["README.md"]).toMatch(/Removing an entry from such a list deletes that child/);
    const deleting = generateProject(snapshot, { project: "acct", retain: false, ...VERSIONS }).files;
    expect(deleting["index.ts"]).not.toContain("retainOnDelete");
    expect(deleting["README.md"]).toMatch(/--no-retain.*\n.*\*\*deletes\*\*/);
  });
});

describe("printing", () => {
  test("slugs are lowercase words joined by hyphens, cut at a word", () => {
    expect(slug("Office egress (HQ)")).toBe("office-egress-hq");
    expect(slug("app.example.com:443")).toBe("app-example-com-443");
    expect(slug("a".repeat(30) + " " + "b".repeat(30))).toBe("a".repeat(30));
    expect(slug("!!!")).toBe("");
    expect(slug("Büro Zürich")).toBe("buro-zurich");
  });

  test("values print as TypeScript: quoted keys where needed, references and config", () => {
    const policy = new Ref("ipPolicyOffice", "ipp_1");
    expect(printValue({ ids: [policy], "X-Env": 'a"b', n: 1, on: true })).toBe(
      '{\n  ids: [ipPolicyOffice.id],\n  "X-Env": "a\\"b",\n  n: 1,\n  on: true,\n}',
    );
    expect(printValue(new Secret("routeSecret", "HttpsEdgeRoute", "r", "edghts_1/edghtsrt_1", "webhookVerification.secret"))).toBe(
      'config.requireSecret("routeSecret")',
    );
    expect(printValue([{ backendId: policy, weight: 80 }])).toBe("[\n  {\n    backendId: ipPolicyOffice.id,\n    weight: 80,\n  },\n]");
  });

  test("multi-line text prints as a template literal that evaluates to the same string", () => {
    // eslint-disable-next-line no-template-curly-in-string -- a literal `${c}`: the generator must escape it in a template
    for (const text of ["-----BEGIN X-----\nabc\n-----END X-----\n", "a`b\n${c}\\n", "tab\there\nx", 'quote"\r\n']) {
      const printed = printValue(text);
      expect(new Function(`return ${printed};`)()).toBe(text);
    }
    expect(printValue("-----BEGIN X-----\nabc\n")).toBe("`-----BEGIN X-----\nabc\n`");
  });

  test("an empty account gives a program with nothing to adopt", () => {
    const { files, plan: empty } = generateProject({}, { project: "empty", ...VERSIONS });
    expect(empty.resources).toEqual([]);
    expect(files["index.ts"]).toContain('import * as ei from "@edge-ingress/pulumi";');
    expect(files["index.ts"]).not.toContain("pulumi.Config");
    expect(files["Pulumi.yaml"]).toMatch(/^name: empty$/m);
  });
});

describe("credential declarations", () => {
  test("every credential lies in an input stored as a secret, and names an input of its kind", () => {
    const declared = Object.values(kinds).filter((decl) => decl.credentials?.length);
    expect(declared.map((decl) => decl.name).sort()).toEqual(["EventDestination", "HttpsEdgeRoute", "TlsCertificate"]);
    for (const decl of declared) {
      for (const credential of decl.credentials!) {
        const top = credential.split(".")[0];
        expect({ credential, secret: decl.secretInputs?.includes(top), input: top in decl.createSchema.shape }).toEqual({
          credential,
          secret: true,
          input: true,
        });
      }
    }
  });
});

describe("readAccount", () => {
  test("reads past the first page: 150 policies are all declared, with unique names", async () => {
    const emu = await start();
    const c = emu.client;
    try {
      for (let i = 0; i < 150; i++) await c.ipPolicies.create(i % 2 ? { description: "same" } : {});
      const { snapshot: many } = await readAccount(c);
      const { resources } = planExport(many);
      expect(resources).toHaveLength(150);
      expect(new Set(resources.map((r) => r.id)).size).toBe(150);
      expect(new Set(resources.map((r) => r.name)).size).toBe(150);
      expect(resources.map((r) => r.name)).toEqual(expect.arrayContaining(["same", "same-75", "ip-policy", "ip-policy-75"]));
    } finally {
      await c.close();
      await emu.close();
    }
  });
});
