/** The order of module requests in an update (fail closed) and the partial state a failure records. */
import type { EdgeIngress } from "../../../sdk";
import { TlsEdgeCreateParams } from "../../../sdk";
import type { KindApi, KindDeclaration } from "../../../provider/framework/kind";
import { PartialStateError, update } from "../../../provider/framework/lifecycle";
import { bestValidOrder } from "../../../provider/framework/module-order";
import { tcpEdgeKind } from "../../../provider/kinds/tcp-edge";
import { tlsEdgeKind } from "../../../provider/kinds/tls-edge";

const stored = {
  hostports: ["a.example.com:1"],
  description: "",
  metadata: "",
  backend: { enabled: true, backendId: "bkdtg_old" },
  ipRestriction: null,
  uri: "u",
  createdAt: "t",
};

function recordingKind(failOn?: string): { decl: KindDeclaration; calls: string[] } {
  const calls: string[] = [];
  let current: any = { id: "edgtcp_1", ...stored, backend: { enabled: true, backend: { id: "bkdtg_old", uri: "" } } };
  const api: KindApi<any> = {
    create: async () => current,
    get: async () => {
      calls.push("GET");
      return current;
    },
    update: async (_id, params) => {
      calls.push(`PATCH ${Object.keys(params).join(",")}`);
      current = { ...current, ...params };
      return current;
    },
    delete: async () => undefined,
    replaceModule: async (_id, name, params) => {
      calls.push(`PUT ${name}`);
      if (name === failOn) throw new Error(`${name} refused`);
      const module =
        name === "backend"
          ? { enabled: true, backend: { id: params.backendId, uri: "" } }
          : { enabled: true, ipPolicies: params.ipPolicyIds.map((id: string) => ({ id, uri: "" })) };
      current = { ...current, [name]: module };
      return module;
    },
    deleteModule: async (_id, name) => {
      calls.push(`DELETE ${name}`);
      current = { ...current, [name]: null };
    },
  };
  return { decl: { ...tcpEdgeKind, api: () => api }, calls };
}

const client = {} as EdgeIngress;

test("a guard is set before the backend changes, and fields are patched between them", async () => {
  const { decl, calls } = recordingKind();
  await update(decl, client, "edgtcp_1", stored, {
    hostports: ["b.example.com:2"],
    backend: { backendId: "bkdtg_new" },
    ipRestriction: { ipPolicyIds: ["ipp_1"] },
  });
  expect(calls).toEqual(["PUT ipRestriction", "PATCH hostports", "PUT backend", "GET"]);
});

test("the backend is detached before a guard is removed", async () => {
  const { decl, calls } = recordingKind();
  const guarded = { ...stored, ipRestriction: { enabled: true, ipPolicyIds: ["ipp_1"] } };
  await update(decl, client, "edgtcp_1", guarded, { hostports: stored.hostports });
  expect(calls).toEqual(["DELETE backend", "DELETE ipRestriction", "GET"]);
});

test("a change of plain fields alone is one PATCH, whose answer gives every output (no read back)", async () => {
  const { decl, calls } = recordingKind();
  const { outs } = await update(decl, client, "edgtcp_1", stored, {
    hostports: stored.hostports,
    backend: { backendId: "bkdtg_old" },
    description: "v2",
  });
  expect(calls).toEqual(["PATCH description"]);
  expect(outs).toMatchObject({ description: "v2", backend: { enabled: true, backendId: "bkdtg_old" } });
});

test("a failed step records what was applied, so the next update carries on", async () => {
  const { decl, calls } = recordingKind("backend");
  const err = (await update(decl, client, "edgtcp_1", stored, {
    __provider: "p",
    hostports: stored.hostports,
    backend: { backendId: "bkdtg_new" },
    ipRestriction: { ipPolicyIds: ["ipp_1"] },
  }).catch((e) => e)) as PartialStateError;
  expect(err).toBeInstanceOf(PartialStateError);
  expect(calls).toEqual(["PUT ipRestriction", "PUT backend"]);
  expect(err.id).toBe("edgtcp_1");
  expect(err.message).toMatch(/could not set backend: backend refused/);
  // The guard was applied; the backend still the old one; the serialized provider kept for later calls.
  expect(err.properties).toMatchObject({
    ipRestriction: { enabled: true, ipPolicyIds: ["ipp_1"] },
    backend: { backendId: "bkdtg_old" },
    __provider: "p",
  });
});

// ---- a TLS edge: the service's rules between modules (§2.3) move steps ---------------------------------------------------

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
