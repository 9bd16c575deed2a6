/**
 * An update answer is not taken at face value for what was not sent: §2.10 and §2.11 show answers
 * whose `backends` is empty when only metadata was sent. Fake services answer that way here.
 */
import type { EdgeIngress } from "../../sdk";
import type { KindApi, KindDeclaration } from "../../provider/framework/kind";
import { diff, update } from "../../provider/framework/lifecycle";
import { failoverBackendKind } from "../../provider/kinds/failover-backend";
import { weightedBackendKind } from "../../provider/kinds/weighted-backend";
import { tcpEdgeKind } from "../../provider/kinds/tcp-edge";

const client = {} as EdgeIngress;
const NO_CHANGE = { changes: false, replaces: [], deleteBeforeReplace: false };

/** One stored resource; a PATCH applies what it was sent but answers `blank` in place of the fields it was not sent. */
function blankingService(base: KindDeclaration, stored: Record<string, any>, blank: Record<string, unknown>) {
  const sent: Record<string, unknown>[] = [];
  let gets = 0;
  const api: KindApi<any> = {
    create: async () => {
      throw new Error("unused");
    },
    get: async () => {
      gets++;
      return { ...stored };
    },
    update: async (_id, params) => {
      sent.push(params);
      Object.assign(stored, params);
      const answer = { ...stored, ...params };
      for (const [k, v] of Object.entries(blank)) if (!(k in params)) answer[k] = v;
      return answer;
    },
    delete: async () => undefined,
  };
  return { spec: { ...base, api: () => api } as KindDeclaration, sent, gets: () => gets };
}

const common = { id: "x", uri: "u", createdAt: "2025-01-01T00:00:00Z", description: "", metadata: "" };

test.each([
  ["FailoverBackend", failoverBackendKind, { backends: ["bkdtg_a", "bkdtg_b"] }, { backends: [] }],
  ["WeightedBackend", weightedBackendKind, { backends: { bkdtg_a: 90, bkdtg_b: 10 } }, { backends: {} }],
] as const)("a %s whose update answer blanks the backends keeps them, and shows no change after", async (_name, kind, fields, blank) => {
  const { spec: decl, sent } = blankingService(kind, { ...common, ...fields }, blank);
  const olds = { ...fields, description: "", metadata: "", uri: "u", createdAt: common.createdAt };
  const news = { ...fields, metadata: "owner=ops" };
  expect(diff(decl, "x", olds, news).changes).toBe(true);
  const { outs } = await update(decl, client, "x", olds, news);
  expect(sent).toEqual([{ metadata: "owner=ops" }]);
  expect(outs).toMatchObject({ ...fields, metadata: "owner=ops" });
  expect(diff(decl, "x", outs!, news)).toEqual(NO_CHANGE);
});

test("a sent field is taken from the answer", async () => {
  const { spec: decl } = blankingService(failoverBackendKind, { ...common, backends: ["bkdtg_a"] }, { backends: [] });
  const olds = { backends: ["bkdtg_a"], description: "", metadata: "", uri: "u", createdAt: common.createdAt };
  const news = { backends: ["bkdtg_b", "bkdtg_a"] };
  const { outs } = await update(decl, client, "x", olds, news);
  expect(outs!.backends).toEqual(["bkdtg_b", "bkdtg_a"]);
  expect(diff(decl, "x", outs!, news)).toEqual(NO_CHANGE);
});

test("an edge whose update answer blanks its hostports and modules keeps them", async () => {
  const stored = {
    ...common,
    hostports: ["a.example.com:443"],
    backend: { enabled: true, backend: { id: "bkdtg_a", uri: "u" } },
    ipRestriction: { enabled: true, ipPolicies: [{ id: "ipp_a", uri: "u" }] },
  };
  const { spec: decl } = blankingService(tcpEdgeKind, stored, { hostports: [], backend: null, ipRestriction: null });
  const olds = {
    hostports: ["a.example.com:443"],
    backend: { enabled: true, backendId: "bkdtg_a" },
    ipRestriction: { enabled: true, ipPolicyIds: ["ipp_a"] },
    description: "",
    metadata: "",
    uri: "u",
    createdAt: common.createdAt,
  };
  const news = {
    hostports: ["a.example.com:443"],
    backend: { backendId: "bkdtg_a" },
    ipRestriction: { ipPolicyIds: ["ipp_a"] },
    description: "edge",
  };
  const { outs } = await update(decl, client, "x", olds, news);
  expect(outs).toMatchObject({
    hostports: ["a.example.com:443"],
    backend: olds.backend,
    ipRestriction: olds.ipRestriction,
    description: "edge",
  });
  expect(diff(decl, "x", outs!, news)).toEqual(NO_CHANGE);
});
