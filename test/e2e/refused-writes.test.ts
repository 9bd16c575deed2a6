/**
 * An `up` the service refuses leaves a state that previews truthfully and destroys cleanly, through the
 * real engine: an HTTPS edge route whose backend does not exist, a TCP edge's IP restriction naming a
 * policy that does not exist, and an inline rule the service refuses. After each refusal, the program
 * as refused previews the field that still differs; put back, it previews no change; and `destroy`
 * (the refused program still the last one run) deletes every resource, users before what they use.
 */
import * as path from "node:path";
import { expectSuccess, useEngineStack } from "../support/engine-stack";
import { refusingProxy, type RefusingProxy } from "../support/proxy";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

const fx = useEngineStack<{ resources: Res[] }>(path.join(__dirname, "..", "..", "harness", "edges"), "edges");

// New inline rules are refused while this is on (the service's answer to a rule it will not take).
let refuseRules = false;
let proxy: RefusingProxy;
beforeAll(async () => {
  proxy = await refusingProxy(fx.emulator.url, (req) => refuseRules && req.method === "POST" && req.url === "/ip_policy_rules", {
    status: 400,
    code: "INVALID_FIELD",
  });
});
afterAll(() => proxy?.close());

const BACKEND: Res = { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } };
const POLICY = (rules: unknown[]): Res => ({ kind: "IpPolicy", name: "guard", args: { description: "guard", rules } });
const RULES = [{ cidr: "198.51.100.0/24", action: "allow" }];
const EDGE = (backendId: string): Res => ({
  kind: "HttpsEdge",
  name: "web",
  args: { hostports: ["refused-writes.example.com:443"], routes: [{ matchType: "path_prefix", match: "/", backend: { backendId } }] },
});
const TCP = (ipPolicyIds: string[]): Res => ({
  kind: "TcpEdge",
  name: "tcp",
  args: { hostports: ["refused-writes.example.com:20443"], ipRestriction: { ipPolicyIds } },
});
const PROGRAM = [BACKEND, POLICY(RULES), EDGE("@blue"), TCP(["@guard"])];
// Each refusal runs four engine commands: longer than one test's default on a busy machine.
const FOUR_COMMANDS = 300_000;
const withOne = (res: Res) => PROGRAM.map((r) => (r.name === res.name ? res : r));

/** `preview --diff` as a reviewer reads it (text). */
const previewDiff = () =>
  fx.stack.run(["preview", "--diff", "--stack", fx.stack.name, "--config-file", fx.stack.configFile, "--non-interactive", "--color=never"]);

/** A well-formed id of `make`'s kind that exists no more. */
async function gone(make: () => Promise<{ id: string }>, remove: (id: string) => Promise<unknown>): Promise<string> {
  const { id } = await make();
  await remove(id);
  return id;
}

/**
 * The refused program's `up` fails with the service's reason; its preview names `field` with both
 * values (`old => new`) and changes only `name`; the program put back previews no change.
 */
async function refusedThenPutBack(refused: Res, reason: RegExp, shown: RegExp): Promise<void> {
  await fx.setProgram({ resources: withOne(refused) });
  const up = await fx.stack.up();
  expect(up.code).not.toBe(0);
  expect(up.stdout + up.stderr).toMatch(reason);

  const preview = await previewDiff();
  expectSuccess(preview);
  expect(preview.stdout).toMatch(shown);
  expect(preview.stdout).toMatch(/1 to update/);
  const planned = await fx.stack.preview();
  expect(Object.entries(planned.ops).filter(([, ops]) => !ops.every((op) => op === "same"))).toEqual([
    [fx.urn(refused.kind, refused.name), ["update"]],
  ]);

  await fx.setProgram({ resources: PROGRAM });
  expectSuccess(await fx.stack.preview({ expectNoChanges: true }));
}

describe("a refused write", () => {
  test("up makes the stack (through a proxy that refuses new rules on demand)", async () => {
    await fx.stack.setConfig("edgeingress:apiUrl", { value: proxy.url });
    await fx.setProgram({ resources: PROGRAM });
    expectSuccess(await fx.stack.up());
  });

  test(
    "a route whose backend does not exist: the preview names the backend id, and nothing once put back",
    async () => {
      const missing = await gone(
        () => fx.client.tunnelGroupBackends.create({ labels: { app: "gone" } }),
        (id) => fx.client.tunnelGroupBackends.delete(id),
      );
      await refusedThenPutBack(EDGE(missing), /existing backend/, new RegExp(`backendId\\s*:\\s*"bkdtg_\\w+"\\s*=>\\s*"${missing}"`));
    },
    FOUR_COMMANDS,
  );

  test(
    "an IP restriction naming a policy that does not exist: the preview names the policy id, and nothing once put back",
    async () => {
      const missing = await gone(
        () => fx.client.ipPolicies.create({}),
        (id) => fx.client.ipPolicies.delete(id),
      );
      await refusedThenPutBack(TCP([missing]), /could not set ipRestriction/, new RegExp(missing));
    },
    FOUR_COMMANDS,
  );

  test(
    "an inline rule the service refuses: the preview names the rule, and nothing once put back",
    async () => {
      refuseRules = true;
      try {
        await refusedThenPutBack(
          POLICY([...RULES, { cidr: "192.0.2.0/24", action: "deny" }]),
          /could not make the rules item/,
          /192\.0\.2\.0\/24/,
        );
      } finally {
        refuseRules = false;
      }
    },
    FOUR_COMMANDS,
  );

  test("destroy after the refused ups, the last refused program not put back, deletes everything in order", async () => {
    const missing = await gone(
      () => fx.client.tunnelGroupBackends.create({ labels: { app: "gone" } }),
      (id) => fx.client.tunnelGroupBackends.delete(id),
    );
    await fx.setProgram({ resources: withOne(EDGE(missing)) });
    expect((await fx.stack.up()).code).not.toBe(0);
    expectSuccess(await fx.stack.destroy());
    expect(await fx.client.httpsEdges.list().toArray()).toEqual([]);
    expect(await fx.client.tcpEdges.list().toArray()).toEqual([]);
    expect(await fx.client.tunnelGroupBackends.list().toArray()).toEqual([]);
    expect(await fx.client.ipPolicies.list().toArray()).toEqual([]);
  });
});
