/**
 * Every program under examples/ through the real engine, run as a user runs it: the example's directory
 * copied as is into a new project, the package installed there from its packed tarball (one install per
 * run of this file, each copy's node_modules a link to it; no NODE_PATH, no path mapping), each against
 * a fresh emulator and configured through stack config only: up, no changes after (refreshed), outputs as
 * the service reports them, no secret in plain text in state, and destroy leaves nothing behind. Every
 * program is type-checked once under the example's own (stock) compiler options against the installed
 * package; the engine's commands then only transpile it (TRANSPILE_ONLY in test/support/package-install.ts).
 * Engine commands are the file's cost (seconds of CPU each): a case that changes the stack applies its
 * change with `up --json` and reads what the up did, rather than a preview before it, and reads state and
 * outputs from the one export the secret audit makes after each up.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { EmulatorOptions } from "../../emulator";
import type { EdgeIngress } from "../../sdk";
import { Client, start, type Started } from "../support/emulator";
import { isMarkedSecret, registerSecret } from "../../harness/audit";
import { REPO_ROOT, upSteps } from "../../harness/engine";
import { certificate, privateKeyPem, readSshCertificate, sshPublicKey } from "../support/pki";
import { afterUp, expectSuccess, useEngineStack, type EngineFixture } from "../support/engine-stack";
import { copyExample, EXAMPLES, installShared, removeInstalls, TRANSPILE_ONLY, typeCheckExamples } from "../support/package-install";
import { EDGES_CONFIG, expectEdgesAccount } from "../support/edges-example";

// Before any example's stack: the pack and install every copy's node_modules links to.
beforeAll(() => installShared(), 300_000);
// After every example's stack is gone (each describe's own afterAll runs first).
afterAll(removeInstalls);

/** Stack config of an example: its values, and which are secrets. */
type ExampleConfig = Record<string, { value: string; secret?: boolean }>;

/**
 * One example's stack, configured before its first test; `emulator` as the emulator takes options. After
 * each up, `preview --refresh --expect-no-changes` stands for the unrefreshed check too: the protocol tier
 * proves that one for every kind on both paths (test/protocol/lifecycle-*.test.ts). `refreshed` false: the
 * unrefreshed check only, for the examples that never claimed a refreshed one (a refresh of allowlist's
 * rules under its rate limit costs half a preview more).
 */
function useExample(name: string, config: ExampleConfig = {}, emulator: EmulatorOptions = {}, refreshed = true): EngineFixture {
  const env = TRANSPILE_ONLY;
  const checkNoChangesAfterUp = refreshed ? "refreshed" : true;
  const fx = useEngineStack(copyExample(name), name, emulator, { linkSelf: false, env, checkNoChangesAfterUp });
  beforeAll(async () => {
    for (const [key, value] of Object.entries(config)) await fx.stack.setConfig(key, value);
  });
  return fx;
}

/** The stored state (the backend's checkpoint, read without a command) holds no secret config value (nor any long line of one) in plain text. */
function expectNoSecretInState(fx: EngineFixture, config: ExampleConfig): void {
  const raw = fx.stack.storedState();
  const secrets = [
    fx.emulator.rootToken,
    ...Object.values(config)
      .filter((c) => c.secret)
      .map((c) => c.value),
  ];
  expect(secrets.length).toBeGreaterThan(1);
  for (const secret of secrets) {
    // A PEM is JSON-escaped in the export: look for each of its lines instead.
    for (const piece of [secret, ...secret.split("\n").filter((line) => line.length >= 16 && !line.startsWith("-----"))]) {
      expect(raw).not.toContain(piece);
    }
  }
}

/** Every list of the given sdk collections is empty. */
async function expectEmpty(lists: { list(): { toArray(): Promise<unknown[]> } }[]): Promise<void> {
  for (const list of lists) expect(await list.list().toArray()).toEqual([]);
}

test("every example has a Pulumi.yaml, a README, the stock tsconfig.json, a package.json depending on the package, and a test here", () => {
  const dirs = fs
    .readdirSync(EXAMPLES, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(EXAMPLES, d.name, "index.ts")));
  expect(dirs.map((d) => d.name).sort()).toEqual([
    "allowlist",
    "domains-certificates",
    "edges",
    "events",
    "quickstart",
    "ssh",
    "two-accounts",
  ]);
  // No shared tsconfig for the examples to extend: each stands alone.
  expect(fs.existsSync(path.join(EXAMPLES, "tsconfig.json"))).toBe(false);
  const read = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));
  const stock = read(path.join(REPO_ROOT, "test", "fixtures", "package-consumer", "tsconfig.json")).compilerOptions;
  const repo = read(path.join(REPO_ROOT, "package.json"));
  // The ranges a user's project would hold: what this repository builds and tests with.
  const ranges: Record<string, string> = {
    "@edge-ingress/pulumi": `^${repo.version}`,
    "@pulumi/pulumi": `^${repo.devDependencies["@pulumi/pulumi"]}`,
    typescript: repo.devDependencies.typescript,
    "@types/node": repo.devDependencies["@types/node"],
  };
  for (const { name } of dirs) {
    const dir = path.join(EXAMPLES, name);
    for (const file of ["Pulumi.yaml", "README.md", "tsconfig.json", "package.json"])
      expect([name, file, fs.existsSync(path.join(dir, file))]).toEqual([name, file, true]);
    const tsconfig = read(path.join(dir, "tsconfig.json"));
    expect({ name, tsconfig }).toEqual({ name, tsconfig: { compilerOptions: stock, files: ["index.ts"] } });
    for (const option of ["paths", "baseUrl", "esModuleInterop", "skipLibCheck"])
      expect(tsconfig.compilerOptions).not.toHaveProperty(option);
    expect(tsconfig).not.toHaveProperty("extends");
    const manifest = read(path.join(dir, "package.json"));
    expect({ name, dependencies: manifest.dependencies, devDependencies: manifest.devDependencies }).toEqual({
      name,
      dependencies: { "@edge-ingress/pulumi": ranges["@edge-ingress/pulumi"], "@pulumi/pulumi": ranges["@pulumi/pulumi"] },
      devDependencies: { typescript: ranges.typescript, "@types/node": ranges["@types/node"] },
    });
    // The program imports no subpath: `/sdk` and `/emulator` need settings the stock tsconfig lacks.
    expect(fs.readFileSync(path.join(dir, "index.ts"), "utf8")).not.toMatch(/["']@edge-ingress\/pulumi\//);
  }
});

test("a copy is the example's files and a node_modules link to the one install of the packed package", async () => {
  const shared = await installShared();
  const copy = copyExample("quickstart");
  expect(fs.readdirSync(copy).sort()).toEqual(
    [
      ...fs.readdirSync(path.join(EXAMPLES, "quickstart")).filter((f) => !/^Pulumi\..+\.yaml$/.test(f) || f === "Pulumi.yaml"),
      "node_modules",
    ].sort(),
  );
  expect(fs.realpathSync(path.join(copy, "node_modules"))).toBe(path.join(shared, "node_modules"));
  // Resolved from the copy, as the dynamic provider process resolves it (docs/engine.md): the packed build, not this clone.
  const runtime = require.resolve("@edge-ingress/pulumi/runtime", { paths: [copy] });
  expect(runtime).toBe(path.join(shared, "node_modules", "@edge-ingress", "pulumi", "dist", "runtime", "index.js"));
  const installed = JSON.parse(fs.readFileSync(path.join(shared, "node_modules", "@edge-ingress", "pulumi", "package.json"), "utf8"));
  expect(installed.version).toBe(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).version);
});

test("every example's program type-checks under its own compiler options against the installed package", async () => {
  const names = fs.readdirSync(EXAMPLES).filter((name) => fs.existsSync(path.join(EXAMPLES, name, "index.ts")));
  const options = names.map((name) => JSON.parse(fs.readFileSync(path.join(EXAMPLES, name, "tsconfig.json"), "utf8")).compilerOptions);
  // One program for all needs one set of options: every example's are the same (the stock ones, checked above).
  for (const o of options) expect(o).toEqual(options[0]);
  const copies = names.map(copyExample);
  // --listFiles: tsc names every file it checked, so a program left out could not pass unseen.
  const result = await typeCheckExamples(copies, { ...options[0], listFiles: true });
  const lines = (result.stdout + result.stderr).split("\n").filter(Boolean);
  expect({ code: result.code, diagnostics: lines.filter((line) => !fs.existsSync(line)) }).toEqual({ code: 0, diagnostics: [] });
  for (const copy of copies) expect(lines).toContain(path.join(copy, "index.ts"));
}, 300_000);

describe("examples/quickstart", () => {
  const fx = useExample("quickstart", {}, {}, false);

  test("up, no changes after; the restriction uses the policy and the key's token is a secret output", async () => {
    expectSuccess(await fx.stack.up());
    const { out } = await afterUp(fx);
    const restriction = await fx.client.ipRestrictions.get(out.restrictionId);
    expect(restriction.ipPolicies.map((p) => p.id)).toEqual([out.policyId]);
    // The policy holds real ranges: it restricts something.
    const rules = await fx.client.ipPolicyRules.list().toArray();
    expect(rules.map((r) => [r.ipPolicy.id, r.cidr]).sort()).toEqual([
      [out.policyId, "2001:db8::/32"],
      [out.policyId, "203.0.113.0/24"],
    ]);
    expect((await fx.client.apiKeys.get(out.deployKeyId)).description).toBe("Used by the deploy pipeline");
    expect(out.deployKeyToken).toEqual(expect.any(String));
    const stored = fx.stack.storedState();
    expect(stored).not.toContain(out.deployKeyToken);
    expect(stored).not.toContain(fx.emulator.rootToken);
  });

  test("destroy leaves the emulator empty", async () => {
    expectSuccess(await fx.stack.destroy());
    await expectEmpty([fx.client.ipPolicies, fx.client.ipPolicyRules, fx.client.ipRestrictions, fx.client.apiKeys]);
  });
});

describe("examples/allowlist", () => {
  // The account's rate limit bites (a small burst): the example's many rules meet it. One request a second:
  // the rules' creates go out together, and at load 30 on two cores even 5 a second was not met once.
  const fx = useExample("allowlist", {}, { rateLimit: { perMinute: 60, burst: 5 } }, false);
  let api: Client;
  beforeAll(() => {
    api = new Client(fx.emulator.url, fx.emulator.rootToken);
  });
  const RANGES = fs.readFileSync(path.join(EXAMPLES, "allowlist", "ranges.txt"), "utf8").split("\n");
  /** The service's rules of the policy, as [cidr, description], sorted (read from the snapshot: never rate limited). */
  const serviceRules = async (policyId: string) => {
    const rules = JSON.parse(await api.snapshot()).collections.ip_policy_rules as Array<{
      ip_policy_id: string;
      cidr: string;
      description: string;
    }>;
    return rules
      .filter((r) => r.ip_policy_id === policyId)
      .map((r) => [r.cidr, r.description])
      .sort();
  };

  test("up makes one rule per block of ranges.txt, IPv4 and IPv6, and an endpoints restriction using the policy; the limit bit", async () => {
    expectSuccess(await fx.stack.up());
    const { out } = await afterUp(fx);
    const blocks = RANGES.map((line) => line.split("#")[0].trim()).filter((b) => b !== "");
    expect(blocks.length).toBeGreaterThanOrEqual(24);
    expect(blocks.some((b) => b.includes(":"))).toBe(true);
    expect(out.ruleCount).toBe(blocks.length);
    const expected = blocks.map((b) => [b, b === "2001:db8:0:1::/64" ? "the origin shield" : "from ranges.txt"]).sort();
    expect(await serviceRules(out.policyId)).toEqual(expected);
    const restrictions = JSON.parse(await api.snapshot()).collections.ip_restrictions;
    expect(restrictions.map((r: Record<string, unknown>) => [r.id, r.type, r.enforced, r.ip_policy_ids])).toEqual([
      [out.restrictionId, "endpoints", false, [out.policyId]],
    ]);
    expect((await api.get("/_emulator/counters")).body.totals.rate_limited).toBeGreaterThan(0);
  });

  test("another list: a block removed and one added delete and create only those rules; a duplicate block fails naming its line", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-allowlist-"));
    try {
      const file = path.join(dir, "ranges.txt");
      const edited = RANGES.filter((line) => !line.startsWith("192.0.2.32/27") && !line.startsWith("2001:db8:5000::/36"));
      fs.writeFileSync(file, [...edited, "198.18.0.0/15 # benchmark network"].join("\n"));
      await fx.stack.setConfig("rangesFile", { value: file });
      // What the up did, step by step: only those rules changed.
      const up = await fx.stack.up(["--json"], {
        noChangesCheckedBy: "the first up's refreshed preview; a rule made or deleted: the protocol tier",
      });
      expectSuccess(up);
      const rule = (name: string) => fx.urn("IpPolicyRule", name);
      const changed = Object.fromEntries(Object.entries(upSteps(up).ops).filter(([, ops]) => !ops.every((op) => op === "same")));
      expect(changed).toEqual({
        [rule("cdn-192-0-2-32-27")]: ["delete"],
        [rule("cdn-2001-db8-5000---36")]: ["delete"],
        [rule("cdn-198-18-0-0-15")]: ["create"],
      });
      const { out } = await afterUp(fx);
      const rules = await serviceRules(out.policyId);
      expect(rules).toHaveLength(out.ruleCount);
      expect(rules).toContainEqual(["198.18.0.0/15", "benchmark network"]);
      expect(rules.map(([cidr]) => cidr)).not.toContain("192.0.2.32/27");

      fs.writeFileSync(file, ["# twice", "203.0.113.0/28", "", "203.0.113.0/28"].join("\n"));
      const twice = await fx.stack.preview();
      expect(twice.code).not.toBe(0);
      expect(twice.stdout + twice.stderr).toContain(`${file}:4: 203.0.113.0/28 is already on line 2`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("destroy leaves no rule, policy or restriction", async () => {
    expectSuccess(await fx.stack.destroy());
    const { collections } = JSON.parse(await api.snapshot());
    expect([collections.ip_policy_rules, collections.ip_policies, collections.ip_restrictions]).toEqual([[], [], []]);
  });
});

describe("examples/edges", () => {
  const config: ExampleConfig = EDGES_CONFIG;
  const fx = useExample("edges", config);

  test("up, no changes after (refreshed too); backends, routes and modules are what the program declares", async () => {
    expectSuccess(await fx.stack.up());
    const { out } = await afterUp(fx);
    expect(out.endpoints).toEqual(await expectEdgesAccount(fx, out));
  });

  test("no secret config value in plain text in state", () => expectNoSecretInState(fx, config));

  test("destroy leaves no edge, route, backend, policy or endpoint", async () => {
    expectSuccess(await fx.stack.destroy());
    const c = fx.client;
    await expectEmpty([
      c.httpsEdges,
      c.tcpEdges,
      c.tlsEdges,
      c.tunnelGroupBackends,
      c.weightedBackends,
      c.failoverBackends,
      c.ipPolicies,
      c.ipPolicyRules,
      c.endpoints,
    ]);
  });
});

describe("examples/domains-certificates", () => {
  const ca = certificate({
    subject: { CN: "Example Internal CA", O: "Example" },
    ca: true,
    keyUsages: ["cert_sign", "crl_sign"],
    keyType: "rsa",
  });
  const leaf = certificate({
    subject: { CN: "app.example.test" },
    dnsNames: ["app.example.test"],
    issuer: ca,
    extendedKeyUsages: ["server_auth"],
  });
  const config: ExampleConfig = {
    shopDomain: { value: "shop.example.test" },
    appDomain: { value: "app.example.test" },
    internalCaPem: { value: ca.pem },
    appCertificatePem: { value: leaf.pem + ca.pem },
    appPrivateKeyPem: { value: privateKeyPem(leaf.privateKey), secret: true },
  };
  const fx = useExample("domains-certificates", config);

  test("up, no changes after (refreshed too); the domains, the CA and the certificate are what the program declares", async () => {
    expectSuccess(await fx.stack.up());
    const { out } = await afterUp(fx);
    const shop = await fx.client.reservedDomains.get(out.shopDomainId);
    expect(shop.certificateManagementPolicy).toEqual({ authority: "letsencrypt", privateKeyType: "ecdsa" });
    expect(out.shopCnameTarget).toBe(shop.cnameTarget);
    expect(out.shopCnameTarget).toMatch(/\.cname\./);
    const app = await fx.client.reservedDomains.get(out.appDomainId);
    expect(app.certificate?.id).toBe(out.appCertificateId);
    expect(out.appCnameTarget).toBe(app.cnameTarget);
    const cert = await fx.client.tlsCertificates.get(out.appCertificateId);
    expect(out.appCertificateDetails).toEqual({
      subjectCommonName: "app.example.test",
      issuerCommonName: "Example Internal CA",
      notAfter: cert.notAfter,
    });
    expect(cert.serialNumber).toBe(leaf.serialHex);
    const authority = await fx.client.certificateAuthorities.get(out.internalCaId);
    expect(authority.subjectCommonName).toBe("Example Internal CA");
    expect(out.internalCaNotAfter).toBe(authority.notAfter);
  });

  test("no secret config value in plain text in state", () => expectNoSecretInState(fx, config));

  test("destroy leaves no domain, certificate (managed ones included) or CA", async () => {
    expectSuccess(await fx.stack.destroy());
    await expectEmpty([fx.client.reservedDomains, fx.client.tlsCertificates, fx.client.certificateAuthorities]);
  });
});

describe("examples/ssh", () => {
  const config: ExampleConfig = {
    agentPublicKey: { value: sshPublicKey("ed25519", "agent@build") },
    userPublicKey: { value: sshPublicKey("ecdsa", "alice@laptop") },
    bastionHostKey: { value: sshPublicKey("ed25519", "root@bastion") },
  };
  const fx = useExample("ssh", config);

  test("up, no changes after (refreshed too); both certificates are signed by the authority for their principals", async () => {
    expectSuccess(await fx.stack.up());
    const { out } = await afterUp(fx);
    const ca = await fx.client.sshCertificateAuthorities.get(out.caId);
    expect(out.caPublicKey).toBe(ca.publicKey);
    const user = readSshCertificate(out.userCertificateText, ca.publicKey);
    expect(user).toMatchObject({
      signedByCa: true,
      principals: ["alice"],
      criticalOptions: ["source-address"],
      extensions: ["permit-pty"],
    });
    expect(user.subjectKey).toBe(config.userPublicKey.value.split(" ").slice(0, 2).join(" "));
    expect((await fx.client.sshUserCertificates.get(out.userCertificateId)).certificate).toBe(out.userCertificateText);
    const host = readSshCertificate(out.hostCertificateText, ca.publicKey);
    expect(host).toMatchObject({ signedByCa: true, principals: ["bastion.example.com"] });
    expect((await fx.client.sshCredentials.get(out.agentCredentialId)).acl).toEqual(["bind:*.internal.example.com"]);
  });

  test("no secret in plain text in state (the only secret is the API credential)", () => {
    expect(fx.stack.storedState()).not.toContain(fx.emulator.rootToken);
  });

  test("destroy leaves no credential, authority or certificate", async () => {
    expectSuccess(await fx.stack.destroy());
    const c = fx.client;
    await expectEmpty([c.sshCredentials, c.sshCertificateAuthorities, c.sshUserCertificates, c.sshHostCertificates]);
  });
});

describe("examples/events", () => {
  const config: ExampleConfig = {
    auditStreamName: { value: "stream/audit-trail" },
    auditStreamAccessKeyId: { value: "AKIDEXAMPLE0001" },
    auditStreamSecretAccessKey: { value: "stream-secret-access-key-4242", secret: true },
    monitoringApiKey: { value: "monitoring-api-key-7070", secret: true },
  };
  const fx = useExample("events", config);

  test("up, no changes after (refreshed too); the subscription sends its sources' events to both destinations", async () => {
    expectSuccess(await fx.stack.up());
    const { out } = await afterUp(fx);
    const sub = await fx.client.eventSubscriptions.get(out.subscriptionId);
    expect(sub.destinations.map((d) => d.id)).toEqual([out.auditStreamId, out.monitoringId]);
    expect(sub.sources.map((s) => s.type).sort()).toEqual([...out.sourceTypes].sort());
    expect(out.sourceTypes).toHaveLength(6);
    const stream = await fx.client.eventDestinations.get(out.auditStreamId);
    expect(stream.target.stream?.auth.creds).toEqual({
      accessKeyId: "AKIDEXAMPLE0001",
      secretAccessKey: config.auditStreamSecretAccessKey.value,
    });
    expect((await fx.client.eventDestinations.get(out.monitoringId)).target.monitoring).toMatchObject({
      apiKey: config.monitoringApiKey.value,
      site: "eu",
    });
  });

  test("no secret config value in plain text in state", () => expectNoSecretInState(fx, config));

  test("destroy leaves no destination, subscription or source", async () => {
    expectSuccess(await fx.stack.destroy());
    await expectEmpty([fx.client.eventDestinations, fx.client.eventSubscriptions]);
  });
});

describe("examples/two-accounts", () => {
  // A second emulator is the staging account, reached with an API key made there (revoked once rotated);
  // the fixture's is production (stack config).
  let staging: Started;
  let stagingClient: EdgeIngress;
  let firstKey: { id: string; token: string };
  const fx = useExample("two-accounts");
  beforeAll(async () => {
    staging = await start({ log: () => {} });
    registerSecret("staging emulator root token", staging.rootToken);
    stagingClient = staging.client;
    const made = await stagingClient.apiKeys.create({ description: "first" });
    firstKey = { id: made.id, token: made.token! };
    registerSecret("staging first key", firstKey.token);
    await fx.stack.setConfig("stagingApiUrl", { value: staging.url });
    await fx.stack.setConfig("stagingApiKey", { value: firstKey.token, secret: true });
  });
  afterAll(() => staging?.close());
  const descriptions = async (c: EdgeIngress) =>
    (await c.apiKeys.list().toArray()).map((k) => k.description).filter((d) => d.endsWith("deploys"));

  test("up puts each resource in its account; no changes after (refreshed too); staging's key is never plaintext in state", async () => {
    expectSuccess(await fx.stack.up());
    const { state, out } = await afterUp(fx);
    await expect(fx.client.ipPolicies.get(out.productionPolicyId)).resolves.toMatchObject({ description: "Office egress ranges" });
    await expect(stagingClient.ipPolicies.get(out.stagingPolicyId)).resolves.toMatchObject({ description: "Office egress ranges" });
    expect((await stagingClient.ipRestrictions.get(out.stagingRestrictionId)).ipPolicies.map((p) => p.id)).toEqual([out.stagingPolicyId]);
    expect((await stagingClient.ipPolicyRules.list().toArray()).map((r) => r.cidr)).toEqual(["203.0.113.0/24"]);
    expect(await descriptions(fx.client)).toEqual(["Production deploys"]);
    expect(await descriptions(stagingClient)).toEqual(["Staging deploys"]);
    expect(await fx.client.ipRestrictions.list().toArray()).toEqual([]);
    expect(out.stagingEndpointCount).toBe(0);
    expect(out.stagingPolicyUri).toBe((await stagingClient.ipPolicies.get(out.stagingPolicyId)).uri);
    expect(fx.stack.storedState()).not.toContain(firstKey.token);
    // The serialized providers name no connection: it travels with each resource, marked secret (so encrypted).
    for (const r of state.resources.filter((r) => r.custom))
      expect(String((r.outputs?.__provider as string | undefined) ?? "")).not.toContain(staging.url);
    const stagingPolicy = state.resources.find((r) => r.id === out.stagingPolicyId)!;
    expect(isMarkedSecret(stagingPolicy.outputs?.connection)).toBe(true);
  });

  test("a rotated key updates in place; the old key can then be revoked", async () => {
    const rotated = (await stagingClient.apiKeys.create({ description: "rotated" })).token!;
    registerSecret("staging rotated key", rotated);
    await fx.stack.setConfig("stagingApiKey", { value: rotated, secret: true });
    // No own no-change preview: the provider tier proves a rotated key's update leaves the new key in the
    // outputs (test/provider/connection.test.ts); the next up's refresh reads through it.
    const up = await fx.stack.up([], { noChangesCheckedBy: "the move's up --refresh below, and test/provider/connection.test.ts" });
    expectSuccess(up);
    // The up's own summary (not --json: its events show the deploy key's token in plain text, as the secret audit found).
    expect(up.stdout).toMatch(/~ 4 updated/);
    expect(up.stdout).not.toMatch(/replaced/);
    expect(await descriptions(stagingClient)).toEqual(["Staging deploys"]);
    await stagingClient.apiKeys.delete(firstKey.id);
  });

  test("pointing staging at the other account moves its resources: refreshed through the key in state, made there, deleted from staging", async () => {
    await fx.stack.setConfig("stagingApiUrl", { value: fx.emulator.url });
    await fx.stack.setConfig("stagingApiKey", { value: fx.emulator.rootToken, secret: true });
    // The refresh reads staging with the key state holds: the first one is revoked, so state holds the
    // rotated one and refresh uses it (a refused key fails naming the connection, never the key:
    // test/provider/connection.test.ts). Then what the up did, and a refreshed preview after it shows nothing.
    const up = await fx.stack.up(["--refresh"]);
    expectSuccess(up);
    expect(up.stdout).toMatch(/\+-4 replaced/);
    await expectEmpty([stagingClient.ipPolicies, stagingClient.ipPolicyRules, stagingClient.ipRestrictions]);
    expect(await descriptions(stagingClient)).toEqual([]);
    expect((await fx.client.ipPolicies.list().toArray()).length).toBe(2);
    expect((await descriptions(fx.client)).sort()).toEqual(["Production deploys", "Staging deploys"]);
  });

  test("destroy leaves both accounts empty", async () => {
    expectSuccess(await fx.stack.destroy());
    for (const c of [fx.client, stagingClient]) await expectEmpty([c.ipPolicies, c.ipPolicyRules, c.ipRestrictions]);
    expect(await descriptions(fx.client)).toEqual([]);
  });
});
