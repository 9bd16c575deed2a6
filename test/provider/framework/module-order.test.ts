/** The order of module requests in an update (fail closed) and the partial state a failure records. */
import type { EdgeIngress } from "../../../sdk";
import type { KindApi, KindDeclaration } from "../../../provider/framework/kind";
import { PartialStateError, update } from "../../../provider/framework/lifecycle";
import { tcpEdgeKind } from "../../../provider/kinds/tcp-edge";

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
