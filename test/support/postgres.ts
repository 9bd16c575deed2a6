/**
 * A throwaway PostgreSQL server for tests that keep Pulumi state in a database (`postgres://` backend):
 * `initdb` into a temporary directory, `pg_ctl start` on a free port of 127.0.0.1 (password auth over
 * TCP; the socket lives in the same directory), one database, and at the end `pg_ctl stop` and the
 * directory removed (also when starting fails, and at process exit if a test file never got to stop it).
 *
 * The server binaries come from Debian's `postgresql` package (/usr/lib/postgresql/<major>/bin, 15 or
 * newer); scripts/postgres.sh installs it where it is missing. PostgreSQL refuses to run as root, so
 * as root the server programs run as the package's `postgres` user, which owns the directory.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { registerSecret } from "../../harness/audit";

const MIN_MAJOR = 15;
const USER = "ei";
const DATABASE = "pulumi";

export interface Postgres {
  /**
   * `postgres://ei@127.0.0.1:<port>/pulumi?sslmode=disable`, as `pulumi login` takes it: without the
   * password, which goes in `env` (PGPASSWORD), since `pulumi login` prints the URL it logged in to.
   */
  readonly url: string;
  /** The password for the backend's PostgreSQL driver: PGPASSWORD. */
  readonly env: Record<string, string>;
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  /** The server's version, e.g. "15.18". */
  readonly version: string;
  /** Runs SQL through psql; rows as lines, columns separated by a tab (`-At`). */
  query(sql: string): Promise<string>;
  /** `pg_dump` of the whole database, as SQL text. */
  dump(): Promise<string>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** The directory of the newest server binaries (15 or newer) of the machine's PostgreSQL packages. */
export function postgresBinDir(): string {
  const base = "/usr/lib/postgresql";
  const majors = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((d) => /^\d+$/.test(d))
        .map(Number)
        .sort((a, b) => b - a)
    : [];
  for (const major of majors) {
    const dir = path.join(base, String(major), "bin");
    if (major >= MIN_MAJOR && ["initdb", "pg_ctl", "psql", "pg_dump"].every((tool) => fs.existsSync(path.join(dir, tool)))) return dir;
  }
  throw new Error(
    `No PostgreSQL ${MIN_MAJOR}+ server binaries (initdb, pg_ctl) under ${base}/<version>/bin` +
      (majors.length ? ` (found ${majors.join(", ")})` : "") +
      ": run scripts/postgres.sh as root (it installs Debian's postgresql package), or apt-get install postgresql.",
  );
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }),
    );
  });
}

function check(result: Run, what: string): string {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** A port of 127.0.0.1 free a moment ago (the caller retries if another process takes it first). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<Postgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ei-postgres-"));
  const data = path.join(tmp, "data");
  const password = randomBytes(18).toString("base64url");
  registerSecret("PostgreSQL password", password);
  const baseEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: "C.UTF-8", LC_ALL: "C.UTF-8" };
  // The server programs, as the unprivileged owner of the directory when this process is root.
  const server = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args], baseEnv, tmp)
      : run(path.join(bin, tool), args, baseEnv, tmp);
  let started = false;
  const stopSync = () => {
    try {
      if (started) {
        const args = [path.join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"];
        if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", ...args], { env: baseEnv, cwd: tmp, stdio: "ignore" });
        else execFileSync(args[0], args.slice(1), { env: baseEnv, cwd: tmp, stdio: "ignore" });
      }
    } catch {
      // already stopped
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  };
  // A test run that ends without the file's afterAll still leaves no server behind.
  process.once("exit", stopSync);

  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
      fs.chownSync(tmp, uid, gid);
    }
    const pwfile = path.join(tmp, "pwfile");
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (asRoot) fs.chownSync(pwfile, fs.statSync(tmp).uid, fs.statSync(tmp).gid);
    // Password (SCRAM) over TCP, as a team's server would ask; trust on the socket, which only the
    // directory's owner can reach (pg_ctl's readiness check uses it).
    const init = [
      "-D",
      data,
      "-U",
      USER,
      `--pwfile=${pwfile}`,
      "--auth-host=scram-sha-256",
      "--auth-local=trust",
      "-E",
      "UTF8",
      "--no-locale",
      "--no-sync",
      "--no-instructions",
    ];
    check(await server("initdb", init), "initdb");
    fs.rmSync(pwfile);

    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      // Durability is not wanted from a throwaway server: no fsync makes every state write cheaper.
      const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${tmp} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
      const result = await server("pg_ctl", ["-D", data, "-l", path.join(tmp, "server.log"), "-o", options, "-w", "-t", "60", "start"]);
      if (result.code === 0) break;
      const log = fs.existsSync(path.join(tmp, "server.log")) ? fs.readFileSync(path.join(tmp, "server.log"), "utf8") : "";
      // Another process took the port between the check and the start: try another.
      if (attempt < 3 && /could not bind|Address already in use/i.test(log)) continue;
      throw new Error(`pg_ctl start exited with ${result.code}:\n${result.stderr}${result.stdout}\n--- server log\n${log}`);
    }
    started = true;

    const host = "127.0.0.1";
    const clientEnv = { ...baseEnv, PGPASSWORD: password, PGHOST: host, PGPORT: String(port), PGUSER: USER };
    const client = (tool: string, args: string[]) => run(path.join(bin, tool), args, clientEnv, os.tmpdir());
    check(await client("createdb", [DATABASE]), "createdb");
    const version = check(await client("psql", ["-d", DATABASE, "-At", "-c", "SHOW server_version"]), "psql")
      .trim()
      .split(" ")[0];

    return {
      url: `postgres://${USER}@${host}:${port}/${DATABASE}?sslmode=disable`,
      env: { PGPASSWORD: password },
      host,
      port,
      user: USER,
      password,
      database: DATABASE,
      version,
      query: async (sql) => check(await client("psql", ["-d", DATABASE, "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql]), "psql"),
      dump: async () => check(await client("pg_dump", ["-d", DATABASE]), "pg_dump"),
      async stop() {
        process.off("exit", stopSync);
        try {
          if (started) check(await server("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]), "pg_ctl stop");
          started = false;
        } finally {
          stopSync();
        }
      },
    };
  } catch (error) {
    process.off("exit", stopSync);
    stopSync();
    throw error;
  }
}
