/**
 * An `up` the service refuses leaves a state that previews truthfully and destroys cleanly: an HTTPS
 * edge route whose backend does not exist, a TCP edge's IP restriction naming a policy that does not
 * exist, and an inline rule the service refuses (a proxy in front of the emulator, test/support/proxy.ts).
 * After each refusal, the program as refused previews the field that still differs; put back, it
 * previews no change; and `destroy` (the refused program still the last one run) deletes every
 * resource, users before what they use. The `preview --diff` text is the harness's rendering of the
 * step's detailed diff and old/new inputs (stack.ts): each case also asserts those, as the provider
 * answered them. test/provider/framework/refused-writes.test.ts proves the lifecycle's part.
 */
import type { PreviewStep } from "../../harness/engine";
import { expectSuccess, previewText } from "../support/engine-stack";
import { refusingProxy, type RefusingProxy } from "../support/proxy";
import type { useProtocolStack } from "./stack";

interface Res {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}

type Fixture = ReturnType<typeof useProtocolStack<{ resources: Res[] }>>;

const BACKEND: Res = { kind: "TunnelGroupBackend", name: "blue", args: { labels: { color: "blue" } } };
const POLICY = (rules: unknown[]): Res => ({ kind: "IpPolicy", name: "guard", args: { description: "guard", rules } });
const RULES = [{ cidr: "198.51.100.0/24", action: "allow" }];
const DENIED = { cidr: "192.0.2.0/24", action: "deny" };
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
// Each refusal runs four commands: on the dynamic path, longer than one test's default on a busy machine.
const FOUR_COMMANDS = 300_000;
const withOne = (res: Res) => PROGRAM.map((r) => (r.name === res.name ? res : r));

/** The value at `at` (keys and indexes) in `v`. */
const valueAt = (v: unknown, at: Array<string | number>): unknown =>
  at.reduce<any>((x, k) => (x === undefined || x === null ? undefined : x[k]), v);

/** The field a refused program still changes: where it is in the inputs, and its old and new values. */
interface Field {
  at: Array<string | number>;
  was: unknown;
  now: unknown;
  /** The native provider's detailed diff (Pulumi's dynamic-provider host answers none: the engine compares inputs). */
  detailedDiff: Record<string, unknown>;
}

/** A well-formed id of `make`'s kind that exists no more. */
async function gone(make: () => Promise<{ id: string }>, remove: (id: string) => Promise<unknown>): Promise<string> {
  const { id } = await make();
  await remove(id);
  return id;
}

export function refusedWritesSuite(fx: Fixture): void {
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

  /** `preview --diff` as a reviewer reads it (text). */
  const previewDiff = () => previewText(fx);

  /** The id the stack holds for `name`. */
  const idOf = async (name: string) => (await fx.stack.exportState()).resources.find((r) => r.urn.endsWith(`::${name}`))!.id!;

  /**
   * The refused program's `up` fails with the service's reason; its preview names `field` with both
   * values (`old => new`) and changes only `name`; the program put back previews no change.
   */
  async function refusedThenPutBack(refused: Res, reason: RegExp, shown: RegExp, field: Field): Promise<void> {
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
    // What the text is rendered from: the step's detailed diff, and its old and new inputs.
    const step = planned.steps.find((s) => s.op === "update") as PreviewStep & {
      oldState: { inputs: unknown };
      newState: { inputs: unknown };
    };
    expect(step.detailedDiff).toEqual(fx.path === "native" ? field.detailedDiff : undefined);
    expect(valueAt(step.oldState.inputs, field.at)).toEqual(field.was);
    expect(valueAt(step.newState.inputs, field.at)).toEqual(field.now);

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
        await refusedThenPutBack(EDGE(missing), /existing backend/, new RegExp(`backendId\\s*:\\s*"bkdtg_\\w+"\\s*=>\\s*"${missing}"`), {
          at: ["routes", 0, "backend", "backendId"],
          was: await idOf("blue"),
          now: missing,
          detailedDiff: { routes: "update" },
        });
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
        await refusedThenPutBack(TCP([missing]), /could not set ipRestriction/, new RegExp(missing), {
          at: ["ipRestriction", "ipPolicyIds", 0],
          was: await idOf("guard"),
          now: missing,
          detailedDiff: { ipRestriction: "update" },
        });
      },
      FOUR_COMMANDS,
    );

    test(
      "an inline rule the service refuses: the preview names the rule, and nothing once put back",
      async () => {
        refuseRules = true;
        try {
          await refusedThenPutBack(POLICY([...RULES, DENIED]), /could not make the rules item/, /192\.0\.2\.0\/24/, {
            at: ["rules", 1],
            was: undefined,
            now: DENIED,
            detailedDiff: { rules: "update" },
          });
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
}
