/** The built CLI (run `npm run build` first): spawned as a user would, talked to over raw HTTP. */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { certificate, sshPublicKey, verifiedSshCertificate } from "../support/pki";
import { Client } from "../support/emulator";
import { expectError } from "./support";

const CLI = path.resolve(__dirname, "../../dist/emulator/cli.js");
const TOKEN_ENV = "EDGE_INGRESS_EMULATOR_ROOT_TOKEN";

interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Exit code, or the signal name if killed by one. */
  exit: Promise<number | string>;
}

function run(args: string[], env: Record<string, string | undefined> = {}): Cli {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, [TOKEN_ENV]: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const exit = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

/** Wait until `pick` finds something in the output so far; fail with stderr if the process exits first. */
function waitFor<T>(cli: Cli, pick: () => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = pick();
      if (found !== undefined) resolve(found);
    };
    cli.child.stdout!.on("data", check);
    cli.child.stderr!.on("data", check);
    check();
    void cli.exit.then((code) => reject(new Error(`exited ${code} early: ${cli.stderr()}`)));
  });
}

/** The first stdout line: the base URL. */
const firstLine = (cli: Cli) => waitFor(cli, () => /^(.*)\n/.exec(cli.stdout())?.[1]);

const running: Cli[] = [];
afterEach(() => {
  for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill("SIGKILL");
});

function start(args: string[], env?: Record<string, string | undefined>): Cli {
  const cli = run(args, env);
  running.push(cli);
  return cli;
}

beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` before these tests`);
});

describe("edge-ingress-emulator CLI", () => {
  test("starts with the shebang", () => {
    expect(fs.readFileSync(CLI, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  test("--port 0: first stdout line is the URL; the generated root token is on stderr; SIGTERM exits 0", async () => {
    const cli = start(["--port", "0"]);
    const url = await firstLine(cli);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = await waitFor(cli, () => /root token: (\S+)\n/.exec(cli.stderr())?.[1]);
    const api = new Client(url, token);
    expect((await api.post("/ip_policies", { description: "via cli" })).status).toBe(201);
    expect((await api.get("/ip_policies")).body.ip_policies).toHaveLength(1);
    expectError(await api.as("wrong").get("/ip_policies"), 401, "UNAUTHORIZED");
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  });

  test("--root-token is used and not printed; SIGINT exits 0", async () => {
    const cli = start(["--root-token", "given-token-123"]);
    const url = await firstLine(cli);
    expect((await new Client(url, "given-token-123").get("/api_keys")).status).toBe(200);
    expect(cli.stdout() + cli.stderr()).not.toContain("given-token-123");
    cli.child.kill("SIGINT");
    expect(await cli.exit).toBe(0);
  });

  test(`the root token can come from ${TOKEN_ENV}`, async () => {
    const cli = start(["--host", "127.0.0.1"], { [TOKEN_ENV]: "env-token-456" });
    const url = await firstLine(cli);
    expect((await new Client(url, "env-token-456").get("/api_keys")).status).toBe(200);
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  });

  test("--data keeps state across runs", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-cli-"));
    try {
      const file = path.join(dir, "state.json");
      const a = start(["--data", file, "--root-token", "t1"]);
      const urlA = await firstLine(a);
      const { id } = (await new Client(urlA, "t1").post("/ip_policies", {})).body;
      a.child.kill("SIGTERM");
      expect(await a.exit).toBe(0);

      const b = start(["--data", file, "--root-token", "t2"]);
      const urlB = await firstLine(b);
      expect((await new Client(urlB, "t2").get(`/ip_policies/${id}`)).status).toBe(200);
      b.child.kill("SIGTERM");
      expect(await b.exit).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("--base-domain and --provisioning-delay-ms; keys and pending provisioning survive a restart with --data", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-cli-"));
    try {
      const file = path.join(dir, "state.json");
      // A delay that never ends within the test: the job is still pending when the emulator stops.
      const a = start(["--data", file, "--root-token", "t1", "--base-domain", "tunnels.test", "--provisioning-delay-ms", "600000"]);
      const apiA = new Client(await firstLine(a), "t1");
      const rd = (await apiA.post("/reserved_domains", { domain: "*.example.com", certificate_management_policy: {} })).body;
      expect(rd.acme_challenge_cname_target).toMatch(/\.acme\.tunnels\.test$/);
      expect(rd.certificate_management_status.provisioning_job).not.toBeNull();
      const leaf = certificate({ subject: { CN: "kept.example.com" } });
      await apiA.post("/tls_certificates", { certificate_pem: leaf.pem, private_key_pem: leaf.keyPem });
      const ca = (await apiA.post("/ssh_certificate_authorities", { private_key_type: "ed25519" })).body;
      a.child.kill("SIGTERM");
      expect(await a.exit).toBe(0);
      // The service keeps private keys, so the data file does (it is written with mode 0600).
      const saved = fs.readFileSync(file, "utf8");
      expect(saved).toContain(JSON.stringify(leaf.keyPem).slice(1, 60));
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);

      const b = start(["--data", file, "--root-token", "t2", "--provisioning-delay-ms", "0"]);
      const apiB = new Client(await firstLine(b), "t2");
      let after = (await apiB.get(`/reserved_domains/${rd.id}`)).body;
      for (let i = 0; i < 500 && after.certificate_management_status.provisioning_job !== null; i++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        after = (await apiB.get(`/reserved_domains/${rd.id}`)).body;
      }
      expect(after.certificate_management_status.provisioning_job).toBeNull();
      expect(after.certificate).not.toBeNull();
      // The authority's private key came back: it still signs for its public key.
      const uc = (await apiB.post("/ssh_user_certificates", { ssh_certificate_authority_id: ca.id, public_key: sshPublicKey() })).body;
      verifiedSshCertificate(uc.certificate, ca.public_key);
      b.child.kill("SIGTERM");
      expect(await b.exit).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("stderr names the admin user and the bot, as GET /_emulator/principals does", async () => {
    const cli = start(["--root-token", "t-owners"]);
    const api = new Client(await firstLine(cli), "t-owners");
    const [, adminUserId, botId] = await waitFor(cli, () => /admin user: (usr_\S+), bot: (bot_\S+)\n/.exec(cli.stderr()) ?? undefined);
    expect((await api.get("/_emulator/principals")).body).toEqual({ admin_user_id: adminUserId, bot_id: botId });
    expect((await api.post("/api_keys", { owner_id: botId })).status).toBe(201);
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  });

  test.each([
    [[], false],
    [["--update-answers", "stored"], false],
    [["--update-answers", "spec"], true],
  ])("%j: what a weighted backend PATCH of metadata answers (spec-shaped: %s)", async (flags, specShaped) => {
    const cli = start(["--root-token", "t-answers", ...flags]);
    const api = new Client(await firstLine(cli), "t-answers");
    const tg = (await api.post("/backends/tunnel_group", {})).body.id;
    const wb = (await api.post("/backends/weighted", { backends: { [tg]: 1 } })).body;
    const patched = await api.patch(`/backends/weighted/${wb.id}`, { metadata: "m" });
    expect(patched.status).toBe(200);
    expect(patched.body.backends).toEqual(specShaped ? {} : { [tg]: 1 });
    expect((await api.get(`/backends/weighted/${wb.id}`)).body.backends).toEqual({ [tg]: 1 });
    cli.child.kill("SIGTERM");
    expect(await cli.exit).toBe(0);
  });

  test("--help prints usage and exits 0", async () => {
    const cli = start(["--help"]);
    expect(await cli.exit).toBe(0);
    expect(cli.stdout()).toContain("Usage: edge-ingress-emulator");
    expect(cli.stdout()).toContain("--root-token");
  });

  test.each([
    [["--nope"], /nope/],
    [["--port", "abc"], /--port/],
    [["--port", "70000"], /--port/],
    [["--port"], /port/],
    [["extra"], /extra/],
    [["--root-token", "has space"], /root token/],
    [["--base-domain", "*.x.test"], /--base-domain/],
    [["--base-domain", "Upper.test"], /--base-domain/],
    [["--provisioning-delay-ms", "-1"], /--provisioning-delay-ms/],
    [["--provisioning-delay-ms", "1.5"], /--provisioning-delay-ms/],
    [["--update-answers", "empty"], /--update-answers must be one of stored, spec/],
    [["--update-answers"], /update-answers/],
  ])("bad flags %j: a clear message and exit 2", async (args, message) => {
    const cli = start(args);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toMatch(message);
    expect(cli.stdout()).toBe("");
  });

  test("a corrupt data file: a clear error, non-zero exit, file untouched", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ei-cli-"));
    try {
      const file = path.join(dir, "state.json");
      fs.writeFileSync(file, "{ corrupt");
      const cli = start(["--data", file]);
      const code = await cli.exit;
      expect(code).not.toBe(0);
      expect(typeof code).toBe("number");
      expect(cli.stderr()).toContain(file);
      expect(cli.stdout()).toBe("");
      expect(fs.readFileSync(file, "utf8")).toBe("{ corrupt");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
