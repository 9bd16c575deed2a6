/**
 * The two provider processes as the engine meets them, behind one gRPC client of Pulumi's
 * ResourceProvider service: the native plugin's server (in-process, as `serve` starts it) and Pulumi's
 * own dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`, in a warm child process, loading this
 * checkout's sources through ts-require.js), which deserialises each resource's `__provider` text.
 * A session is one command's provider: started, configured once, used, closed, as a `pulumi` command does.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { serve } from "../../native/listen";
import { REPO_ROOT } from "../../harness/engine";
import { record } from "../../harness/audit";

export type Path = "dynamic" | "native";
type Props = Record<string, any>;

/** The type token of a kind on a path. */
export const typeOf = (p: Path, kind: string): string =>
  p === "native" ? `edgeingress:index:${kind}` : `pulumi-nodejs:dynamic/edgeingress:${kind}`;

/** A failed call: the provider's message, and the partial state a create or update left (ErrorResourceInitFailed). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly partial?: { id: string; properties: Props; inputs: Props },
  ) {
    super(message);
  }
}

type Unary<Req, Res> = (req: Req, callback: (err: grpc.ServiceError | null, res: Res) => void) => unknown;

function partialOf(err: grpc.ServiceError): ProviderError["partial"] {
  const bin = err.metadata?.get("grpc-status-details-bin")[0];
  if (!bin) return undefined;
  const status = statusproto.Status.deserializeBinary(new Uint8Array(bin as Buffer));
  const any = status.getDetailsList().find((d) => d.getTypeName() === "pulumirpc.ErrorResourceInitFailed");
  if (!any) return undefined;
  const failed = provproto.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
  return { id: failed.getId(), properties: failed.getProperties()?.toJavaScript() ?? {}, inputs: failed.getInputs()?.toJavaScript() ?? {} };
}

const struct = (props: Props) => Struct.fromJavaScript(props as never);
const js = (s: Struct | undefined): Props => (s?.toJavaScript() as Props) ?? {};

/** One provider process's client: values go and come as the engine's (secrets as signature objects). */
export class Session {
  constructor(
    readonly path: Path,
    private readonly raw: provrpc.ResourceProviderClient,
    private readonly close_: () => Promise<void>,
    /** What the provider process wrote to stderr so far (the dynamic host's `${e}: ${e.stack}` lines); "" in-process. */
    readonly stderr: () => string = () => "",
  ) {}

  private call<Req, Res>(method: unknown, req: Req): Promise<Res> {
    return new Promise((resolve, reject) =>
      (method as Unary<Req, Res>).call(this.raw, req, (err, res) =>
        err ? reject(new ProviderError(err.details || err.message, partialOf(err))) : resolve(res),
      ),
    );
  }

  async configure(config: Props): Promise<void> {
    let args = config;
    if (this.path === "native") {
      const checked = await this.call<provproto.CheckRequest, provproto.CheckResponse>(
        this.raw.checkConfig,
        new provproto.CheckRequest().setUrn("urn:pulumi:test::protocol::pulumi:providers:edgeingress::default").setNews(struct(config)),
      );
      const failures = checked.getFailuresList().map((f) => `${f.getProperty()}: ${f.getReason()}`);
      if (failures.length) throw new ProviderError(failures.join("\n"));
      args = js(checked.getInputs());
    }
    await this.call(
      this.raw.configure,
      new provproto.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true).setAcceptresources(true),
    );
  }

  async check(urn: string, type: string, olds: Props, news: Props) {
    const res = await this.call<provproto.CheckRequest, provproto.CheckResponse>(
      this.raw.check,
      new provproto.CheckRequest().setUrn(urn).setType(type).setOlds(struct(olds)).setNews(struct(news)),
    );
    return {
      inputs: js(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(urn: string, type: string, id: string, olds: Props, news: Props, oldInputs: Props) {
    const res = await this.call<provproto.DiffRequest, provproto.DiffResponse>(
      this.raw.diff,
      new provproto.DiffRequest()
        .setUrn(urn)
        .setType(type)
        .setId(id)
        .setOlds(struct(olds))
        .setNews(struct(news))
        .setOldInputs(struct(oldInputs)),
    );
    const kinds = ["add", "add-replace", "delete", "delete-replace", "update", "update-replace"];
    return {
      changes: res.getChanges() as number,
      replaces: res.getReplacesList(),
      deleteBeforeReplace: res.getDeletebeforereplace(),
      // None when the provider gave none (Pulumi's dynamic-provider host): the engine then compares the inputs itself.
      detailedDiff: res.getHasdetaileddiff()
        ? Object.fromEntries([...res.getDetaileddiffMap().entries()].map(([k, v]) => [k, kinds[v.getKind()]]))
        : undefined,
    };
  }

  async create(urn: string, type: string, props: Props) {
    const res = await this.call<provproto.CreateRequest, provproto.CreateResponse>(
      this.raw.create,
      new provproto.CreateRequest().setUrn(urn).setType(type).setProperties(struct(props)),
    );
    return { id: res.getId(), outputs: js(res.getProperties()) };
  }

  async update(urn: string, type: string, id: string, olds: Props, news: Props, oldInputs: Props) {
    const res = await this.call<provproto.UpdateRequest, provproto.UpdateResponse>(
      this.raw.update,
      new provproto.UpdateRequest()
        .setUrn(urn)
        .setType(type)
        .setId(id)
        .setOlds(struct(olds))
        .setNews(struct(news))
        .setOldInputs(struct(oldInputs)),
    );
    return { outputs: js(res.getProperties()) };
  }

  async read(urn: string, type: string, id: string, props: Props, inputs: Props) {
    const res = await this.call<provproto.ReadRequest, provproto.ReadResponse>(
      this.raw.read,
      new provproto.ReadRequest().setUrn(urn).setType(type).setId(id).setProperties(struct(props)).setInputs(struct(inputs)),
    );
    return { id: res.getId(), outputs: js(res.getProperties()), inputs: res.getInputs() ? js(res.getInputs()) : undefined };
  }

  async delete(urn: string, type: string, id: string, props: Props, oldInputs: Props): Promise<void> {
    await this.call(
      this.raw.delete,
      new provproto.DeleteRequest().setUrn(urn).setType(type).setId(id).setProperties(struct(props)).setOldInputs(struct(oldInputs)),
    );
  }

  close(): Promise<void> {
    this.raw.close();
    return this.close_();
  }
}

const client = (port: number) => new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());

/** The native plugin's server, in this process (its provider's modules loaded afresh for each command). */
async function native(): Promise<Session> {
  // A fresh provider per command, as the engine starts the plugin's process for each: its module state
  // (the checked connections, the account's pacer) is not kept from an earlier command.
  jest.resetModules();
  const schema = require("node:fs").readFileSync(path.join(REPO_ROOT, "native", "schema.json"), "utf8") as string;
  const { server, port } = await serve({ version: "0.0.0-protocol", schema: () => schema });
  return new Session("native", client(port), () => new Promise((resolve) => server.tryShutdown(() => resolve())));
}

/** A warm host process (warm-host.js), its stdout read line by line, its stderr kept whole. */
interface Warm {
  child: ChildProcess;
  next(): Promise<string>;
  stderr: string;
  /** Resolves once the host's stderr holds `text` (a pipe keeps its order: what came before it is there). */
  stderrHas(text: string): Promise<void>;
}

const MARK = "--- ei-protocol: next command ---";
const idle: Warm[] = [];
const all: Warm[] = [];
afterAll(async () => {
  // Its stdin closed, a warm host exits (warm-host.js); waited for, so no pipe outlives the file.
  const exits = all
    .splice(0)
    .map(({ child }) =>
      child.exitCode === null
        ? new Promise<void>((resolve) => (child.once("exit", () => resolve()), child.stdin!.end()))
        : Promise.resolve(),
    );
  await Promise.all(exits);
});

function spawnWarm(): Warm {
  const child = spawn(process.execPath, ["-r", path.join(__dirname, "ts-require.js"), path.join(__dirname, "warm-host.js"), MARK], {
    cwd: REPO_ROOT,
    env: process.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiting: Array<{ resolve: (l: string) => void; reject: (e: Error) => void }> = [];
  let out = "";
  const watchers = new Set<() => void>();
  const warm: Warm = {
    child,
    stderr: "",
    next: () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise((resolve, reject) => waiting.push({ resolve, reject }))),
    stderrHas: (text) =>
      new Promise((resolve) => {
        const check = () =>
          (warm.stderr.endsWith(text) || child.exitCode !== null || child.signalCode !== null) && (watchers.delete(check), resolve());
        watchers.add(check);
        check();
      }),
  };
  child.stderr!.on("data", (d: Buffer) => {
    warm.stderr += d.toString();
    for (const w of [...watchers]) w();
  });
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
    let i: number;
    while ((i = out.indexOf("\n")) >= 0) {
      const line = out.slice(0, i).trim();
      out = out.slice(i + 1);
      const w = waiting.shift();
      if (w) w.resolve(line);
      else lines.push(line);
    }
  });
  child.once("exit", (code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`the dynamic provider host exited with ${code}: ${warm.stderr}`));
    for (const w of [...watchers]) w();
    const at = idle.indexOf(warm);
    if (at >= 0) idle.splice(at, 1);
  });
  all.push(warm);
  return warm;
}

/**
 * Pulumi's dynamic-provider host as the CLI starts it for a command, its port printed on stdout: in a warm
 * process (warm-host.js) that loads afresh for each command everything a new process would, but keeps
 * the libraries' code loaded (about 1.5 s of CPU a command saved). Two commands at once get two processes.
 */
async function dynamic(place: string, env: NodeJS.ProcessEnv): Promise<Session> {
  const warm = idle.pop() ?? spawnWarm();
  const begun = warm.stderr.length;
  warm.child.stdin!.write(`start ${JSON.stringify(env)}\n`);
  const port = Number(await warm.next());
  const own = () => warm.stderr.slice(begun).replace(`${MARK} start\n`, "").replace(`${MARK} stopped\n`, "");
  return new Session(
    "dynamic",
    client(port),
    async () => {
      warm.child.stdin!.write("stop\n");
      await warm.stderrHas(`${MARK} stopped\n`);
      // What the host logged (a provider that printed a secret would be caught by the audit).
      record(`dynamic provider host stderr in ${place}`, own());
      if (warm.child.exitCode === null) idle.push(warm);
    },
    own,
  );
}

export const startSession = (p: Path, place: string, env: NodeJS.ProcessEnv = {}): Promise<Session> =>
  p === "native" ? native() : dynamic(place, env);
