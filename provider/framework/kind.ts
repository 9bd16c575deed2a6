import type { z } from "zod";
import * as fields from "../../sdk/core/fields";
import type { CreateOptions } from "../../sdk/core/resource";
import type { EdgeIngress } from "../../sdk/client";

/**
 * Marks a field whose value the service chooses when it is omitted (an owner id, a module's TLS minimum
 * version or cookie prefix): an omitted input never differs from whatever the service reported.
 */
export const SERVER_CHOSEN = Symbol("server-chosen");

/**
 * How an input compares (provider/framework/normalise.ts): `timestamp` as an instant to the second,
 * `set` as a list whose order and repeats mean nothing, `pem` modulo whitespace and line endings,
 * `publicKey` as an OpenSSH `<type> <base64>` without its comment, `cidr` as the block it names (IPv6
 * case and zero compression aside). Untyped values compare exactly (lists in order), with null read as
 * unset everywhere.
 */
export type FieldType = "timestamp" | "set" | "pem" | "publicKey" | "cidr";
/** Field types by path (`a.b`, `*` = any key); a list's items share its path. */
export type FieldTypes = Readonly<Record<string, FieldType>>;

/**
 * Defaults for the keys of an object-valued field (a module, a target), filled in only when the input
 * has that object: an omitted module stays unset, a given one gets the service's values for its
 * omitted keys. Nests.
 */
export class Within {
  /** Fixed defaults, or defaults that depend on the given object (e.g. none for min_version upstream). */
  constructor(readonly defaults: Readonly<Record<string, unknown>> | ((given: Record<string, any>) => Record<string, unknown>)) {}
  for(given: Record<string, any>): Readonly<Record<string, unknown>> {
    return typeof this.defaults === "function" ? this.defaults(given) : this.defaults;
  }
}
export const within = (defaults: Within["defaults"]): Within => new Within(defaults);

/** How the provider treats one edge or route module (§2.3, §2.6). */
export interface ModuleDeclaration {
  /** The service's module (camelCase) in the request shape users declare, when the two differ. */
  toInput?(module: any): Record<string, unknown>;
  /** The service's values for the module's omitted fields. */
  defaults: Within;
  /** Guards access: set before a backend is attached, removed only after it is detached (fail closed). */
  guard?: boolean;
  /** How the module's fields compare, by path within the module. */
  fieldTypes?: FieldTypes;
}

/**
 * An input users declare in another shape than the service's (a list of `{ backendId, weight }` for the
 * service's id → weight map), so a program can pass other resources' `id` Outputs without `apply`.
 * The provider converts at its edges: requests and comparisons see the service form, outputs the
 * declared one. A value already in the service form (older programs and state) is accepted as it is.
 */
export interface InputForm {
  /** Whether `value` is in the declared form (else it is taken as the service form). */
  isDeclared(value: unknown): boolean;
  /** Checks a declared value; issue paths are within the value (`[1, "weight"]`). */
  readonly schema: z.ZodType;
  /** Declared (or service) form → service form; anything else is returned as it is. */
  toServiceForm(value: unknown): unknown;
  /** Service form (an API answer) → declared form, in a stable order. */
  toDeclaredForm(value: unknown): unknown;
}

/** The form of a kind's ids, checked at preview for `adopt`. `shown` names it in messages (`ipp_…`). */
export interface IdForm {
  readonly shown: string;
  test(id: string): boolean;
}

/** The CRUD surface of one kind in the sdk client. */
export interface KindApi<T extends { id: string }> {
  /** The whole account's resources of the kind, newest first; nested kinds list within their parent instead. */
  list?(): AsyncIterable<T> & {
    toArray(): Promise<T[]>;
    pages?(): AsyncIterator<{ readonly items: readonly T[]; readonly nextPageUri: string | null }>;
  };
  create(params: any, options?: CreateOptions): Promise<T>;
  get(id: string): Promise<T>;
  update(id: string, params: any): Promise<T>;
  delete(id: string): Promise<void>;
  /** For kinds with modules: PUT and DELETE on the module endpoint. */
  replaceModule?(id: string, name: string, params: any): Promise<any>;
  deleteModule?(id: string, name: string): Promise<void>;
}

/** The resource a resource belongs to (a rule's IP policy, a route's edge). */
export interface ParentRef {
  readonly decl: KindDeclaration;
  /** The input holding the parent's id (`edgeId`); for a nested kind, the sdk object's field too. */
  readonly key: string;
  /**
   * Set for a kind addressed through its parent: its ids are `<parent id>/<own part>` (framework/ids.ts)
   * and it is listed within each parent.
   */
  readonly nested?: {
    /** The sdk object's field that is the id's own part: a route's `id`, a source's `type`. */
    readonly own: string;
    /** The kind's resources in one parent as the sdk lists it, each with `key` set. */
    listIn(client: EdgeIngress, parent: any): Promise<any[]>;
  };
}

/**
 * How a refresh reads the kind's resources (framework/page-reads.ts; docs/provider.md, "Refresh reads
 * by page"): `pages` from the kind's paged list, whose items are exactly what a GET answers; `parent`
 * (nested kinds) from one listing of the parent (`listFor` with the parent's id), which answers every
 * child of it; `one` with a GET each, and `why` says why the list cannot stand in for the GET.
 */
export type RefreshReads = { readonly by: "pages" } | { readonly by: "parent" } | { readonly by: "one"; readonly why: string };

/**
 * Children a resource owns as a whole set, declared inline as one of its inputs (an IP policy's
 * `rules`, an event subscription's `sources`, an HTTPS edge's `routes`): every child of the parent that
 * the input does not declare is drift, and is deleted by the next update (framework/children.ts;
 * docs/provider.md, "Owning a parent's children"). The input is in the kind's create and update
 * schemas (checked there, updatable) but never sent with the parent. Children compare, are made and
 * are updated by the rules of their own kind (modules in fail-closed order, lost creates found).
 */
export interface OwnedChildren {
  /** The children's kind. */
  readonly decl: KindDeclaration;
  /** The child field that tells children apart within the parent (a rule's `cidr`), in its field type's normal form. */
  readonly key: string;
  /** Further fields that, with `key`, tell children apart (a route's `matchType`): the identity is all of them. */
  readonly keyWith?: readonly string[];
  /**
   * Children declared as the value of `key` alone (a subscription's sources as their event types), not
   * as objects: for a kind whose key is its only field.
   */
  readonly scalar?: boolean;
  /** The output holding the children's ids, in the order of the owned output's items. */
  readonly idsOutput: string;
  /**
   * Every child in the account, as the sdk lists them (paged): one listing answers every parent of a
   * refresh. Unless `inParent` is given.
   */
  listAll?(client: EdgeIngress): AsyncIterable<any>;
  /** The id of the parent a listed child belongs to (with `listAll`). */
  parentOf?(child: any): string;
  /**
   * The children in the parent's own representation (an edge's GET holds its routes), each with its
   * `id` as the child kind has it: read with the parent, no listing of their own.
   */
  inParent?(parent: any): any[];
  /**
   * Child fields that hold credentials (a route's `oauth`, `webhookVerification`): the resource class
   * moves them out of the owned input into `output`, an input and output of their own stored as a
   * secret (ClassLists.ownedSecrets), so the owned input shows in previews and only they are masked.
   */
  readonly secrets?: { readonly output: string; readonly fields: readonly string[] };
  /**
   * Whether a child (its declared fields) restricts what the parent lets through (a deny rule, a guarded route):
   * made first and deleted last, so an update never opens the set wider on the way.
   */
  restricts?(child: Record<string, unknown>): boolean;
}

/** How `edge-ingress export` declares the kind's resources (cli/generate.ts). */
export interface ExportRules {
  /** A readable name for a resource without a description; `nameOf` names resources of earlier kinds. */
  label?(obj: any, nameOf: (id: string) => string | undefined): string | undefined;
  /** Why a listed resource is not declared, if it is not. */
  skip?(obj: any): string | undefined;
  /** Comment lines above each declaration. */
  readonly notes?: readonly string[];
}

/**
 * One field of a kind: an output property of its resource class, and an input of `<Kind>Args` when
 * `input` is set. Types are TypeScript type expressions written into the generated class
 * (generate/resources.ts); names they use come from provider/types.ts or a kind's declaration module.
 */
export interface FieldDeclaration {
  /** The output's type: the value as the service reports it (`string | null`). */
  readonly type: string;
  /** The output's doc comment. */
  readonly doc: string;
  /** Set for an input: how users declare it. */
  readonly input?: {
    /** Inside `pulumi.Input<…>` (`pulumi.Input<string>[]`); default: the output's type. */
    readonly type?: string;
    /** The input's doc comment; default: the output's. */
    readonly doc?: string;
    /** Required in `<Kind>Args` (default: optional). */
    readonly required?: boolean;
  };
  /**
   * An input's value when omitted: what the service fills in, so omission never reads as drift (see
   * `within`, SERVER_CHOSEN). A plain value is named in the input's doc comment.
   */
  readonly default?: unknown;
  /** Stored as a secret: an input wrapped with `pulumi.secret` by the class, an output marked secret. */
  readonly secret?: boolean;
}

/** Fields several kinds declare alike (the API's common fields, an edge's hostports), declared once. */
export const COMMON_FIELDS = {
  description: { input: { doc: 'Human-readable, at most 255 bytes. Default "".' }, default: "", type: "string", doc: "Human-readable." },
  metadata: {
    input: { doc: 'Arbitrary user data, at most 4096 bytes. Default "".' },
    default: "",
    type: "string",
    doc: "Arbitrary user data.",
  },
  createdAt: { type: "string", doc: "RFC 3339 creation time." },
  hostports: {
    input: {
      type: "pulumi.Input<string>[]",
      doc: "`host:port` addresses the edge serves (at least one, none repeated); order means nothing.",
      required: true,
    },
    type: "string[]",
    doc: "`host:port` addresses the edge serves.",
  },
} as const satisfies Record<string, FieldDeclaration>;

/** What a kind's declaration module writes: the declaration less the lists built from its fields. */
export type KindDeclarationSource<T extends { id: string } = any> = Omit<
  KindDeclaration<T>,
  "defaults" | "outputs" | "secretInputs" | "secretOutputs"
>;

/** A kind's declaration with the lists the lifecycle reads built from its fields. */
export function declareKind<T extends { id: string } = any>(source: KindDeclarationSource<T>): KindDeclaration<T> {
  const entries = Object.entries(source.fields);
  const inputs = entries.filter(([, f]) => f.input);
  const secret = (list: [string, FieldDeclaration][]) => list.filter(([, f]) => f.secret).map(([k]) => k);
  const outputs = entries.filter(([, f]) => !f.input);
  return {
    ...source,
    defaults: Object.fromEntries(inputs.filter(([, f]) => "default" in f).map(([k, f]) => [k, f.default])),
    outputs: outputs.map(([k]) => k),
    ...(secret(inputs).length ? { secretInputs: secret(inputs) } : {}),
    ...(secret(outputs).length ? { secretOutputs: secret(outputs) } : {}),
  };
}

/**
 * Everything about one resource kind, declared once as data: the generic lifecycle's rules, and every
 * field with its type and docs, from which its resource class is generated (generate/resources.ts).
 * Inputs are the sdk's create params (camelCase); fields the update params lack or mark immutable
 * are replace-on-change.
 */
export interface KindDeclaration<T extends { id: string } = any> {
  /** Type name: the token is `pulumi-nodejs:dynamic/edgeingress:<name>`. */
  readonly name: string;
  /** The resource class's doc comment. */
  readonly doc: string;
  /** The doc comment of the class's static `get`, when it has more to say than the default. */
  readonly getDoc?: string;
  /** Every input and output-only field, in the order the class declares them. */
  readonly fields: Readonly<Record<string, FieldDeclaration>>;
  /** The API text's section, for docs and error messages. */
  readonly section: string;
  readonly createSchema: z.ZodObject<any>;
  readonly updateSchema: z.ZodObject<any>;
  /** Built from `fields`: values the service fills in when an input is omitted (see `within`). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** How inputs compare, by path (modules declare their own); untyped ones compare exactly. */
  readonly fieldTypes?: FieldTypes;
  /** Built from `fields`: output-only fields, beyond the inputs. */
  readonly outputs: readonly string[];
  /** Built from `fields`: outputs stored as secrets (merged into `additionalSecretOutputs`). */
  readonly secretOutputs?: readonly string[];
  /** Built from `fields`: inputs wrapped with `pulumi.secret` by the resource class. */
  readonly secretInputs?: readonly string[];
  /**
   * Values the service shows only once (a token) or never (a private key): refresh keeps the stored
   * value, and adopting takes the declared one, since there is nothing to compare it with.
   */
  readonly keepFromState?: readonly string[];
  /**
   * Credentials inside the inputs, as paths (`*` matches any key): `edge-ingress export` reads them
   * from secret stack config and never writes their values.
   */
  readonly credentials?: readonly string[];
  /** Inputs whose value must be unique in the account: a replacement deletes the old one first. */
  readonly unique?: readonly string[];
  /**
   * Lists what a create with these params may have made, when the answer to it was lost (default:
   * the kind's whole list). Kinds nested under another resource list within it.
   */
  listFor?(client: EdgeIngress, params: Record<string, any>): AsyncIterable<T> | Promise<T[]>;
  /** A create whose answer was lost made a resource that cannot be adopted (its secret was only in the
   *  answer): delete it and create again. */
  readonly recreateLostCreate?: boolean;
  /** Module inputs by name: updated through the module endpoints, in fail-closed order. */
  readonly modules?: Readonly<Record<string, ModuleDeclaration>>;
  /** The kind's PATCH sets modules too (§4.1.6, edge update: TCP and TLS edges); a module present replaces it. */
  readonly patchSetsModules?: boolean;
  api(client: EdgeIngress): KindApi<T>;
  /** Inputs declared in another shape than the wire's, by input key. */
  readonly inputForms?: Readonly<Record<string, InputForm>>;
  /** The form of the kind's ids (`prefixed(ID_PREFIXES.…)`); for a nested kind, of their own part. */
  readonly idForm: IdForm;
  /** The resource this one belongs to: export lists nested kinds through it and declares its key first. */
  readonly parent?: ParentRef;
  /** How `edge-ingress export` names, skips and annotates the kind's resources. */
  readonly export?: ExportRules;
  /** How a refresh reads the kind; undeclared: one GET each. */
  readonly refresh?: RefreshReads;
  /** Inputs that declare the whole set of the resource's children, by input key (framework/children.ts). */
  readonly owns?: Readonly<Record<string, OwnedChildren>>;
  /** Maps an API object to outputs when field names differ (e.g. Refs to ids). */
  fromApi?(obj: T): Record<string, unknown>;
}

export const inputKeys = (decl: KindDeclaration): string[] => Object.keys(decl.createSchema.shape);
/** Update-param fields, less those the sdk lists only to reject (`fields.immutable`). */
export const updatableKeys = (decl: KindDeclaration): string[] =>
  Object.entries(decl.updateSchema.shape)
    .filter(([, schema]) => !fields.isImmutable(schema))
    .map(([key]) => key);
export const immutableKeys = (decl: KindDeclaration): string[] => {
  const updatable = new Set(updatableKeys(decl));
  return inputKeys(decl).filter((k) => !updatable.has(k));
};
