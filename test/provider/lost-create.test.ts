/** A create whose answer is lost (connection reset after sending, a 5xx) makes no duplicate. */
import { APIConnectionError, EdgeIngress } from "../../sdk";
import type { KindApi, KindSpec } from "../../provider/framework/kind";
import { create } from "../../provider/framework/lifecycle";
import { apiKeyKind } from "../../provider/api-key";
import { ipPolicyKind } from "../../provider/ip-policy";

const lostAnswer = () => new APIConnectionError(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }), { method: "POST", path: "/x" } as never);
const refused = () => new APIConnectionError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }), { method: "POST", path: "/x" } as never);

/** A service whose first `failures` creates fail the given way (applied first when `applied`). */
function flakyService(base: KindSpec, failures: Array<{ error: () => Error; applied: boolean }>) {
  const items: any[] = [];
  let n = 0;
  const api: KindApi<any> = {
    create: async (params) => {
      const failure = failures[n++];
      const item = { id: `x_${n}`, uri: "u", createdAt: new Date().toISOString(), description: "", metadata: "", token: `tok_${n}`, ownerId: "usr_1", ...params };
      if (!failure || failure.applied) items.push(item);
      if (failure) throw failure.error();
      return item;
    },
    get: async (id) => items.find((i) => i.id === id),
    update: async () => {
      throw new Error("unused");
    },
    delete: async (id) => void items.splice(items.findIndex((i) => i.id === id), 1),
  };
  const spec: KindSpec = { ...base, api: () => api, listFor: async () => items.map((i) => ({ ...i, token: null })) };
  return { spec, items };
}

const client = {} as EdgeIngress;

test("an applied create whose answer was lost is found, not made twice", async () => {
  const { spec, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: true }]);
  const res = await create(spec, client, { description: "office" });
  expect(items).toHaveLength(1);
  expect(res.id).toBe(items[0].id);
});

test("a create that was not applied is sent again", async () => {
  const { spec, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: false }]);
  const res = await create(spec, client, { description: "office" });
  expect(items.map((i) => i.id)).toEqual([res.id]);
});

test("an API key whose answer was lost is deleted and made again, so its token is known", async () => {
  const { spec, items } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: true }]);
  const res = await create(spec, client, { description: "ci" });
  expect(items).toHaveLength(1);
  expect(res.outs.token).toBe(items[0].token);
  expect(res.id).toBe("x_2");
});

test("a failure before sending is not ambiguous: no lookup, the error stands", async () => {
  const { spec, items } = flakyService(ipPolicyKind, [{ error: refused, applied: false }]);
  await expect(create(spec, client, { description: "office" })).rejects.toBeInstanceOf(APIConnectionError);
  expect(items).toEqual([]);
});

test("two matching resources are not guessed between", async () => {
  const { spec, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: true }]);
  items.push({ id: "x_other", uri: "u", createdAt: new Date().toISOString(), description: "office", metadata: "" });
  await expect(create(spec, client, { description: "office" })).rejects.toThrow(/2 matching resources exist \(x_other, x_1\)|2 matching resources exist \(x_1, x_other\)/);
});

test("what the last attempt made is found too, not orphaned", async () => {
  const notApplied = { error: lostAnswer, applied: false };
  const { spec, items } = flakyService(ipPolicyKind, [notApplied, notApplied, notApplied, notApplied, { error: lostAnswer, applied: true }]);
  const res = await create(spec, client, { description: "office" });
  expect(items.map((i) => i.id)).toEqual([res.id]);
});

test("after the last attempt with nothing made, the error stands", async () => {
  const notApplied = { error: lostAnswer, applied: false };
  const { spec, items } = flakyService(ipPolicyKind, Array(5).fill(notApplied));
  await expect(create(spec, client, { description: "office" })).rejects.toBeInstanceOf(APIConnectionError);
  expect(items).toEqual([]);
});
