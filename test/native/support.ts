/**
 * The native provider served in-process on an ephemeral port, and a real gRPC client of Pulumi's
 * ResourceProvider service to call it as the engine does, against an emulator.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import type * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import { serve } from "../../native/listen";
import { fromStruct, toStruct, SECRET_SIG, SIG_KEY } from "../../native/struct";
import { useEmulator } from "../support/emulator";

type Props = Record<string, any>;

/** A minimal schema for the server under test (the real one is generated into native/schema.json). */
export const TEST_SCHEMA = JSON.stringify({ name: "edgeingress", version: "0.0.0-test" });

export const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });
export const isSecretValue = (v: unknown): boolean => v !== null && typeof v === "object" && (v as Props)[SIG_KEY] === SECRET_SIG;

/** A Struct from props given as the engine sends them (secrets already wrapped with `secret`). */
export const struct = (props: Props) => toStruct(props);
/** Props of a Struct with secrets still wrapped, as the engine stores them. */
export const raw = (s: { toJavaScript(): Props } | undefined): Props => s?.toJavaScript() ?? {};

export const urn = (kind: string, name = "r") => `urn:pulumi:test::native::edgeingress:index:${kind}::${name}`;

type Call<Req, Res> = (req: Req, callback: (err: grpc.ServiceError | null, res: Res) => void) => unknown;

export class ProviderClient {
  constructor(readonly raw: provrpc.ResourceProviderClient) {}

  private call<Req, Res>(method: Call<Req, Res>, req: Req): Promise<Res> {
    return new Promise((resolve, reject) => method.call(this.raw, req, (err, res) => (err ? reject(err) : resolve(res))));
  }

  getPluginInfo = () => this.call<Empty, plugproto.PluginInfo>(this.raw.getPluginInfo as Call<Empty, plugproto.PluginInfo>, new Empty());
  getSchema = () =>
    this.call<provproto.GetSchemaRequest, provproto.GetSchemaResponse>(
      this.raw.getSchema as Call<provproto.GetSchemaRequest, provproto.GetSchemaResponse>,
      new provproto.GetSchemaRequest(),
    );
  checkConfig = (news: Props) =>
    this.call<provproto.CheckRequest, provproto.CheckResponse>(
      this.raw.checkConfig as Call<provproto.CheckRequest, provproto.CheckResponse>,
      new provproto.CheckRequest().setUrn(providerUrn).setNews(struct(news)),
    );
  configure = (args: Props) =>
    this.call<provproto.ConfigureRequest, provproto.ConfigureResponse>(
      this.raw.configure as Call<provproto.ConfigureRequest, provproto.ConfigureResponse>,
      new provproto.ConfigureRequest().setArgs(struct(args)).setAcceptsecrets(true).setAcceptresources(true),
    );
  check = (kind: string, news: Props, olds: Props = {}) =>
    this.call<provproto.CheckRequest, provproto.CheckResponse>(
      this.raw.check as Call<provproto.CheckRequest, provproto.CheckResponse>,
      new provproto.CheckRequest().setUrn(urn(kind)).setType(`edgeingress:index:${kind}`).setOlds(struct(olds)).setNews(struct(news)),
    );
  diff = (kind: string, id: string, olds: Props, news: Props, oldInputs: Props = {}) =>
    this.call<provproto.DiffRequest, provproto.DiffResponse>(
      this.raw.diff as Call<provproto.DiffRequest, provproto.DiffResponse>,
      new provproto.DiffRequest()
        .setUrn(urn(kind))
        .setType(`edgeingress:index:${kind}`)
        .setId(id)
        .setOlds(struct(olds))
        .setNews(struct(news))
        .setOldInputs(struct(oldInputs)),
    );
  create = (kind: string, props: Props) =>
    this.call<provproto.CreateRequest, provproto.CreateResponse>(
      this.raw.create as Call<provproto.CreateRequest, provproto.CreateResponse>,
      new provproto.CreateRequest().setUrn(urn(kind)).setType(`edgeingress:index:${kind}`).setProperties(struct(props)),
    );
  read = (kind: string, id: string, props: Props = {}, inputs: Props = {}) =>
    this.call<provproto.ReadRequest, provproto.ReadResponse>(
      this.raw.read as Call<provproto.ReadRequest, provproto.ReadResponse>,
      new provproto.ReadRequest()
        .setUrn(urn(kind))
        .setType(`edgeingress:index:${kind}`)
        .setId(id)
        .setProperties(struct(props))
        .setInputs(struct(inputs)),
    );
  update = (kind: string, id: string, olds: Props, news: Props) =>
    this.call<provproto.UpdateRequest, provproto.UpdateResponse>(
      this.raw.update as Call<provproto.UpdateRequest, provproto.UpdateResponse>,
      new provproto.UpdateRequest()
        .setUrn(urn(kind))
        .setType(`edgeingress:index:${kind}`)
        .setId(id)
        .setOlds(struct(olds))
        .setNews(struct(news)),
    );
  delete = (kind: string, id: string, props: Props) =>
    this.call<provproto.DeleteRequest, Empty>(
      this.raw.delete as Call<provproto.DeleteRequest, Empty>,
      new provproto.DeleteRequest().setUrn(urn(kind)).setType(`edgeingress:index:${kind}`).setId(id).setProperties(struct(props)),
    );
}

const providerUrn = "urn:pulumi:test::native::pulumi:providers:edgeingress::default";

/** The ErrorResourceInitFailed a failed call carries in its status details, if any. */
export function initFailure(err: grpc.ServiceError): provproto.ErrorResourceInitFailed | undefined {
  const bin = err.metadata?.get("grpc-status-details-bin")[0];
  if (!bin) return undefined;
  const status = statusproto.Status.deserializeBinary(new Uint8Array(bin as Buffer));
  const detail = status.getDetailsList().find((d) => d.getTypeName() === "pulumirpc.ErrorResourceInitFailed");
  return detail ? provproto.ErrorResourceInitFailed.deserializeBinary(detail.getValue_asU8()) : undefined;
}

export { fromStruct };

/** An emulator and a native provider server (not yet configured), with a client of each. */
export function useNativeProvider() {
  const emu = useEmulator();
  let server: grpc.Server | undefined;
  let client: ProviderClient | undefined;
  beforeAll(async () => {
    const served = await serve({ version: "0.0.0-test", schema: () => TEST_SCHEMA });
    server = served.server;
    client = new ProviderClient(new provrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure()));
  });
  afterAll(async () => {
    client?.raw.close();
    await new Promise<void>((resolve) => (server ? server.tryShutdown(() => resolve()) : resolve()));
  });
  return {
    emu,
    get provider(): ProviderClient {
      if (!client) throw new Error("the provider is not running (use it inside a test or hook)");
      return client;
    },
    /** CheckConfig and Configure with the emulator's URL and root key (secret), as the engine does for a default provider. */
    async configure(extra: Props = {}) {
      const config = { apiUrl: emu.url, apiKey: secret(emu.rootToken), ...extra };
      const checked = await this.provider.checkConfig(config);
      expect(checked.getFailuresList().map((f) => f.getReason())).toEqual([]);
      return this.provider.configure(raw(checked.getInputs()));
    },
  };
}
