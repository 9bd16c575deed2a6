/**
 * A write the service refuses before any other took effect leaves the state as it was: the lifecycle
 * throws a plain error (the engine keeps the resource's inputs, outputs and dependencies), not partial
 * state (which the engine would record beside the old inputs and the new program's dependencies). A
 * refusal after some write took effect still records what was applied, with the declaration of the last
 * successful write (the inputs the engine keeps beside a partial update).
 */
import { EdgeIngress } from "../../../sdk";
import { PartialStateError, create, update } from "../../../provider/framework/lifecycle";
import { declarationOf } from "../../../provider/kinds";
import { DECLARED } from "../../../provider/framework/hidden-outputs";
import { refusingProxy } from "../../support/proxy";
import { useRuntime } from "../runtime-fixture";

const fx = useRuntime();
const P = { __provider: "serialized" };
type Props = Record<string, any>;

/** The error `work` fails with (the test fails if it succeeds). */
async function failure(work: Promise<unknown>): Promise<Error> {
  const outcome = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(Error);
  return outcome as Error;
}

/** A client whose requests `refuse` picks are answered 400 by a proxy, for the time of `work`. */
async function refusedBy<T>(refuse: (method: string, url: string) => boolean, work: (client: EdgeIngress) => Promise<T>): Promise<T> {
  const proxy = await refusingProxy(fx.emulator.url, (req) => refuse(req.method ?? "", req.url ?? ""), {
    status: 400,
    code: "INVALID_FIELD",
  });
  const client = new EdgeIngress({ apiKey: fx.emulator.rootToken, baseURL: proxy.url, maxRetries: 0 });
  try {
    return await work(client);
  } finally {
    await client.close();
    await proxy.close();
  }
}

describe("HttpsEdge inline routes", () => {
  const decl = declarationOf("HttpsEdge");
  let hosts = 0;
  const edge = (routes: Props[]): Props => ({ ...P, hostports: [`refused${++hosts}.example.com:443`], routes });
  const route = (match: string, extra: Props = {}) => ({ matchType: "path_prefix", match, ...extra });

  test("a route whose backend does not exist, refused first: a plain error naming the route and the service's reason; nothing changed", async () => {
    const backendId = (await fx.client.tunnelGroupBackends.create({ labels: { app: "web" } })).id;
    const missing = (await fx.client.tunnelGroupBackends.create({ labels: { app: "gone" } })).id;
    await fx.client.tunnelGroupBackends.delete(missing);
    const declared = edge([route("/", { backend: { backendId } })]);
    const made = await create(decl, fx.client, declared);
    const error = await failure(
      update(decl, fx.client, made.id, made.outs!, { ...declared, routes: [route("/", { backend: { backendId: missing } })] }),
    );
    expect(error).not.toBeInstanceOf(PartialStateError);
    expect(error.message).toMatch(/could not update the routes item with match \/ \(path_prefix\)/);
    expect(error.message).toMatch(/existing backend/);
    expect((await fx.client.httpsEdges.get(made.id)).routes.map((r) => r.backend?.backend.id)).toEqual([backendId]);
  });

  test("a route module refused first: a plain error; a route made before a refusal is recorded as partial state with the last write's declaration", async () => {
    const declared = edge([route("/a")]);
    const made = await create(decl, fx.client, declared);
    const guard = { ipRestriction: { ipPolicyIds: [(await fx.client.ipPolicies.create({})).id] } };
    const guarded = route("/a", guard);
    const alone = await refusedBy(
      (method) => method === "PUT",
      (client) => failure(update(decl, client, made.id, made.outs!, { ...declared, routes: [guarded] })),
    );
    expect(alone).not.toBeInstanceOf(PartialStateError);
    expect(alone.message).toMatch(/could not update the routes item with match \/a .*could not set ipRestriction/);

    // A new guarded route is made first (one request), then /a's guard is refused: /b exists, and state says so.
    const partial = (await refusedBy(
      (method) => method === "PUT",
      (client) => failure(update(decl, client, made.id, made.outs!, { ...declared, routes: [guarded, route("/b", guard)] })),
    )) as PartialStateError;
    expect(partial).toBeInstanceOf(PartialStateError);
    expect(partial.properties.routes.map((r: Props) => r.match)).toEqual(["/a", "/b"]);
    expect(partial.properties[DECLARED]).toEqual(made.outs![DECLARED]);
  });
});

describe("IpPolicy inline rules", () => {
  const decl = declarationOf("IpPolicy");

  test("a new rule refused first: a plain error; the policy's rules are as they were", async () => {
    const declared = { ...P, description: "allowlist", rules: [{ cidr: "10.0.0.0/8", action: "allow" }] };
    const made = await create(decl, fx.client, declared);
    const error = await refusedBy(
      (method, url) => method === "POST" && url === "/ip_policy_rules",
      (client) =>
        failure(
          update(decl, client, made.id, made.outs!, { ...declared, rules: [...declared.rules, { cidr: "192.0.2.0/24", action: "deny" }] }),
        ),
    );
    expect(error).not.toBeInstanceOf(PartialStateError);
    expect(error.message).toMatch(/could not make the rules item with cidr 192\.0\.2\.0\/24: .*injected/);
    expect((await fx.client.ipPolicyRules.list().toArray()).filter((r) => r.ipPolicy.id === made.id).map((r) => r.cidr)).toEqual([
      "10.0.0.0/8",
    ]);
  });
});

describe("TcpEdge modules", () => {
  const decl = declarationOf("TcpEdge");

  test("a module refused first: a plain error whose cause is the service's answer", async () => {
    const declared = { ...P, hostports: ["refused-module.example.com:20001"] };
    const made = await create(decl, fx.client, declared);
    const missing = (await fx.client.ipPolicies.create({})).id;
    await fx.client.ipPolicies.delete(missing);
    const error = await failure(update(decl, fx.client, made.id, made.outs!, { ...declared, ipRestriction: { ipPolicyIds: [missing] } }));
    expect(error).not.toBeInstanceOf(PartialStateError);
    expect(error.message).toMatch(/could not set ipRestriction/);
    expect(error.cause).toMatchObject({ status: 400 });
    expect((await fx.client.tcpEdges.get(made.id)).ipRestriction ?? null).toBeNull();
  });
});
