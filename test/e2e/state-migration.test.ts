/**
 * State written by release 0.1.0 keeps working: test/fixtures/state-0.1.0 holds a stack's state after
 * `up` of every kind (every updatable field and module set, as the drift matrix declares them) and the
 * emulator's data at that moment. Imported into a new stack, the current code must see no change (its
 * diff over the old outputs), refresh must find none (the old `__provider` texts run read), and destroy
 * must delete everything (they run delete). See the fixture's README for how it was made.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { NotFoundError } from "../../sdk";
import { start, type Started } from "../support/emulator";
import { kinds } from "../../provider/kinds";
import { createStack, type TestStack } from "../../harness/engine";
import { expectSuccess } from "../support/engine-stack";

const FIXTURE = path.join(__dirname, "..", "fixtures", "state-0.1.0");
const made = JSON.parse(fs.readFileSync(path.join(FIXTURE, "made.json"), "utf8")) as {
  url: string;
  rootToken: string;
  passphrase: string;
  stack: string;
};

const TYPE = "pulumi-nodejs:dynamic/edgeingress:";
// 0.1.0's emulator keyed the code-hosting OAuth provider `codehost`, a placeholder the check now refuses:
// the program moves to the service's key, `github`, as a user's does. The emulator reads its old data
// file's key as `github`; the state keeps the old key, so that route, and nothing else, is updated once.
const PROGRAM = fs.readFileSync(path.join(FIXTURE, "program.json"), "utf8").replaceAll('"codehost":', '"github":');
const RENAMED = /:HttpsEdgeRoute::https-edge-route$/;
let emulator: Started;
let stack: TestStack;
let tmp: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-migration-"));
  const dataFile = path.join(tmp, "emulator.json");
  fs.copyFileSync(path.join(FIXTURE, "emulator.json"), dataFile);
  emulator = await start({ log: () => {}, dataFile, rootToken: made.rootToken });
  stack = await createStack({
    programDir: path.join(__dirname, "..", "..", "harness", "edges"),
    config: {
      "edgeingress:apiKey": { value: made.rootToken, secret: true },
      "edgeingress:apiUrl": { value: emulator.url },
      program: { value: PROGRAM },
      secrets: { value: fs.readFileSync(path.join(FIXTURE, "secrets.json"), "utf8"), secret: true },
    },
    // The fixture's secrets were encrypted with this passphrase.
    env: { EDGE_INGRESS_API_KEY: "", EDGE_INGRESS_API_URL: "", PULUMI_CONFIG_PASSPHRASE: made.passphrase },
  });
  // The same deployment at another port, under another stack name.
  const state = fs
    .readFileSync(path.join(FIXTURE, "state.json"), "utf8")
    .replaceAll(made.url, emulator.url)
    .replaceAll(`urn:pulumi:${made.stack}::`, `urn:pulumi:${stack.name}::`)
    .replaceAll(`edges-${made.stack}`, `edges-${stack.name}`);
  const file = path.join(tmp, "state.json");
  fs.writeFileSync(file, state);
  expectSuccess(await stack.run(["stack", "import", "--file", file, "--stack", stack.name, "--non-interactive"]));
});
afterAll(async () => {
  await stack?.remove();
  await emulator?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test("the fixture covers every kind", async () => {
  const { resources } = await stack.exportState();
  const stored = new Set(resources.map((r) => r.type.slice(TYPE.length)));
  for (const kind of Object.keys(kinds)) expect({ kind, stored: stored.has(kind) }).toEqual({ kind, stored: true });
});

test("preview sees no change in the old state but the renamed OAuth key's route; after up, preview --refresh sees none", async () => {
  expect(PROGRAM).toContain('"github":');
  const preview = await stack.preview();
  expectSuccess(preview);
  const changed = Object.entries(preview.ops).filter(([, ops]) => ops.some((op) => op !== "same"));
  expect(changed).toEqual([[expect.stringMatching(RENAMED), ["update"]]]);
  // The refreshed preview after it is the up's no-change check, refresh included: the plain one is skipped.
  expectSuccess(await stack.up(["--refresh"], { diffRemains: "none: the refreshed preview below checks" }));
  expectSuccess(await stack.preview({ refresh: true, expectNoChanges: true }));
});

test("destroy deletes every resource the old state holds", async () => {
  const held = (await stack.exportState()).resources.filter((r) => r.id && r.type.startsWith(TYPE));
  expect(held.length).toBeGreaterThan(30);
  expectSuccess(await stack.destroy());
  for (const r of held) {
    const kind = r.type.slice(TYPE.length);
    const left = await kinds[kind]
      .api(emulator.client)
      .get(r.id!)
      .then(
        () => "still there",
        (e: unknown) => (e instanceof NotFoundError ? "gone" : String(e)),
      );
    expect({ kind, id: r.id, left }).toEqual({ kind, id: r.id, left: "gone" });
  }
});
