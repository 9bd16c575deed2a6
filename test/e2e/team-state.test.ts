/**
 * Team state in PostgreSQL: the GitOps workflow's jobs (examples/gitops) with every stack's state in a
 * throwaway PostgreSQL database (`postgres://` self-managed backend, test/support/postgres.ts), as a
 * team's runners share it: two ups of one stack at once (the stack lock refuses the second, the state
 * stays whole, a rerun converges), two stacks at once, no secret in plain text anywhere in the
 * database, and a stack written from one checkout refreshed and destroyed from a second checkout with
 * its own installed copy of the package.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { gunzipSync } from "node:zlib";
import { EdgeIngress } from "../../sdk";
import { record, registerSecret } from "../../harness/audit";
import { SIG_KEY } from "../../native/struct";
import { start, type Started } from "../support/emulator";
import { createStack, plaintextOf, runCommand, type CliResult, type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";
import { copyExample, installPackage, installShared, removeInstalls, tempDir, TRANSPILE_ONLY } from "../support/package-install";
import { startPostgres, type Postgres } from "../support/postgres";
import { runJob } from "../support/workflow";

// The first checkout: the examples as a user's repository holds them, the package installed from its tarball.
const QUICKSTART = copyExample("quickstart");
const TWO_ACCOUNTS = copyExample("two-accounts");
const TYPE = "pulumi-nodejs:dynamic/edgeingress:";

let pg: Postgres;
const emulators: Started[] = [];
const stacks: TestStack[] = [];
/** Files this suite puts beside the examples (a repository's committed Pulumi.<stack>.yaml), removed at the end. */
const stackConfigs: string[] = [];
/** Every secret the stacks used or made, searched for in the database at the end. */
const secrets = new Map<string, string>();

beforeAll(async () => {
  pg = await startPostgres();
});
beforeAll(() => installShared(), 300_000);

afterAll(async () => {
  try {
    if (pg) for (const [key, text] of await storedObjects()) record(`PostgreSQL state ${key}`, text);
    for (const stack of stacks) await stack.remove();
  } finally {
    for (const file of stackConfigs) fs.rmSync(file, { force: true });
    for (const started of emulators) await started.close();
    await pg?.stop();
    removeInstalls();
  }
});

async function emulator(): Promise<Started> {
  const started = await start({ log: () => {} });
  emulators.push(started);
  secrets.set(`emulator root token ${emulators.length}`, started.rootToken);
  registerSecret("emulator root token", started.rootToken);
  return started;
}

/** A stack of a program with its state in the database; its config file also committed beside the program, as the workflow expects. */
async function stackOf(
  programDir: string,
  options: {
    env?: Record<string, string>;
    config?: Record<string, { value: string; secret?: boolean }>;
    checkNoChangesAfterUp?: boolean;
  },
): Promise<TestStack> {
  // No NODE_PATH link to this clone: the provider process finds the package in the checkout's node_modules.
  // The programs are type-checked in examples.test.ts; here their commands only transpile them.
  const env = { ...TRANSPILE_ONLY, ...pg.env, ...options.env };
  const stack = await createStack({ programDir, backendUrl: pg.url, linkSelf: false, ...options, env });
  stacks.push(stack);
  secrets.set(`passphrase of ${stack.name}`, stack.env.PULUMI_CONFIG_PASSPHRASE!);
  const committed = path.join(programDir, `Pulumi.${stack.name}.yaml`);
  fs.copyFileSync(stack.configFile, committed);
  stackConfigs.push(committed);
  return stack;
}

/** A quickstart stack whose provider key comes from the environment, as the workflow gives it. */
const quickstartStack = (started: Started, options: { checkNoChangesAfterUp?: boolean } = {}) =>
  stackOf(QUICKSTART, { env: { EDGE_INGRESS_API_KEY: started.rootToken, EDGE_INGRESS_API_URL: started.url }, ...options });

/**
 * Every object the backend keeps (state, history, backups, locks): key and content, decoded from the
 * table's base64. The backend puts the URL's path (the database's name) before every key; it is left out here.
 */
async function storedObjects(): Promise<Array<[string, string]>> {
  const rows = (await pg.query("SELECT key, data->>'data' FROM pulumi_state ORDER BY key")).split("\n").filter(Boolean);
  return rows.map((row) => {
    const [stored, base64] = row.split("\t");
    const prefix = `${pg.database}/`;
    if (!stored.startsWith(prefix)) throw new Error(`a key of pulumi_state without the prefix ${prefix}: ${stored}`);
    const key = stored.slice(prefix.length);
    const bytes = Buffer.from(base64, "base64");
    // The backend gzips state when PULUMI_DIY_BACKEND_GZIP is set: read it either way.
    return [key, (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8")];
  });
}

const lockKeys = async () => (await storedObjects()).map(([key]) => key).filter((key) => key.startsWith(".pulumi/locks/"));

/** The API key tokens a stack holds, from `stack export --show-secrets` (the secret audit's after an up). */
async function apiKeyTokens(stack: TestStack): Promise<string[]> {
  const { resources } = await stack.exportState({ showSecrets: true });
  return resources.filter((r) => r.type === `${TYPE}ApiKey`).map((r) => plaintextOf(r.outputs?.token) as string);
}

/** The ids the stack's state holds for each kind the quickstart declares equal the ids the service lists. */
async function expectStateMatchesService(stack: TestStack, client: EdgeIngress): Promise<void> {
  const state = await stack.exportState();
  const ids = (kind: string) =>
    state.resources
      .filter((r) => r.type === `${TYPE}${kind}`)
      .map((r) => r.id)
      .sort();
  const listed = async (list: { toArray(): Promise<Array<{ id: string }>> }) => (await list.toArray()).map((x) => x.id).sort();
  expect(ids("IpPolicy")).toEqual(await listed(client.ipPolicies.list()));
  expect(ids("IpPolicyRule")).toEqual(await listed(client.ipPolicyRules.list()));
  expect(ids("IpRestriction")).toEqual(await listed(client.ipRestrictions.list()));
  expect(ids("ApiKey")).toEqual(await listed(client.apiKeys.list()));
  expect(ids("IpPolicy")).toHaveLength(1);
  expect(ids("IpPolicyRule")).toHaveLength(2);
}

async function keepTokens(stack: TestStack): Promise<void> {
  for (const [i, token] of (await apiKeyTokens(stack)).entries()) secrets.set(`API key token ${i + 1} of ${stack.name}`, token);
}

describe("PostgreSQL as the state backend", () => {
  test("the server is PostgreSQL 15 or newer, and the backend keeps its objects in pulumi_state", async () => {
    expect(Number(pg.version.split(".")[0])).toBeGreaterThanOrEqual(15);
    const started = await emulator();
    const stack = await quickstartStack(started);
    // `stack init` (createStack) made the table and stored the stack's first checkpoint under the project.
    const keys = (await storedObjects()).map(([key]) => key);
    expect(keys).toContain(`.pulumi/stacks/quickstart/${stack.name}.json`);
    // `pulumi login` prints the URL it logged in to: the password is in PGPASSWORD, not in the URL.
    const login = await stack.run(["login"]);
    expectSuccess(login);
    expect(login.stdout).toContain(`(${pg.url})`);
    await stack.remove();
    stacks.splice(stacks.indexOf(stack), 1);
    expect((await storedObjects()).map(([key]) => key)).not.toContain(`.pulumi/stacks/quickstart/${stack.name}.json`);
  });
});

describe("the workflow's up job twice at once on one stack", () => {
  let started: Started;
  let stack: TestStack;
  let runnerTemp: string;
  const job = (name: string) => runJob(name, QUICKSTART, { ...stack.env, PULUMI_STACK: stack.name, RUNNER_TEMP: runnerTemp });

  beforeAll(async () => {
    started = await emulator();
    stack = await quickstartStack(started);
    runnerTemp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-runner-"));
  });
  afterAll(() => runnerTemp && fs.rmSync(runnerTemp, { recursive: true, force: true }));

  test("the second, started while the first holds the stack lock, is refused naming the lock; the first applies", async () => {
    const first = job("up");
    // The second runner starts the moment the first's lock is in the database (the backend takes it
    // before the preview and keeps it through the update, several seconds here).
    const deadline = Date.now() + 60_000;
    let held: string[];
    while ((held = await lockKeys()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(held).toEqual([expect.stringMatching(new RegExp(`^\\.pulumi/locks/organization/quickstart/${stack.name}/[0-9a-f-]+\\.json$`))]);
    const second = await job("up");
    const firstResult = await first;

    expectSuccess(firstResult);
    expect(firstResult.stdout).toMatch(/\b6 created\b/);
    expect(second.code).not.toBe(0);
    const message = second.stdout + second.stderr;
    expect(message).toContain(
      "the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.",
    );
    // The lock is named by its place in the database, with the credentials masked, and by who holds it.
    expect(message).toMatch(
      new RegExp(
        `postgres://\\*\\*\\*\\*:\\*\\*\\*\\*@127\\.0\\.0\\.1:${pg.port}/pulumi/\\.pulumi/locks/organization/quickstart/${stack.name}/[0-9a-f-]+\\.json(\\?sslmode=disable)?: created by \\S+@\\S+ \\(pid \\d+\\)`,
      ),
    );
    expect(message).not.toContain(pg.password);
    // The refused run changed nothing and the lock went away with the first.
    expect(await lockKeys()).toEqual([]);
    await expectStateMatchesService(stack, started.client);
    await keepTokens(stack);
  });

  test("after the refusal the state is whole: it exports, and a rerun of the job converges with nothing left to change", async () => {
    const state = await stack.exportState();
    expect(state.deployment.version).toBeGreaterThanOrEqual(3);
    expect(state.resources.filter((r) => r.custom && r.type.startsWith(TYPE))).toHaveLength(5);
    const rerun = await job("up");
    expectSuccess(rerun);
    expect(rerun.stdout).toMatch(/\b6 unchanged\b/);
    // The drift gate's preview --refresh fails on any change: no further no-change preview is needed.
    expectSuccess(await job("drift-gate"));
    await expectStateMatchesService(stack, started.client);
  });

  test("started at the same instant, never both apply: a refused one names the lock, and nothing is made twice", async () => {
    const other = await emulator();
    const together = await quickstartStack(other);
    const env = { ...together.env, PULUMI_STACK: together.name, RUNNER_TEMP: runnerTemp };
    const results = await Promise.all([runJob("up", QUICKSTART, env), runJob("up", QUICKSTART, env)]);
    const applied = results.filter((r) => r.code === 0);
    expect(applied.length).toBeLessThanOrEqual(1);
    // Usually one wins; the lock is written and then checked again, so a near tie refuses both.
    for (const refused of results.filter((r) => r.code !== 0))
      expect(refused.stdout + refused.stderr).toContain("the stack is currently locked by 1 lock(s).");
    expect(await lockKeys()).toEqual([]);
    if (applied.length === 1) await expectStateMatchesService(together, other.client);
    else expect(await other.client.ipPolicies.list().toArray()).toEqual([]);
    await keepTokens(together);
  });
});

// The two stacks of the next test are the second runner's (a quickstart) and the secret search's (two
// accounts): each is up once. Their after-up previews are left out: the second runner's preview checks
// the quickstart's, and examples.test.ts › examples/two-accounts the other's.
let quickstart: { started: Started; stack: TestStack };
let twoAccounts: { production: Started; staging: Started; stack: TestStack };

test("two stacks' ups at once both succeed, each with its own state in the database", async () => {
  const [started, production, staging] = [await emulator(), await emulator(), await emulator()];
  quickstart = { started, stack: await quickstartStack(started, { checkNoChangesAfterUp: false }) };
  // Two accounts: the provider's own key as secret stack config, staging's through a Connection.
  twoAccounts = {
    production,
    staging,
    stack: await stackOf(TWO_ACCOUNTS, {
      checkNoChangesAfterUp: false,
      config: {
        "edgeingress:apiUrl": { value: production.url },
        "edgeingress:apiKey": { value: production.rootToken, secret: true },
        stagingApiUrl: { value: staging.url },
        stagingApiKey: { value: staging.rootToken, secret: true },
      },
    }),
  };
  const [a, b] = [quickstart.stack, twoAccounts.stack];
  const [upA, upB] = await Promise.all([a.up(), b.up()]);
  expectSuccess(upA);
  expectSuccess(upB);
  await expectStateMatchesService(a, started.client);
  // The two-accounts state holds what each of its accounts lists, and nothing of the quickstart's.
  const state = await b.exportState();
  for (const kind of ["IpPolicy", "ApiKey"] as const) {
    const list = kind === "IpPolicy" ? (c: EdgeIngress) => c.ipPolicies.list() : (c: EdgeIngress) => c.apiKeys.list();
    const listed = [...(await list(production.client).toArray()), ...(await list(staging.client).toArray())].map((x) => x.id);
    // A set: the program also reads one of its policies with IpPolicy.get.
    const held = new Set(state.resources.filter((r) => r.custom && r.type === `${TYPE}${kind}`).map((r) => r.id));
    expect([...held].sort()).toEqual(listed.sort());
  }
  const keys = (await storedObjects()).map(([key]) => key);
  for (const stack of [a, b]) {
    const project = stack === a ? "quickstart" : "two-accounts";
    expect(keys).toContain(`.pulumi/stacks/${project}/${stack.name}.json`);
    expect(keys.filter((key) => key.startsWith(`.pulumi/history/${project}/${stack.name}/`)).length).toBeGreaterThan(0);
    await keepTokens(stack);
  }
  expect(await lockKeys()).toEqual([]);
});

describe("a second runner: another checkout with its own node_modules", () => {
  let started: Started;
  let stack: TestStack;
  let checkout: string;
  let secondRunner: NodeJS.ProcessEnv;
  const pulumi = (args: string[]): Promise<CliResult> =>
    runCommand("pulumi", [...args, "--stack", stack.name, "--non-interactive"], { cwd: checkout, env: secondRunner });

  beforeAll(async () => {
    ({ started, stack } = quickstart);

    // The second checkout: the program's files as a repository holds them, the package installed from
    // its packed tarball into its own node_modules (as a user's package.json would have it).
    checkout = tempDir("ei-second-checkout-");
    for (const file of ["Pulumi.yaml", "index.ts", "tsconfig.json"])
      fs.copyFileSync(path.join(QUICKSTART, file), path.join(checkout, file));
    fs.copyFileSync(stack.configFile, path.join(checkout, `Pulumi.${stack.name}.yaml`));
    await installPackage(checkout, { name: "infra" });

    // Same backend, passphrase and credentials; no NODE_PATH link to this repository: the provider
    // process finds the package in the checkout's node_modules or not at all.
    secondRunner = { ...stack.env };
    delete secondRunner.NODE_PATH;
  }, 300_000);

  test("its preview of the program finds nothing to change", async () => {
    expect(fs.existsSync(path.join(checkout, "node_modules", "@edge-ingress", "pulumi", "dist", "runtime", "index.js"))).toBe(true);
    const preview = await pulumi(["preview", "--expect-no-changes"]);
    expectSuccess(preview);
    expect(preview.stdout).toMatch(/\b6 unchanged\b/);
  });

  test("its refresh reads a change made outside the pipeline into the state", async () => {
    const policyId = (await stack.outputs()).outputs.policyId as string;
    await started.client.ipPolicies.update(policyId, { description: "edited in the console" });
    expectSuccess(await pulumi(["refresh", "--yes", "--skip-preview"]));
    const policy = (await stack.exportState()).resources.find((r) => r.id === policyId);
    expect(policy?.outputs?.description).toBe("edited in the console");
  });

  test("its destroy deletes what the first checkout created and empties the state", async () => {
    expectSuccess(await pulumi(["destroy", "--yes", "--skip-preview"]));
    expect(await started.client.ipPolicies.list().toArray()).toEqual([]);
    expect(await started.client.ipPolicyRules.list().toArray()).toEqual([]);
    expect(await started.client.ipRestrictions.list().toArray()).toEqual([]);
    expect(await started.client.apiKeys.list().toArray()).toEqual([]);
    expect((await stack.exportState()).resources).toEqual([]);
  });
});

test("no secret is in plain text in the database: key tokens, the provider's key, a Connection's key, passphrases", async () => {
  // The two-accounts stack (up in "two stacks' ups at once"): the provider's own key as secret stack
  // config, staging's through a Connection.
  const { production, staging, stack } = twoAccounts;
  const tokens = await apiKeyTokens(stack);
  expect(tokens).toHaveLength(2);
  for (const [kind, value] of secrets) registerSecret(kind, value);

  const objects = await storedObjects();
  const dump = await pg.dump();
  record("pg_dump of the state database", dump);
  for (const [key, text] of objects) record(`PostgreSQL state ${key}`, text);
  // The search reads real state: the two-accounts checkpoint holds its resources and its secrets as ciphertext.
  const checkpoint = objects.find(([key]) => key === `.pulumi/stacks/two-accounts/${stack.name}.json`)?.[1] ?? "";
  const state = await stack.exportState();
  for (const resource of state.resources.filter((r) => r.custom && r.id)) expect(checkpoint).toContain(resource.id!);
  expect(checkpoint).toContain(SIG_KEY);
  expect(checkpoint).toContain('"ciphertext"');
  // The table keeps every object base64-encoded: the dump is searched as stored and as decoded.
  expect(dump).toContain(Buffer.from(objects[0][1]).toString("base64").slice(0, 40));

  const found: string[] = [];
  for (const [kind, value] of [...secrets, ["PostgreSQL password", pg.password] as const]) {
    for (const [place, text] of [["pg_dump", dump] as const, ...objects]) {
      if (text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))) found.push(`${kind} in ${place}`);
    }
  }
  expect(found).toEqual([]);
  // What was searched for: each stack's key tokens (the locked stack's, the quickstart's, the two
  // accounts' two, and the racing stack's when one of its ups applied), every emulator's root token (the
  // two-accounts provider key and Connection key among them), each stack's passphrase.
  expect([...secrets.keys()].filter((k) => k.startsWith("API key token")).length).toBeGreaterThanOrEqual(4);
  expect([...secrets.values()]).toEqual(expect.arrayContaining([production.rootToken, staging.rootToken, ...tokens]));
});
