/**
 * Every valid module configuration of an edge kind is reachable from every other in one update
 * (§2.3, §7.3): the configurations are drawn from each module's meaningful forms and kept when the
 * kind's create schema accepts them; for each ordered pair (A, B) a resource in A is updated to B through
 * the runtime against the emulator, and a read shows B (no diff).
 */
import type { EdgeIngress } from "../../sdk";
import { TlsEdgeCreateParams } from "../../sdk";
import type { KindApi, KindDeclaration } from "../../provider/framework/kind";
import { PartialStateError, update } from "../../provider/framework/lifecycle";
import { bestValidOrder, rulesHold } from "../../provider/framework/module-order";
import { declarationOf } from "../../provider/kinds";
import { tlsEdgeKind } from "../../provider/kinds/tls-edge";
import { KIND_NAMES, rowProblems } from "../support/kinds";
import { caPem } from "../support/pki";
import { useRuntime } from "./runtime-fixture";

const fixture = useRuntime();
const { runtime } = fixture;
const P = { __provider: "serialized" };
const IDP = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';
const ref = { tg: "", p1: "", ca: "", httpsEdge: "" };
let port = 21000;

beforeAll(async () => {
  const client = fixture.client;
  ref.tg = (await client.tunnelGroupBackends.create({ labels: { app: "a" } })).id;
  ref.p1 = (await client.ipPolicies.create({})).id;
  ref.ca = (await client.certificateAuthorities.create({ caPem: caPem() })).id;
  ref.httpsEdge = (await client.httpsEdges.create({ hostports: [`routes.example.com:${port++}`] })).id;
});

type Forms = Record<string, Array<() => object | undefined>>;
const absent = () => undefined;
const backend = [absent, () => ({ backendId: ref.tg })];
const ipRestriction = [absent, () => ({ ipPolicyIds: [ref.p1] })];
const mutualTls = [absent, () => ({ certificateAuthorityIds: [ref.ca] })];

/** The meaningful forms of each module of a kind (absent first); invalid combinations are dropped by the schema. */
const KINDS: Record<string, { forms: Forms; base: () => Record<string, unknown> }> = {
  TcpEdge: { forms: { backend, ipRestriction }, base: () => ({ hostports: [`tcp.example.com:${port++}`] }) },
  TlsEdge: {
    forms: {
      backend,
      ipRestriction,
      mutualTls,
      tlsTermination: [
        absent,
        () => ({}),
        () => ({ terminateAt: "edge", minVersion: "1.3" }),
        () => ({ terminateAt: "upstream" }),
        () => ({ terminateAt: "upstream", minVersion: "1.2" }), // refused by the schema (§7.3)
      ],
    },
    base: () => ({ hostports: [`tls.example.com:${port++}`] }),
  },
  HttpsEdge: {
    forms: { mutualTls, tlsTermination: [absent, () => ({}), () => ({ minVersion: "1.3" })] },
    base: () => ({ hostports: [`https.example.com:${port++}`] }),
  },
  HttpsEdgeRoute: {
    forms: {
      backend,
      ipRestriction,
      oauth: [absent, () => ({ provider: { github: {} } })],
      saml: [absent, () => ({ idpMetadata: IDP })],
    },
    base: () => ({ edgeId: ref.httpsEdge, matchType: "path_prefix", match: `/t${port++}` }),
  },
};

/** Every combination of the forms, as module inputs (absent modules left out). */
function combinations(forms: Forms): Array<Record<string, object>> {
  let out: Array<Record<string, object>> = [{}];
  for (const [name, options] of Object.entries(forms)) {
    out = out.flatMap((partial) =>
      options.map((form) => {
        const value = form();
        return value === undefined ? partial : { ...partial, [name]: value };
      }),
    );
  }
  return out;
}

const label = (modules: Record<string, object>) => JSON.stringify(modules).replace(/"(bkdtg|ipp|ca)_[^"]*"/g, '"$1_…"');

test("a row for every kind with modules, each form a module of its kind", () => {
  const modular = KIND_NAMES.filter((k) => Object.keys(declarationOf(k).modules ?? {}).length > 0);
  const plain = KIND_NAMES.filter((k) => !modular.includes(k));
  expect(rowProblems("the module transitions", Object.keys(KINDS), plain)).toEqual([]);
  const stray = Object.entries(KINDS).flatMap(([kind, { forms }]) =>
    Object.keys(forms)
      .filter((name) => !Object.hasOwn(declarationOf(kind).modules ?? {}, name))
      .map((name) => `${kind}.${name}`),
  );
  expect(stray).toEqual([]);
});

describe.each(Object.keys(KINDS))("%s", (kind) => {
  it("reaches every valid module configuration from every other in one update", async () => {
    const { forms, base } = KINDS[kind];
    const decl = declarationOf(kind);
    const probe = base();
    const all = combinations(forms);
    const configs = all.filter((modules) => decl.createSchema.safeParse({ ...probe, ...modules }).success);
    // The schema drops some combinations exactly where the kind has rules between modules.
    if (kind === "TlsEdge") expect(configs.length).toBe(28);
    else expect(configs.length).toBe(all.length);

    const failures: string[] = [];
    // Half the configurations also change a plain field, so the transitions with and without a PATCH are both covered.
    const inputsOf = (i: number) => ({ ...P, ...resourceBase, description: i % 2 ? "odd" : "", ...configs[i] });
    let resourceBase: Record<string, unknown> = {};
    let id = "";
    let outs: Record<string, unknown> = {};
    const fresh = async (i: number) => {
      if (id) await runtime.delete(kind, id, outs);
      resourceBase = base();
      ({ id, outs } = await runtime.create(kind, inputsOf(i)));
    };
    // The stored state before any step: every input at its read value.
    const holds = (props: Record<string, unknown>) => rulesHold(decl, props, {}, new Set(Object.keys(decl.createSchema.shape)))(new Set());
    /** Updates the resource from configuration `from` to `to`; after a failure it starts again in `to`. */
    const step = async (from: number, to: number) => {
      const news = inputsOf(to);
      const what = `${label(configs[from])} → ${label(configs[to])}`;
      try {
        const updated = await runtime.update(kind, id, outs, news);
        const read = await runtime.read(kind, id, updated.outs);
        outs = read.props!;
        if ((await runtime.diff(kind, id, outs, news)).changes) throw new Error("the read differs from the inputs");
        // The order search judges states made of read outputs: a valid one must pass the rules.
        if (!holds(outs)) throw new Error("the read state does not pass the create schema");
      } catch (e) {
        failures.push(`${what}: ${(e as Error).message}`);
        await fresh(to);
      }
    };
    // One resource per starting state A; it visits each later B and comes back, covering (A, B) and (B, A).
    for (let a = 0; a < configs.length; a++) {
      await fresh(a);
      for (let b = a + 1; b < configs.length; b++) {
        await step(a, b);
        await step(b, a);
      }
    }
    await runtime.delete(kind, id, outs);
    expect(failures).toEqual([]);
  });
});

// ---- the order of requests, with a recording API ---------------------------------------------------

const CA = "ca_1";
const TLS_STORED = {
  hostports: ["a.example.com:1"],
  description: "",
  metadata: "",
  backend: { enabled: true, backendId: "bkdtg_1" },
  ipRestriction: null,
  mutualTls: { enabled: true, certificateAuthorityIds: [CA] },
  tlsTermination: { enabled: true, terminateAt: "edge", minVersion: "1.2" },
  uri: "u",
  createdAt: "t",
};
const UPSTREAM = { enabled: true, terminateAt: "upstream", minVersion: null };

/** The module as the service answers a PUT of `params` (enough for these tests). */
function answer(name: string, params: any): any {
  if (name === "backend") return { enabled: params.enabled ?? true, backend: { id: params.backendId, uri: "" } };
  if (name === "ipRestriction")
    return { enabled: params.enabled ?? true, ipPolicies: params.ipPolicyIds.map((id: string) => ({ id, uri: "" })) };
  if (name === "mutualTls")
    return {
      enabled: params.enabled ?? true,
      certificateAuthorities: params.certificateAuthorityIds.map((id: string) => ({ id, uri: "" })),
    };
  const upstream = params.terminateAt === "upstream";
  return {
    enabled: params.enabled ?? true,
    terminateAt: upstream ? "upstream" : "edge",
    minVersion: params.minVersion ?? (upstream ? null : "1.2"),
  };
}

function recordingTlsEdge(stored: Record<string, any>, overrides: Partial<KindDeclaration> = {}, failOn?: string) {
  const calls: string[] = [];
  let current: any = { id: "edgtls_1", ...stored };
  for (const name of ["backend", "ipRestriction", "mutualTls", "tlsTermination"])
    current[name] = stored[name] ? answer(name, stored[name]) : null;
  const api: KindApi<any> = {
    create: async () => current,
    get: async () => {
      calls.push("GET");
      return current;
    },
    update: async (_id, params) => {
      calls.push(`PATCH ${Object.keys(params).join(",")}`);
      current = { ...current, ...params };
      for (const name of ["backend", "ipRestriction", "mutualTls", "tlsTermination"])
        if (params[name]) current[name] = answer(name, params[name]);
      return current;
    },
    delete: async () => undefined,
    replaceModule: async (_id, name, params) => {
      calls.push(`PUT ${name}`);
      if (name === failOn) throw new Error(`${name} refused`);
      current = { ...current, [name]: answer(name, params) };
      return current[name];
    },
    deleteModule: async (_id, name) => {
      calls.push(`DELETE ${name}`);
      current = { ...current, [name]: null };
    },
  };
  return { decl: { ...tlsEdgeKind, ...overrides, api: () => api }, calls };
}
const noClient = {} as EdgeIngress;

describe("the order of an update's requests", () => {
  test("mutual TLS is removed before TLS passes through to the upstream, although a guard is otherwise removed last", async () => {
    const { decl, calls } = recordingTlsEdge(TLS_STORED);
    const { outs } = await update(decl, noClient, "edgtls_1", TLS_STORED, {
      hostports: TLS_STORED.hostports,
      backend: { backendId: "bkdtg_1" },
      tlsTermination: { terminateAt: "upstream" },
    });
    expect(calls).toEqual(["DELETE mutualTls", "PUT tlsTermination", "GET"]);
    expect(outs).toMatchObject({ mutualTls: null, tlsTermination: UPSTREAM });
  });

  test("TLS ends at the edge again before mutual TLS is set, although a guard is otherwise set first", async () => {
    const stored = { ...TLS_STORED, mutualTls: null, tlsTermination: UPSTREAM };
    const { decl, calls } = recordingTlsEdge(stored);
    await update(decl, noClient, "edgtls_1", stored, {
      ...TLS_STORED,
      description: "back",
      mutualTls: { certificateAuthorityIds: [CA] },
      tlsTermination: {},
    });
    // The fields' PATCH keeps its place before the non-guard module; only the rule moves tlsTermination up.
    expect(calls).toEqual(["PUT tlsTermination", "PUT mutualTls", "PATCH description", "GET"]);
  });

  test("without a rule in the way the fail-closed order is kept", async () => {
    const { decl, calls } = recordingTlsEdge(TLS_STORED);
    await update(decl, noClient, "edgtls_1", TLS_STORED, {
      hostports: TLS_STORED.hostports,
      ipRestriction: { ipPolicyIds: ["ipp_1"] },
      tlsTermination: { minVersion: "1.3" },
    });
    expect(calls).toEqual(["DELETE backend", "PUT ipRestriction", "PUT tlsTermination", "DELETE mutualTls", "GET"]);
  });

  test("a failing step of a reordered update records what was applied", async () => {
    const { decl, calls } = recordingTlsEdge(TLS_STORED, {}, "tlsTermination");
    const err = (await update(decl, noClient, "edgtls_1", TLS_STORED, {
      __provider: "p",
      hostports: TLS_STORED.hostports,
      backend: { backendId: "bkdtg_1" },
      tlsTermination: { terminateAt: "upstream" },
    }).catch((e) => e)) as PartialStateError;
    expect(err).toBeInstanceOf(PartialStateError);
    expect(calls).toEqual(["DELETE mutualTls", "PUT tlsTermination"]);
    expect(err.message).toMatch(/could not set tlsTermination: tlsTermination refused/);
    expect(err.properties).toMatchObject({ mutualTls: null, tlsTermination: TLS_STORED.tlsTermination, __provider: "p" });
  });

  // A rule no single module request can respect: a backend only together with an IP restriction.
  const pairedSchema = TlsEdgeCreateParams.superRefine((v, ctx) => {
    if ((v.backend === undefined) !== (v.ipRestriction === undefined))
      ctx.addIssue({ code: "custom", path: ["backend"], message: "only with ipRestriction" });
  });
  const bare = { ...TLS_STORED, backend: null, mutualTls: null, tlsTermination: null };
  const paired = {
    hostports: bare.hostports,
    description: "both",
    backend: { backendId: "bkdtg_1" },
    ipRestriction: { ipPolicyIds: ["ipp_1"] },
  };

  test("where no order of single requests keeps the rules, a kind whose PATCH sets modules changes them in one PATCH", async () => {
    const { decl, calls } = recordingTlsEdge(bare, { createSchema: pairedSchema });
    const { outs } = await update(decl, noClient, "edgtls_1", bare, paired);
    expect(calls).toEqual(["PATCH description,backend,ipRestriction"]);
    expect(outs).toMatchObject({ description: "both", backend: { backendId: "bkdtg_1" }, ipRestriction: { ipPolicyIds: ["ipp_1"] } });
  });

  test("where no order keeps the rules and the PATCH takes no modules, the fail-closed order is kept (the service reports the rule)", async () => {
    const { decl, calls } = recordingTlsEdge(bare, { createSchema: pairedSchema, patchSetsModules: false });
    await update(decl, noClient, "edgtls_1", bare, paired);
    expect(calls).toEqual(["PUT ipRestriction", "PATCH description", "PUT backend", "GET"]);
  });
});

describe("bestValidOrder", () => {
  const steps = ["a", "b", "c"].map((k) => ({ what: k, keys: [k] }));
  const order = (valid: (applied: ReadonlySet<string>) => boolean) => bestValidOrder(steps, valid)?.map((s) => s.what);

  test("keeps the preference order when every state is valid", () => {
    expect(order(() => true)).toEqual(["a", "b", "c"]);
  });
  test("moves steps ahead only to let a more preferred one through", () => {
    // "a" needs "c" before it: "c" moves up, and "b" keeps its place after "a".
    expect(order((s) => !s.has("a") || s.has("c"))).toEqual(["c", "a", "b"]);
    // "a" needs "b" and "c" before it, "c" needs "b".
    expect(order((s) => (!s.has("a") || s.size === 3) && (!s.has("c") || s.has("b")))).toEqual(["b", "c", "a"]);
  });
  test("takes the most preferred step as early as any valid order allows, even where a greedy walk would not", () => {
    // Valid states: {a}, {a,d}, {a,b,d} (a first) and {b}, {b,c}, {a,b,c} (a third). Choosing the last
    // step first (the least preferred one that can be last) would give b, c, a, d.
    const valid = new Set(["", "a", "ad", "abd", "b", "bc", "abc", "abcd"]);
    const four = ["a", "b", "c", "d"].map((k) => ({ what: k, keys: [k] }));
    expect(bestValidOrder(four, (s) => valid.has([...s].sort().join("")))?.map((s) => s.what)).toEqual(["a", "d", "b", "c"]);
  });
  test("gives none when the end state breaks a rule or no order avoids a broken state", () => {
    expect(order((s) => s.size < 3)).toBeUndefined();
    expect(order((s) => s.size !== 1)).toBeUndefined();
  });
});
