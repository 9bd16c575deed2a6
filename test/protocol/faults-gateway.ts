/**
 * A stack through the provider protocol (stack.ts) on either path when things go wrong: an account at
 * its rate limit, behind a gateway that drops the idempotency extension and loses answers
 * (test/support/proxy.ts): look-alikes made by someone else are never taken, a create whose answer was
 * lost after it was applied is found (an API key's made again, so its token is known), one lost before
 * is sent again; 429s are waited through; a wrong URL fails at the provider; a deployment answering 404
 * can neither empty the state on refresh nor fake deletes on destroy.
 */
import * as fs from "node:fs";
import type * as http from "node:http";
import * as path from "node:path";
import { AUDIT_DIR_ENV } from "../../harness/audit";
import { EdgeIngress } from "../../sdk";
import { expectSuccess } from "../support/engine-stack";
import { gateway, type Gateway } from "../support/proxy";
import { typeOf, type Path } from "./hosts";
import type { ProgramJson } from "./program";
import { useProtocolStack } from "./stack";

const PROGRAM: ProgramJson = {
  resources: [
    { kind: "IpPolicy", name: "office", args: { description: "office" } },
    { kind: "ApiKey", name: "deploy", args: { description: "deploy" } },
    { kind: "TunnelGroupBackend", name: "pool", args: { description: "pool", labels: { pool: "a" } } },
  ],
  tokens: true,
};
/** The first create of each: the policy's and the key's answers lost after they were applied, the backend's before. */
const LOSE: Record<string, "after" | "before"> = { "/ip_policies": "after", "/api_keys": "after", "/backends/tunnel_group": "before" };

interface Snapshot {
  collections: Record<string, Array<{ id: string; description?: string }>>;
}

export function gatewaySuite(p: Path): void {
  /** 2 requests a second with a bucket of 2: every command meets the limit, however slowly a busy machine sends. */
  const fx = useProtocolStack(p, { rateLimit: { perMinute: 120, burst: 2, retryAfter: true } });

  let gw: Gateway;
  const firstCreates = new Set<string>();
  const lose = (req: http.IncomingMessage) => {
    const when = req.method === "POST" ? LOSE[req.url ?? ""] : undefined;
    if (!when || firstCreates.has(req.url!)) return undefined;
    firstCreates.add(req.url!);
    return when;
  };

  const snapshot = async () => JSON.parse(await fx.api.snapshot()) as Snapshot;
  const described = async (collection: string, description: string) =>
    (await snapshot()).collections[collection]?.filter((r) => r.description === description).map((r) => r.id) ?? [];
  const stackIds = async () => (await fx.outputs()).ids as Record<string, string>;
  const kinds = new Set(PROGRAM.resources!.map((r) => typeOf(p, r.kind)));
  const stateIds = async () => (await fx.stack.exportState()).resources.filter((r) => r.custom && kinds.has(r.type)).map((r) => r.id);
  const rateLimited = async () =>
    ((await fx.api.get("/_emulator/counters")).body as { totals: { rate_limited: number } }).totals.rate_limited;

  /** The stack's API key's token, once made. */
  let deployToken = "";
  /** Made by someone else before the stack's first up: the same fields as the stack's policy and key. */
  let theirs: { policy: string; key: string };

  beforeAll(async () => {
    gw = await gateway(fx.emulator.url, lose);
    await fx.stack.setConfig("edgeingress:apiUrl", { value: gw.url });
    theirs = {
      policy: (await fx.client.ipPolicies.create({ description: "office" })).id,
      key: (await fx.client.apiKeys.create({ description: "deploy" })).id,
    };
    await fx.setProgram(PROGRAM);
  });
  afterAll(async () => {
    gw.mode = "forward";
    await gw?.close();
  });

  test("up through lost answers and the rate limit: each resource made once, the look-alikes left alone, 429s waited through", async () => {
    expectSuccess(await fx.stack.up());
    expect(gw.lost.map((l) => [l.path, l.when]).sort()).toEqual(Object.entries(LOSE).sort());
    const ids = await stackIds();
    expect(ids.office).not.toBe(theirs.policy);
    expect(ids.deploy).not.toBe(theirs.key);
    expect((await described("ip_policies", "office")).sort()).toEqual([ids.office, theirs.policy].sort());
    expect((await described("api_keys", "deploy")).sort()).toEqual([ids.deploy, theirs.key].sort());
    expect(await described("tunnel_group_backends", "pool")).toEqual([ids.pool]);
    // The key made again after its lost answer: the token in state is the one that works, and a secret.
    const token = (await fx.outputs()).tokens.deploy as string;
    const viaKey = new EdgeIngress({ apiKey: token, baseURL: fx.emulator.url });
    try {
      expect((await viaKey.apiKeys.get(ids.deploy)).id).toBe(ids.deploy);
    } finally {
      await viaKey.close();
    }
    expect((await fx.stack.exportState()).raw).not.toContain(token);
    expect(await rateLimited()).toBeGreaterThan(0);
    deployToken = token;
  });

  test("the secret audit sees the run: the token from its state is registered, its output and the emulator's log recorded", () => {
    const dir = process.env[AUDIT_DIR_ENV];
    expect(dir).toBeTruthy();
    const lines = (prefix: string) =>
      fs
        .readdirSync(dir!)
        .filter((f) => f.startsWith(`${prefix}-`))
        .flatMap((f) =>
          fs
            .readFileSync(path.join(dir!, f), "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l)),
        );
    expect(lines("secrets")).toContainEqual({ kind: `${typeOf(p, "ApiKey")} outputs.token`, value: deployToken });
    const places = lines("records").map((r: { place: string }) => r.place);
    expect(places).toContainEqual(expect.stringMatching(new RegExp(`^pulumi up stdout in test/protocol/faults-gateway-${p}\\.test\\.ts`)));
    expect(places).toContainEqual(expect.stringMatching(new RegExp(`^log of protocol ${p} emulator`)));
  });

  test("a wrong API URL fails at preview, at the provider, naming the URL and the setting", async () => {
    const wrong = `${fx.emulator.url}/wrong-prefix`;
    await fx.stack.setConfig("edgeingress:apiUrl", { value: wrong });
    try {
      const preview = await fx.stack.preview();
      expect(preview.code).not.toBe(0);
      const text = preview.stdout + preview.stderr;
      expect(text).toContain(`${wrong} does not answer as the Edge Ingress API`);
      expect(text).toContain("pulumi config set edgeingress:apiUrl");
    } finally {
      await fx.stack.setConfig("edgeingress:apiUrl", { value: gw.url });
    }
  });

  test.each(["html-404", "wrong-prefix"] as const)(
    "a deployment answering %s: refresh keeps the state, destroy deletes nothing and fails",
    async (mode) => {
      const before = await stateIds();
      expect(before).toHaveLength(3);
      gw.mode = mode;
      try {
        const refresh = await fx.stack.refresh();
        expect(refresh.code).not.toBe(0);
        expect(refresh.stdout + refresh.stderr).toMatch(/does not answer as the Edge Ingress API/);
        expect(await stateIds()).toEqual(before);
        const destroy = await fx.stack.destroy();
        expect(destroy.code).not.toBe(0);
        expect(await stateIds()).toEqual(before);
      } finally {
        gw.mode = "forward";
      }
      expect(await described("ip_policies", "office")).toHaveLength(2);
    },
  );

  test("after a refreshed preview with no changes, destroy deletes the stack's resources and leaves the look-alikes as they were", async () => {
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
    const ids = await stackIds();
    expectSuccess(await fx.stack.destroy());
    expect(await described("ip_policies", "office")).toEqual([theirs.policy]);
    expect(await described("api_keys", "deploy")).toEqual([theirs.key]);
    expect(await described("tunnel_group_backends", "pool")).toEqual([]);
    expect(await stateIds()).toEqual([]);
    expect(Object.values(ids)).not.toContain(theirs.policy);
  });
}
