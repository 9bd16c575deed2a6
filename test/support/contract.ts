/**
 * The engine contract, once per path: what the engine does with the provider's answers, each behaviour
 * proven once on a few resources in one stack, in as few engine commands as the behaviours allow (every
 * kind's rows are the protocol harness's, test/protocol/). Create with adopt (dynamic `adopt`, native
 * `import`) and `Kind.get`; secrets and outputs in state; a wrong key and a wrong URL failing loudly,
 * the resources' state untouched; an update in place, a replace and a delete-before-replace planned by
 * one preview and applied by one up; an out-of-band edit seen by a refreshed preview, the drift gate
 * failing on it and passing once `up --refresh` undoes it; destroy. `stack.up()` runs `preview
 * --expect-no-changes` after every successful up (harness/engine.ts): each up here also proves that a
 * preview right after it shows nothing. Run by test/e2e/contract.test.ts and contract-native.test.ts.
 */
import { createHash } from "node:crypto";
import { EdgeIngress } from "../../sdk";
import { registerSecret } from "../../harness/audit";
import type { CliResult, StepOp } from "../../harness/engine";
import { expectSuccess, previewText, type EngineFixture } from "./engine-stack";
import type { Program } from "./lifecycle";
import { chain, privateKeyPem } from "./pki";

type Ids = Record<string, string>;
type Stage = "create" | "change";

const { chainPem: CHAIN_PEM, leaf: LEAF } = chain({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
const KEY = privateKeyPem(LEAF.privateKey);
/** A line of the private key's base64: found in any text that holds the key, escaped or not. */
const KEY_LINE = KEY.split("\n")[1];

/**
 * The stack at `stage`: `office` changes in place, `api` is replaced (a new restriction made, then the old
 * one deleted), `domain` is replaced deleting first (a domain is reserved once: made first, the new one
 * would be refused); `legacy` adopts a hand-made policy; `seen` is another one read with `Kind.get`.
 */
function program(stage: Stage, made: { legacy: string; seen: string }): Program {
  const create = stage === "create";
  return {
    resources: [
      { kind: "IpPolicy", name: "office", args: { description: create ? "office" : "office and VPN" } },
      { kind: "IpRestriction", name: "api", args: { type: create ? "api" : "dashboard", ipPolicyIds: ["@office"] } },
      { kind: "ApiKey", name: "ci", args: { description: "ci" } },
      { kind: "TlsCertificate", name: "app", args: { certificatePem: CHAIN_PEM, privateKeyPem: "secret:key" } },
      {
        kind: "ReservedDomain",
        name: "domain",
        args: { domain: "app.example.com", certificateId: "@app", region: create ? "eu" : "us" },
      },
      // The native `import` takes the policy as the service holds it: the program declares just that.
      { kind: "IpPolicy", name: "legacy", args: { description: "made by hand", adopt: made.legacy } },
    ],
    tokens: true,
    reads: [{ kind: "IpPolicy", name: "seen", id: made.seen }],
  };
}

/** What the phases share: the stack, what was made by hand, the ids now and before the last up, the token. */
interface Run {
  fx: EngineFixture<Program>;
  initial: Record<string, string[]>;
  made: { legacy: string; seen: string };
  ids: Ids;
  was: Ids;
  token: string;
}

/** Every collection's ids, from the emulator's snapshot (its `/_emulator/*` routes are never rate limited). */
async function account(fx: EngineFixture<Program>): Promise<Record<string, string[]>> {
  const res = await fetch(`${fx.emulator.url}/_emulator/snapshot`, { headers: { Authorization: `Bearer ${fx.emulator.rootToken}` } });
  expect(res.status).toBe(200);
  const { collections } = (await res.json()) as { collections: Record<string, Array<{ id: string }>> };
  return Object.fromEntries(Object.entries(collections).map(([name, records]) => [name, records.map((r) => r.id).sort()]));
}

/**
 * Each of the stack's resources of the provider as the state holds it: its id and a digest of its inputs
 * and outputs decrypted (`--show-secrets`, never recorded by the audit; a digest, so a failure prints none).
 */
async function stateDigest(fx: EngineFixture<Program>): Promise<Record<string, { id: unknown; digest: string }>> {
  const resources = (await fx.stack.exportState({ showSecrets: true })).resources as unknown as Array<Record<string, unknown>>;
  const digest = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");
  return Object.fromEntries(
    resources
      .filter((r) => String(r.type).includes("edgeingress:") && !String(r.type).startsWith("pulumi:providers:"))
      .map((r) => [r.urn, { id: r.id, digest: digest([r.inputs, r.outputs]) }]),
  );
}

async function reread(run: Run): Promise<void> {
  run.was = run.ids;
  run.ids = (await run.fx.outputs()).ids as Ids;
}

/** A client with `token` as its key, closed after `use`. */
async function withToken(run: Run, use: (client: EdgeIngress) => Promise<void>): Promise<void> {
  const client = new EdgeIngress({ apiKey: run.token, baseURL: run.fx.emulator.url, maxRetries: 0 });
  try {
    await use(client);
  } finally {
    await client.close();
  }
}

function createPhase(run: Run): void {
  const { fx } = run;
  beforeAll(async () => {
    run.initial = await account(fx);
    run.made.legacy = (await fx.client.ipPolicies.create({ description: "made by hand" })).id;
    run.made.seen = (await fx.client.ipPolicies.create({ description: "made elsewhere" })).id;
    await fx.setSecrets({ key: KEY });
  });

  test("create: one up makes every resource, adopts one policy and reads another, and a preview after shows nothing", async () => {
    await fx.setProgram(program("create", run.made));
    expectSuccess(await fx.stack.up());
    await reread(run);
    const { ids, made } = run;
    expect(Object.keys(ids).sort()).toEqual(["api", "app", "ci", "domain", "legacy", "office"]);
    expect(await fx.client.ipPolicies.get(ids.office)).toMatchObject({ description: "office" });
    expect(await fx.client.ipRestrictions.get(ids.api)).toMatchObject({ type: "api", ipPolicies: [{ id: ids.office }] });
    expect(await fx.client.tlsCertificates.get(ids.app)).toMatchObject({ subjectCommonName: "app.example.com" });
    expect(await fx.client.reservedDomains.get(ids.domain)).toMatchObject({ region: "eu", certificate: { id: ids.app } });
    // Adopted: the hand-made policy's own id, no second one made; the read one is only read.
    expect(ids.legacy).toBe(made.legacy);
    expect((await fx.client.ipPolicies.list().toArray()).map((p) => p.id).sort()).toEqual([ids.office, made.legacy, made.seen].sort());
    expect((await fx.outputs()).reads).toEqual({ seen: { id: made.seen, description: "made elsewhere" } });
  });

  test("secrets: the API key's token and the certificate's private key are ciphertext in state, plain nowhere in it", async () => {
    run.token = (await fx.outputs()).tokens.ci as string;
    registerSecret("the contract stack's API key token", run.token);
    // The token is the key's: it works against the service.
    await withToken(run, async (viaKey) => expect((await viaKey.apiKeys.get(run.ids.ci)).id).toBe(run.ids.ci));
    const state = await fx.stack.exportState();
    const of = (kind: string, name: string) => state.resources.find((r) => r.urn === fx.urn(kind, name))!;
    const ciphertext = { ciphertext: expect.stringMatching(/^v1:/) };
    expect(of("ApiKey", "ci").outputs!.token).toMatchObject(ciphertext);
    expect(of("TlsCertificate", "app").inputs!.privateKeyPem).toMatchObject(ciphertext);
    expect(of("TlsCertificate", "app").outputs!.privateKeyPem).toMatchObject(ciphertext);
    // The checkpoint as the backend stores it, besides the export.
    for (const text of [state.raw, fx.stack.storedState()]) {
      expect(text).not.toContain(run.token);
      expect(text).not.toContain(KEY_LINE);
      expect(text).not.toContain(fx.emulator.rootToken);
    }
  });

  test("outputs: plain `stack output` shows the ids and the tokens as [secret]", async () => {
    const plain = await fx.stack.run(["stack", "output", "--stack", fx.stack.name, "--non-interactive"]);
    expectSuccess(plain);
    expect(plain.stdout).toContain(run.ids.office);
    expect(plain.stdout).toMatch(/tokens\s+.*\[secret\]/);
    expect(plain.stdout).not.toContain(run.token);
  });
}

function changePhase(run: Run): void {
  const { fx } = run;
  test("one preview plans an update in place and two replacements, and nothing else", async () => {
    await fx.setProgram(program("change", run.made));
    const preview = await fx.stack.preview();
    expectSuccess(preview);
    const planned = (kind: string, name: string) => (preview.ops[fx.urn(kind, name)] ?? []).filter((op: StepOp) => op !== "same");
    expect({
      office: planned("IpPolicy", "office"),
      api: planned("IpRestriction", "api"),
      domain: planned("ReservedDomain", "domain"),
      others: [planned("ApiKey", "ci"), planned("TlsCertificate", "app"), planned("IpPolicy", "legacy")].flat(),
    }).toEqual({ office: ["update"], api: ["replace"], domain: ["replace"], others: [] });
  });

  test("one up applies them: the same id updated; a new id for each replaced one, the old gone, the domain's deleted first", async () => {
    expectSuccess(await fx.stack.up());
    await reread(run);
    const { ids, was } = run;
    expect(ids.office).toBe(was.office);
    expect(await fx.client.ipPolicies.get(ids.office)).toMatchObject({ description: "office and VPN" });
    expect(ids.api).not.toBe(was.api);
    expect(await fx.client.ipRestrictions.get(ids.api)).toMatchObject({ type: "dashboard" });
    await expect(fx.client.ipRestrictions.get(was.api)).rejects.toMatchObject({ status: 404 });
    // The same domain on a new reservation: the service refuses a second one, so the old was deleted first.
    expect(ids.domain).not.toBe(was.domain);
    expect(await fx.client.reservedDomains.get(ids.domain)).toMatchObject({ domain: "app.example.com", region: "us" });
    await expect(fx.client.reservedDomains.get(was.domain)).rejects.toMatchObject({ status: 404 });
    expect({ ci: ids.ci, app: ids.app, legacy: ids.legacy }).toEqual({ ci: was.ci, app: was.app, legacy: was.legacy });
  });
}

/**
 * The output of an up with the stack config `key` set to `value`, which must fail; the config is then set
 * back. It must leave the stack's resources in state and the account as they were. (The provider's own
 * entry in state holds the configuration of the last run, Pulumi's way for every provider, which a
 * refresh or destroy uses until an up records another: the up after these is a plain one.)
 */
async function failedUp(run: Run, key: string, value: string, secret: boolean): Promise<string> {
  const { fx } = run;
  const [state, before] = [await stateDigest(fx), await account(fx)];
  await fx.stack.setConfig(key, { value, secret });
  let up: CliResult;
  try {
    up = await fx.stack.up();
  } finally {
    const right = key === "edgeingress:apiKey" ? fx.emulator.rootToken : fx.emulator.url;
    await fx.stack.setConfig(key, { value: right, secret });
  }
  expect(up.code).not.toBe(0);
  expect(await stateDigest(fx)).toEqual(state);
  expect(await account(fx)).toEqual(before);
  return up.stdout + up.stderr;
}

/** Native: a connection's failure is the provider's, told once under its name, before any resource. */
function expectTheProvidersOnce(fx: EngineFixture<Program>, text: string, words: string): void {
  if (fx.path !== "native") return;
  const diagnostics = text.slice(text.indexOf("Diagnostics:"));
  expect(diagnostics.split(words)).toHaveLength(2);
  expect(diagnostics).toMatch(new RegExp(`pulumi:providers:edgeingress \\(default\\):\\n\\s*error: [^\\n]*${words}`));
  expect(text).not.toMatch(/edgeingress:index:\w+ +\S+ +\*\*(\w+ )?failed\*\*|edgeingress:index:\w+ \(\S+\):\s*error/);
}

function configPhase(run: Run): void {
  const { fx } = run;
  test("a wrong API key fails up in Pulumi's words, never printing the key; the resources' state and the account untouched", async () => {
    const wrong = `tok_wrong_${"z".repeat(30)}`;
    registerSecret("a wrong API key", wrong);
    const text = await failedUp(run, "edgeingress:apiKey", wrong, true);
    expect(text).toContain("refused the API key");
    expect(text).toContain("pulumi config set --secret edgeingress:apiKey");
    expect(text).not.toContain(wrong);
    expectTheProvidersOnce(fx, text, "refused the API key");
  });

  test("a wrong API URL fails up loudly, naming the URL and the setting; the resources' state and the account untouched", async () => {
    const wrong = `${fx.emulator.url}/wrong-prefix`;
    const text = await failedUp(run, "edgeingress:apiUrl", wrong, false);
    expect(text).toContain(`${wrong} does not answer as the Edge Ingress API`);
    expect(text).toContain("pulumi config set edgeingress:apiUrl");
    expectTheProvidersOnce(fx, text, "does not answer as the Edge Ingress API");
  });
}

function driftPhase(run: Run): void {
  const { fx } = run;
  test("an edit behind the stack's back: preview --refresh plans to undo it, and the gate fails", async () => {
    await fx.client.ipPolicies.update(run.ids.office, { description: "edited by hand" });
    const gate = await fx.stack.preview({ refresh: true, expectNoChanges: true });
    expect(gate.code).not.toBe(0);
    const ops = (kind: string, name: string) => gate.ops[fx.urn(kind, name)];
    expect(ops("IpPolicy", "office")).toEqual(["refresh", "update"]);
    // Everything else is read and found as it was.
    for (const [kind, name] of [
      ["IpRestriction", "api"],
      ["ApiKey", "ci"],
      ["TlsCertificate", "app"],
      ["ReservedDomain", "domain"],
      ["IpPolicy", "legacy"],
    ])
      expect({ name, ops: ops(kind, name) }).toEqual({ name, ops: ["refresh"] });
  });

  // How the CLI draws a drift is the engine's (the protocol tier asserts the diff it draws from).
  test("the text gate a pipeline runs names the edited field with the service's value and the declared one", async () => {
    const text = await previewText(fx, { refresh: true, expectNoChanges: true });
    expect(text.code).not.toBe(0);
    expect(text.stdout).toMatch(/~ description\s*: "edited by hand" => "office and VPN"/);
    expect(text.stdout).toMatch(/1 to update/);
  });

  test("up --refresh puts it back, keeping every id, and the gate passes", async () => {
    expectSuccess(await fx.stack.up(["--refresh"]));
    await reread(run);
    expect(run.ids).toEqual(run.was);
    expect((await fx.client.ipPolicies.get(run.ids.office)).description).toBe("office and VPN");
    expectSuccess(await fx.stack.preview({ refresh: true, expectNoChanges: true }));
  });
}

function destroyPhase(run: Run): void {
  const { fx } = run;
  test("destroy deletes what the stack made and adopted, leaves what it only read, and the key's token is revoked", async () => {
    expectSuccess(await fx.stack.destroy());
    expect((await fx.stack.exportState()).resources).toEqual([]);
    const { initial, made } = run;
    expect(await account(fx)).toEqual({ ...initial, ip_policies: [...(initial.ip_policies ?? []), made.seen].sort() });
    expect((await fx.client.ipPolicies.get(made.seen)).description).toBe("made elsewhere");
    await withToken(run, (viaKey) => expect(viaKey.ipPolicies.list().toArray()).rejects.toMatchObject({ status: 401 }));
  });
}

/** The engine contract on `fx`'s path, its phases in order on one stack. */
export function contractSuite(fx: EngineFixture<Program>): void {
  const run: Run = { fx, initial: {}, made: { legacy: "", seen: "" }, ids: {}, was: {}, token: "" };
  describe("create, adopt and Kind.get; secrets and outputs", () => createPhase(run));
  describe("the provider's configuration", () => configPhase(run));
  describe("update in place, replace, replace deleting first", () => changePhase(run));
  describe("refresh and the drift gate", () => driftPhase(run));
  describe("destroy", () => destroyPhase(run));
}
