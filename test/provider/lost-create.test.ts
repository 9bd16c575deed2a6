/** A create whose answer is lost (connection reset after sending, a 5xx) makes no duplicate. */
import { APIConnectionError, EdgeIngress, RateLimitError, type ServiceInfo } from "../../sdk";
import type { KindApi, KindDeclaration } from "../../provider/framework/kind";
import { create } from "../../provider/framework/lifecycle";
import { apiKeyKind } from "../../provider/kinds/api-key";
import { ipPolicyKind } from "../../provider/kinds/ip-policy";
import { tlsCertificateKind } from "../../provider/kinds/tls-certificate";

const lostAnswer = () =>
  new APIConnectionError(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }), { method: "POST", path: "/x" } as never);
const rateLimited = () => new RateLimitError(429, "RATE_LIMITED", "slow down", {}, undefined, { method: "POST", path: "/x" });
const refused = () =>
  new APIConnectionError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }), { method: "POST", path: "/x" } as never);

/**
 * A service whose first `failures` creates fail the given way (applied first when `applied`). With
 * `keys`, it honours idempotency keys as the emulator does: a repeat answers with the first answer.
 */
let services = 0;
function flakyService(base: KindDeclaration, failures: Array<{ error: () => Error; applied: boolean }>, keys = false) {
  // Ids unique across tests: the lifecycle remembers, per process, the ids it made for other resources.
  const prefix = `x${++services}`;
  const id = (n: number) => `${prefix}_${n}`;
  const items: any[] = [];
  const byKey = new Map<string, any>();
  const sentKeys: Array<string | undefined> = [];
  let n = 0;
  const api: KindApi<any> = {
    create: async (params, options) => {
      const failure = failures[n++];
      sentKeys.push(options?.idempotencyKey);
      const replay = keys && options?.idempotencyKey ? byKey.get(options.idempotencyKey) : undefined;
      const item = replay ?? {
        id: id(n),
        uri: "u",
        createdAt: new Date().toISOString(),
        description: "",
        metadata: "",
        token: `tok_${n}`,
        ownerId: "usr_1",
        ...params,
      };
      if (!replay && (!failure || failure.applied)) {
        items.push(item);
        if (keys && options?.idempotencyKey) byKey.set(options.idempotencyKey, item);
      }
      if (failure) throw failure.error();
      return item;
    },
    get: async (id) => items.find((i) => i.id === id),
    update: async () => {
      throw new Error("unused");
    },
    delete: async (id) =>
      void items.splice(
        items.findIndex((i) => i.id === id),
        1,
      ),
  };
  const decl: KindDeclaration = { ...base, api: () => api, listFor: async () => items.map((i) => ({ ...i, token: null })) };
  return { decl, items, sentKeys, id };
}

/** The client as the lifecycle sees it: what the service's answers said (its clock, whether it honours keys). */
const serviceClient = (service: Partial<ServiceInfo> = {}) =>
  ({ service: { clockOffsetMs: 0, idempotencyKeys: false, ...service } }) as EdgeIngress;
const client = serviceClient();
/** Made by someone else a minute before the request. */
const lookAlike = (id: string, fields: Record<string, unknown>) => ({
  id,
  uri: "u",
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  description: "",
  metadata: "",
  ownerId: "usr_1",
  token: null,
  ...fields,
});

test("an applied create whose answer was lost is found, not made twice", async () => {
  const { decl, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: true }]);
  const res = await create(decl, client, { description: "office" });
  expect(items).toHaveLength(1);
  expect(res.id).toBe(items[0].id);
});

test("a create that was not applied is sent again", async () => {
  const { decl, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: false }]);
  const res = await create(decl, client, { description: "office" });
  expect(items.map((i) => i.id)).toEqual([res.id]);
});

test("an API key whose answer was lost is deleted and made again, so its token is known", async () => {
  const { decl, items, id } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: true }]);
  const res = await create(decl, client, { description: "ci" });
  expect(items).toHaveLength(1);
  expect(res.outs.token).toBe(items[0].token);
  expect(res.id).toBe(id(2));
});

test("a failure before sending is not ambiguous: no lookup, the error stands", async () => {
  const { decl, items } = flakyService(ipPolicyKind, [{ error: refused, applied: false }]);
  await expect(create(decl, client, { description: "office" })).rejects.toBeInstanceOf(APIConnectionError);
  expect(items).toEqual([]);
});

test("two matching resources made since the request are not guessed between", async () => {
  const { decl, items, id } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: true }]);
  items.push({ id: "x_other", uri: "u", createdAt: new Date().toISOString(), description: "office", metadata: "" });
  const err = await create(decl, client, { description: "office" }).catch((e: Error) => e);
  expect(err).toBeInstanceOf(Error);
  expect(String(err as Error)).toMatch(new RegExp(`cannot be told apart .*\\((x_other, ${id(1)}|${id(1)}, x_other)\\).*adopt: "<id>"`));
  expect(items.map((i) => i.id).sort()).toEqual([id(1), "x_other"]);
});

describe("a look-alike made before the request is never taken", () => {
  test("not applied: a new one is made, the look-alike is left as it is", async () => {
    const { decl, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: false }]);
    items.push(lookAlike("x_theirs", { description: "office" }));
    const res = await create(decl, client, { description: "office" });
    expect(res.id).not.toBe("x_theirs");
    expect(items.map((i) => i.id)).toEqual(["x_theirs", res.id]);
  });

  test("an API key: someone else's identical key is neither adopted nor deleted", async () => {
    const { decl, items } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: false }]);
    items.push(lookAlike("x_theirs", {}));
    const res = await create(decl, client, {});
    expect(res.id).not.toBe("x_theirs");
    expect(items.map((i) => i.id)).toEqual(["x_theirs", res.id]);
    expect(res.outs.token).toBe(items[1].token);
  });

  test("applied: ours is found beside the look-alike", async () => {
    const { decl, items } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: true }]);
    items.push(lookAlike("x_theirs", {}));
    const res = await create(decl, client, {});
    expect(items.map((i) => i.id)).toEqual(["x_theirs", res.id]);
  });
});

test("a resource this process made for another resource is never taken for a lost one", async () => {
  // The sibling's create succeeded: this process made it, for another resource.
  const first = flakyService(apiKeyKind, []);
  const sibling = await create(first.decl, client, {});
  const { decl, items } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: false }]);
  items.push({ ...first.items[0], token: null });
  const res = await create(decl, client, {});
  expect(res.id).not.toBe(sibling.id);
  expect(items.map((i) => i.id)).toEqual([sibling.id, res.id]);
});

test("without the service's clock nothing is placed: the create fails naming the candidate, nothing deleted", async () => {
  const { decl, items, id } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: true }]);
  const err = await create(decl, serviceClient({ clockOffsetMs: undefined }), {}).catch((e: Error) => e);
  expect(err).toBeInstanceOf(Error);
  expect(String(err as Error)).toMatch(new RegExp(`cannot be told apart .*\\(${id(1)}\\)`));
  expect(items.map((i) => i.id)).toEqual([id(1)]);
});

describe("a service that honours idempotency keys", () => {
  test("every attempt carries the same key, and the repeat's answer is the resource: no lookup, no delete", async () => {
    const { decl, items, sentKeys, id } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: true }], true);
    const listFor = jest.fn(decl.listFor!);
    const res = await create({ ...decl, listFor }, serviceClient({ idempotencyKeys: true }), { description: "ci" });
    expect(items.map((i) => i.id)).toEqual([id(1)]);
    expect(res.id).toBe(id(1));
    expect(res.outs.token).toBe("tok_1");
    expect(new Set(sentKeys).size).toBe(1);
    expect(sentKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(listFor).not.toHaveBeenCalled();
  });

  test("an identical key made by someone else meanwhile is left alone", async () => {
    const { decl, items } = flakyService(apiKeyKind, [{ error: lostAnswer, applied: false }], true);
    items.push({ ...lookAlike("x_theirs", {}), createdAt: new Date().toISOString() });
    const res = await create(decl, serviceClient({ idempotencyKeys: true }), {});
    expect(items.map((i) => i.id)).toEqual(["x_theirs", res.id]);
  });

  test("two creates use different keys", async () => {
    const { decl, sentKeys } = flakyService(ipPolicyKind, [], true);
    await create(decl, client, { description: "a" });
    await create(decl, client, { description: "b" });
    expect(sentKeys[0]).not.toBe(sentKeys[1]);
  });
});

test("what the last attempt made is found too, not orphaned", async () => {
  const notApplied = { error: lostAnswer, applied: false };
  const { decl, items } = flakyService(ipPolicyKind, [
    notApplied,
    notApplied,
    notApplied,
    notApplied,
    { error: lostAnswer, applied: true },
  ]);
  const res = await create(decl, client, { description: "office" });
  expect(items.map((i) => i.id)).toEqual([res.id]);
});

test("after the last attempt with nothing made, the error stands", async () => {
  const notApplied = { error: lostAnswer, applied: false };
  const { decl, items } = flakyService(ipPolicyKind, Array(5).fill(notApplied));
  await expect(create(decl, client, { description: "office" })).rejects.toBeInstanceOf(APIConnectionError);
  expect(items).toEqual([]);
});

describe("a later failure after a lost answer still finds what the lost one made", () => {
  test.each([false, true])("a 429 after an applied, lost create (keys honoured: %p)", async (keys) => {
    const { decl, items } = flakyService(
      ipPolicyKind,
      [{ error: lostAnswer, applied: true }, ...Array(4).fill({ error: rateLimited, applied: false })],
      keys,
    );
    const res = await create(decl, serviceClient({ idempotencyKeys: keys }), { description: "office" });
    expect(items.map((i) => i.id)).toEqual([res.id]);
  });

  test("a listing that fails in a way that may pass is tried again", async () => {
    const { decl, items } = flakyService(ipPolicyKind, [{ error: lostAnswer, applied: true }]);
    let listings = 0;
    const listFor = async () => {
      if (++listings === 1) throw lostAnswer();
      return items;
    };
    const res = await create({ ...decl, listFor }, client, { description: "office" });
    expect(items.map((i) => i.id)).toEqual([res.id]);
    expect(listings).toBe(2);
  });
});

test("a kind with a value the service never shows (a TLS private key) is still found after a lost create", async () => {
  const { decl, items } = flakyService(tlsCertificateKind, [{ error: lostAnswer, applied: true }]);
  // The service never returns the private key.
  const listFor = async () => items.map(({ privateKeyPem: _key, ...i }) => ({ ...i, token: null }));
  const res = await create({ ...decl, listFor }, client, { certificatePem: "CERT", privateKeyPem: "KEY" });
  expect(items.map((i) => i.id)).toEqual([res.id]);
});
