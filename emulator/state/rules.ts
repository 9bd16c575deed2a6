/**
 * The rules of a kind (`KindRules`): what an operation sees of a call, how a record is shown and its
 * section of the API reference, over what the store keeps of it (`StoredKind`, ./store.ts).
 */
import type { UpdateAnswers } from "../options";
import type { ModuleSet } from "./module-shapes";
import type { BaseRecord, Store, StoredKind } from "./store";

/** Everything the emulator knows of a kind: what the store keeps, the rules of its operations and how it is shown. */
export interface KindRules<R extends BaseRecord> extends StoredKind<R> {
  /** A record as answers show it, in the API text's field order (its `uri` from the caller's base URL). */
  render?(record: R, baseUrl: string, store: Store): unknown;
  /**
   * Key of the item array in list answers (`keys`). With it and `render`, the kind is served by the
   * standard operations of §4.1 (emulator/routes/crud.ts), plus `modules`' operations; a kind with other
   * operations has a module of its own in emulator/routes/.
   */
  listKey?: string;
  /** Validate and create; the 201 answer (an API key adds its one-time token). Without `create` and `update`: a read-only kind. */
  create?(call: OperationCall): unknown;
  /** Validate and apply a PATCH; the changed record. */
  update?(call: OperationCall, id: string): R;
  /** Modules set and read at `<path>/{id}/<module>` (§4.1.7). */
  modules?: ModuleSet;
  /** Its section of the API reference (docs/api.md). */
  reference?: KindReference;
}

/** Who calls: the caller's API key's owner. */
export interface Principal {
  /** The caller's user or bot id: the default owner of what it creates. */
  ownerId: string;
  /** Only the admin may name an owner other than itself. */
  admin: boolean;
}

/**
 * The reserved-domain rules that depend on the emulator's settings (ReservedDomainService,
 * ./reserved-domain.ts, made by the server): a call reaches them through this interface.
 */
export interface DomainService {
  create(body: Record<string, unknown>): BaseRecord;
  update(id: string, body: Record<string, unknown>): BaseRecord;
}

/** What an operation's rules see of a call: the HTTP layer's request is one. */
export interface OperationCall {
  store: Store;
  /** Reserved-domain rules that depend on the emulator's settings (base domain, provisioning). */
  domains: DomainService;
  principal: Principal;
  /** The JSON body (`{}` when empty). */
  body: Record<string, unknown>;
  /** `http://host:port` as the client addressed us: the base of every `uri` in answers. */
  baseUrl: string;
  updateAnswers: UpdateAnswers;
}

/** A kind's section of docs/api.md: its title and one example body per operation that takes one. */
export interface KindReference {
  /** `API keys` */
  title: string;
  /** The API text does not publish the kind: docs/api-choices.md must list each of its routes under "Extensions". */
  extension?: true;
  /** The body of its create (POST). */
  create?(example: ExampleContext): Record<string, unknown>;
  /** The body of its update (PATCH). */
  update?(example: ExampleContext): Record<string, unknown>;
}

/** What an example body may name: ids made by earlier examples and well-formed PEM and SSH texts. */
export interface ExampleContext {
  /** The id an earlier example made at this collection pattern (`/ip_policies`, `/edges/https/{edge_id}/routes`). */
  id(collectionPath: string): string;
  /** The description and metadata most examples send. */
  common: { description: string; metadata: string };
  caPem: string;
  certificatePem: string;
  privateKeyPem: string;
  sshPublicKey: string;
}
