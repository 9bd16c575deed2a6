/**
 * The native provider: Pulumi's ResourceProvider gRPC service for every kind, as
 * `edgeingress:index:<Kind>`. Each resource operation is the dynamic providers' own
 * (runtime/operations.ts, over the one lifecycle); what is here is the protocol: values to and from
 * Structs with secrets and unknowns, provider configuration, import, detailed diffs and partial state.
 */
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import type { EdgeIngress } from "../sdk/client";
import { declarationOf, kinds } from "../provider/kinds";
import * as lifecycle from "../provider/framework/lifecycle";
import type { KindDeclaration } from "../provider/framework/kind";
import { changedKeys } from "../provider/framework/diff";
import { joinSecrets, splitSecrets } from "../provider/framework/children";
import { SPELLED } from "../provider/framework/hidden-outputs";
import { containsUnknown } from "../provider/framework/values";
import type { Settings } from "../runtime/connection";
import { operations, type Operations } from "../runtime/operations";
import { UserError } from "../runtime/user-error";
import { checkConfig, providerClient, settingsOf, type Failure } from "./config";
import { pluginInfo, schemaResponse } from "./info";
import { fromStruct, holdsSecret, toStruct, type Unwrapped } from "./struct";
import type { ProviderOptions, Served } from "./listen";

type Props = Record<string, any>;

/** The package name: type tokens are `edgeingress:index:<Kind>`, config keys `edgeingress:<key>`. */
export const PACKAGE = "edgeingress";

/** The kind of a type token (`edgeingress:index:IpPolicy` → `IpPolicy`), or of a URN's type. */
export function kindOf(type: string, urn = ""): string {
  const token = type || (urn.split("::")[2] ?? "").split("$").pop() || "";
  const [pkg, mod, name] = token.split(":");
  if (pkg !== PACKAGE || mod !== "index" || !name || !(name in kinds)) {
    throw Object.assign(new UserError(`${PACKAGE}: unknown resource type "${token}"`), { code: grpc.status.INVALID_ARGUMENT });
  }
  return name;
}

/** Outputs stored as secrets, whatever the inputs were: the declaration's, and what only the provider reads. */
function secretOutputs(decl: KindDeclaration): string[] {
  return [...(decl.secretOutputs ?? []), ...secretInputs(decl), SPELLED];
}

/**
 * Owned inputs of `raw` (a Struct's values, secrets wrapped) whose only secrets are the credential fields
 * Check moves apart: plain once split, so a child made by hand is named in a preview. A list or child
 * that is secret as a whole stays secret.
 */
function plainOnceSplit(decl: KindDeclaration, raw: Props): string[] {
  return Object.entries(decl.owns ?? {})
    .filter(([key, { secrets }]) => {
      const children: unknown = raw[key];
      if (!secrets || !Array.isArray(children)) return false;
      const rest = (c: unknown) =>
        c !== null && typeof c === "object" ? Object.fromEntries(Object.entries(c).filter(([f]) => !secrets.fields.includes(f))) : c;
      return !children.some((c) => holdsSecret(rest(c)));
    })
    .map(([key]) => key);
}

/** Inputs stored as secrets: the declaration's, and owned children's credential fields, kept apart. */
function secretInputs(decl: KindDeclaration): string[] {
  const owned = Object.values(decl.owns ?? {}).flatMap((o) => (o.secrets ? [o.secrets.output] : []));
  return [...(decl.secretInputs ?? []), ...owned];
}

/** One provider instance's state: its configuration, set by Configure. */
export class NativeProvider {
  private settings: Settings | undefined;
  private unknownConfig = false;
  private readonly ops: Operations;

  constructor(private readonly options: ProviderOptions) {
    this.ops = operations({
      client: () => this.client(),
      own: (props) => props,
      keep: () => {},
      checkConnection: async () => ({}),
      diffConnection: async (_decl, _id, _olds, _news, result) => result,
    });
  }

  private client(): Promise<EdgeIngress> {
    if (this.unknownConfig) return Promise.reject(new Error(`${PACKAGE}: the provider's configuration is not known yet`));
    // Without Configure (never by the engine): the environment alone.
    return providerClient(this.settings ?? settingsOf({}).settings);
  }

  getPluginInfo(): plugproto.PluginInfo {
    return pluginInfo(this.options);
  }

  getSchema(): provproto.GetSchemaResponse {
    return schemaResponse(this.options);
  }

  async checkConfig(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
    const news = fromStruct(req.getNews());
    const failures = await checkConfig(news.values);
    return new provproto.CheckResponse()
      .setInputs(toStruct(news.values, [...news.secret, "apiKey"]))
      .setFailuresList(failures.map(checkFailure));
  }

  diffConfig(req: provproto.DiffRequest): provproto.DiffResponse {
    const olds = fromStruct(req.getOlds()).values;
    const news = fromStruct(req.getNews()).values;
    // Another URL or key is the same resources seen through another connection: never a replacement.
    const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
      (k) => !k.startsWith("__") && JSON.stringify(olds[k] ?? null) !== JSON.stringify(news[k] ?? null),
    );
    return new provproto.DiffResponse()
      .setChanges(changed.length ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE)
      .setDiffsList(changed);
  }

  configure(req: provproto.ConfigureRequest): provproto.ConfigureResponse {
    const args = req.getArgs();
    const config: Props = args ? fromStruct(args).values : {};
    if (!args) {
      // Older engines send only `edgeingress:config:<key>` variables.
      req.getVariablesMap().forEach((value, key) => (config[key.split(":").pop()!] = value));
    }
    this.unknownConfig = containsUnknown(config);
    const { settings, failures } = settingsOf(config);
    if (failures.length && !this.unknownConfig) throw new Error(failures.map((f) => f.reason).join("; "));
    this.settings = settings;
    return new provproto.ConfigureResponse()
      .setAcceptsecrets(true)
      .setAcceptresources(true)
      .setSupportspreview(false)
      .setAcceptoutputs(false);
  }

  async check(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
    const kind = kindOf(req.getType(), req.getUrn());
    const decl = declarationOf(kind);
    const news = fromStruct(req.getNews());
    const result = await this.ops.check(kind, fromStruct(req.getOlds()).values, news.values);
    // Owned children's credentials are stored apart, as a secret (the resource classes do the same).
    const inputs = splitSecrets(decl, joinSecrets(decl, result.inputs ?? news.values));
    const plain = plainOnceSplit(decl, (req.getNews()?.toJavaScript() ?? {}) as Props);
    return new provproto.CheckResponse()
      .setInputs(toStruct(inputs, [...[...news.secret].filter((k) => !plain.includes(k)), ...secretInputs(decl)]))
      .setFailuresList((result.failures ?? []).map(checkFailure));
  }

  async diff(req: provproto.DiffRequest): Promise<provproto.DiffResponse> {
    const kind = kindOf(req.getType(), req.getUrn());
    const decl = declarationOf(kind);
    const id = req.getId();
    const olds = fromStruct(req.getOlds()).values;
    const oldInputs = fromStruct(req.getOldInputs()).values;
    const news = fromStruct(req.getNews()).values;
    const result = await this.ops.diff(kind, id, olds, news);
    const replaces = result.replaces ?? [];
    const response = new provproto.DiffResponse()
      .setChanges(result.changes ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE)
      .setReplacesList([...replaces])
      .setStablesList([...(result.stables ?? [])])
      .setDeletebeforereplace(result.deleteBeforeReplace ?? false);
    if (!result.changes) return response.setHasdetaileddiff(true);
    const changed = changedInputs(decl, olds, news, replaces);
    const kinds = provproto.PropertyDiff.Kind;
    const before = Object.keys(oldInputs).length ? oldInputs : olds;
    for (const key of changed) {
      const replace = replaces.includes(key);
      const kindOfChange =
        before[key] == null
          ? replace
            ? kinds.ADD_REPLACE
            : kinds.ADD
          : news[key] == null
            ? replace
              ? kinds.DELETE_REPLACE
              : kinds.DELETE
            : replace
              ? kinds.UPDATE_REPLACE
              : kinds.UPDATE;
      response.getDetaileddiffMap().set(key, new provproto.PropertyDiff().setKind(kindOfChange).setInputdiff(true));
    }
    // A change of no input of the kind (none yet) is still reported, without detail.
    return response.setDiffsList(changed).setHasdetaileddiff(changed.length > 0);
  }

  async create(req: provproto.CreateRequest): Promise<provproto.CreateResponse> {
    const kind = kindOf(req.getType(), req.getUrn());
    const decl = declarationOf(kind);
    const inputs = fromStruct(req.getProperties());
    const secret = [...secretOutputs(decl), ...inputs.secret];
    try {
      const result = await this.ops.create(kind, inputs.values);
      return new provproto.CreateResponse().setId(result.id).setProperties(toStruct(result.outs, secret));
    } catch (e) {
      throw partial(e, secret, inputs);
    }
  }

  async read(req: provproto.ReadRequest): Promise<provproto.ReadResponse> {
    const kind = kindOf(req.getType(), req.getUrn());
    const decl = declarationOf(kind);
    const props = fromStruct(req.getProperties());
    const oldInputs = fromStruct(req.getInputs());
    // No state: an import (`pulumi import`, the `import` option) by id alone.
    const result = Object.keys(props.values).length
      ? await this.ops.read(kind, req.getId(), props.values)
      : await this.ops.importing(kind, req.getId());
    const response = new provproto.ReadResponse();
    if (!result.id) return response; // gone
    response.setId(result.id).setProperties(toStruct(result.props, [...secretOutputs(decl), ...props.secret, ...oldInputs.secret]));
    if (result.inputs) response.setInputs(toStruct(result.inputs, [...secretInputs(decl), ...oldInputs.secret]));
    return response;
  }

  async update(req: provproto.UpdateRequest): Promise<provproto.UpdateResponse> {
    const kind = kindOf(req.getType(), req.getUrn());
    const decl = declarationOf(kind);
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const secret = [...secretOutputs(decl), ...news.secret];
    try {
      const result = await this.ops.update(kind, req.getId(), olds.values, news.values);
      return new provproto.UpdateResponse().setProperties(toStruct(result.outs, secret));
    } catch (e) {
      throw partial(e, secret, news);
    }
  }

  async delete(req: provproto.DeleteRequest): Promise<Empty> {
    const kind = kindOf(req.getType(), req.getUrn());
    await this.ops.delete(kind, req.getId(), fromStruct(req.getProperties()).values);
    return new Empty();
  }
}

/** The inputs whose change makes the diff, as the lifecycle's diff finds them (owned children's credentials with their children). */
function changedInputs(decl: KindDeclaration, olds: Props, news: Props, replaces: readonly string[]): string[] {
  const changed = changedKeys(decl, joinSecrets(decl, olds), joinSecrets(decl, news));
  return [...new Set([...changed, ...replaces])];
}

const checkFailure = (f: Failure): provproto.CheckFailure => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason);

/**
 * A failed create or update as the engine takes it: one that left something made (the lifecycle's
 * PartialStateError) carries it as ErrorResourceInitFailed in the status details, so the engine records
 * it and nothing is orphaned; anything else is its message.
 */
function partial(e: unknown, secret: string[], inputs: Unwrapped): unknown {
  if (!(e instanceof lifecycle.PartialStateError)) return e;
  const detail = new provproto.ErrorResourceInitFailed()
    .setId(e.id)
    .setProperties(toStruct(e.properties, secret))
    .setReasonsList(e.reasons)
    .setInputs(toStruct(inputs.values, inputs.secret));
  const details = new Any();
  details.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
  const status = new statusproto.Status().setCode(grpc.status.UNKNOWN).setMessage(e.message).setDetailsList([details]);
  const metadata = new grpc.Metadata();
  metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  return Object.assign(new UserError(e.message), { code: grpc.status.UNKNOWN, details: e.message, metadata });
}

/** A handler's failure as a gRPC error: its code if it has one, else UNKNOWN with the message. */
function grpcError(e: unknown): grpc.ServiceError {
  const err = e as Partial<grpc.ServiceError> & Error;
  const message = err?.message ?? String(e);
  // A defect (not the user's to fix) keeps its stack in the plugin's log.
  if (err?.stack) process.stderr.write(`${err.stack}\n`);
  return Object.assign(new Error(message), {
    code: typeof err?.code === "number" ? err.code : grpc.status.UNKNOWN,
    details: message,
    metadata: err?.metadata instanceof grpc.Metadata ? err.metadata : new grpc.Metadata(),
  });
}

type Handler<Req, Res> = (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => void;

function unary<Req, Res>(work: (req: Req) => Res | Promise<Res>): Handler<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => work(call.request))
      .then(
        (res) => callback(null, res),
        (e: unknown) => callback(grpcError(e)),
      );
  };
}

/** The service's handlers: one for each method native/listen.ts serves. */
export function handlers(provider: NativeProvider): Record<Served, Handler<any, any>> {
  return {
    getPluginInfo: unary(() => provider.getPluginInfo()),
    getSchema: unary(() => provider.getSchema()),
    checkConfig: unary((req: provproto.CheckRequest) => provider.checkConfig(req)),
    diffConfig: unary((req: provproto.DiffRequest) => provider.diffConfig(req)),
    configure: unary((req: provproto.ConfigureRequest) => provider.configure(req)),
    check: unary((req: provproto.CheckRequest) => provider.check(req)),
    diff: unary((req: provproto.DiffRequest) => provider.diff(req)),
    create: unary((req: provproto.CreateRequest) => provider.create(req)),
    read: unary((req: provproto.ReadRequest) => provider.read(req)),
    update: unary((req: provproto.UpdateRequest) => provider.update(req)),
    delete: unary((req: provproto.DeleteRequest) => provider.delete(req)),
    cancel: unary(() => new Empty()),
  };
}
