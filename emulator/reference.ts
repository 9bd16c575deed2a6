/**
 * The HTTP API reference (docs/api.md), rendered from the route table, the body schemas the handlers really
 * check (seen through observeBodies) and answers of a real in-process emulator, so the reference and the
 * service cannot disagree; a test compares the committed file with this rendering.
 */
import { generateKeyPairSync } from "node:crypto";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./errors";
import { MAX_LIMIT } from "./http/pagination";
import { SUPPORTED_VERSION } from "./http/auth";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from "./http/idempotency";
import type { Method, Route } from "./http/router";
import { REFERENCES_BY_RESOURCE, ROUTES_BY_RESOURCE, ROUTES } from "./routes";
import { createEmulatorServer } from "./server";
import { KINDS } from "./state";
import { Store } from "./state/store";
import { type ExampleContext, type KindReference } from "./state/rules";
import { observeBodies } from "./state/validation";
import { buildCertificatePem } from "./x509";

// ---- what is written by hand: the meaning of each error code (titles and examples are the kinds' own) ----

const MEANING: Record<ErrorCode, string> = {
  MALFORMED_JSON: "The body is not UTF-8 JSON, or not a JSON object",
  INVALID_FIELD: "A field has the wrong type, is null where a value is needed, breaks a rule, or names a missing or repeated reference",
  UNKNOWN_FIELD: "The body has a field the operation does not accept (read-only fields such as `uri` and `created_at` included)",
  MISSING_FIELD: "A required field is absent (also one another field requires)",
  IMMUTABLE_FIELD: "A PATCH sends a field that can only be set at creation",
  INVALID_QUERY: "A query parameter is unknown, repeated, or out of range",
  UNSUPPORTED_VERSION: `\`Service-Version\` is present and is not \`${SUPPORTED_VERSION}\``,
  INVALID_HEADER: `A POST's \`${IDEMPOTENCY_KEY_HEADER}\` is not 1 to 255 visible ASCII characters`,
  IDEMPOTENCY_KEY_REUSED: `A POST's \`${IDEMPOTENCY_KEY_HEADER}\` was used within 24 hours for another method, path or body`,
  UNAUTHORIZED: "The `Authorization` header is missing, malformed, or its token is unknown or revoked",
  FORBIDDEN: "The caller may not do this (a caller that is not an admin names another owner)",
  NOT_FOUND: "No resource has this id (also an id of another kind, or a module that is not set)",
  ROUTE_NOT_FOUND: "No route matches the path",
  METHOD_NOT_ALLOWED: "The path exists but not for this method; the `Allow` header lists the methods",
  CONFLICT: "The resource is in use, or the value is already taken",
  BODY_TOO_LARGE: "The body is over 1 MiB",
  UNSUPPORTED_MEDIA_TYPE: "The body or its `Content-Type` is not `application/json`",
  RATE_LIMITED: "Too many requests; wait for `Retry-After` seconds, then retry",
  INTERNAL_ERROR: "An unexpected failure on the server; retry later",
  SERVICE_UNAVAILABLE: "The service is briefly unavailable; retry later",
};

/** Ids the examples made, by the collection pattern that made them (`/ip_policies`, `/edges/https/{edge_id}/routes`). */
type Ids = (collection: string) => string;

class NotYet extends Error {}

type Fixtures = Omit<ExampleContext, "id" | "common">;

const SAML_METADATA = '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/metadata"/>';

/** One request body per route that takes one: each resource's own examples, and one per module; `ids` names what an earlier example made. */
function exampleBodies(fx: Fixtures): Record<string, (ids: Ids) => Record<string, unknown>> {
  const common = { description: "example", metadata: '{"team":"edge"}' };
  const module = {
    backend: (ids: Ids) => ({ backend_id: ids("/backends/tunnel_group") }),
    ip_restriction: (ids: Ids) => ({ ip_policy_ids: [ids("/ip_policies")] }),
    mutual_tls: (ids: Ids) => ({ certificate_authority_ids: [ids("/certificate_authorities")] }),
    tls_termination: () => ({ min_version: "1.3" }),
    circuit_breaker: () => ({ volume_threshold: 50, error_threshold_percentage: 0.25 }),
    compression: () => ({ enabled: true }),
    request_headers: () => ({ add: { "X-Request-Source": "edge" }, remove: ["X-Debug"] }),
    response_headers: () => ({ add: { "Strict-Transport-Security": "max-age=31536000" }, remove: ["Server"] }),
    webhook_verification: () => ({ provider: "CODEHOST", secret: "example-webhook-secret" }),
    oauth: () => ({ provider: { codehost: { email_domains: ["example.com"] } } }),
    saml: () => ({ idp_metadata: SAML_METADATA }),
    oidc: () => ({ enabled: true }),
    websocket_tcp_converter: () => ({ enabled: true }),
    user_agent_filter: () => ({ enabled: true }),
    jwt_validation: () => ({ enabled: true }),
  };
  const bodies: Record<string, (ids: Ids) => Record<string, unknown>> = {};
  for (const resource of resources()) {
    const reference = referenceOf(resource);
    const byMethod: Partial<Record<Method, KindReference["create"]>> = { POST: reference.create, PATCH: reference.update };
    for (const route of ROUTES_BY_RESOURCE[resource]) {
      const make = moduleOf(route) ? undefined : byMethod[route.method];
      if (make) bodies[key(route)] = (ids) => make({ ...fx, id: ids, common });
    }
  }
  for (const route of ROUTES) {
    const name = moduleOf(route);
    if (route.method === "PUT" && name) bodies[key(route)] = module[name as keyof typeof module];
  }
  return bodies;
}

function fixtures(): Fixtures {
  const now = Date.now();
  const day = 86_400_000;
  const ca = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const caPem = buildCertificatePem({
    subject: { common_name: "Example Client CA" },
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 365 * day),
    ca: true,
    keyUsages: ["cert_sign", "crl_sign"],
  });
  const leaf = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const certificatePem = buildCertificatePem({
    subject: { common_name: "app.example.com" },
    publicKey: leaf.publicKey,
    signingKey: leaf.privateKey,
    notBefore: new Date(now - day),
    notAfter: new Date(now + 90 * day),
    keyUsages: ["digital_signature"],
    extendedKeyUsages: ["server_auth"],
    dnsNames: ["app.example.com"],
  });
  const privateKeyPem = leaf.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const ssh = generateKeyPairSync("ed25519");
  const raw = ssh.publicKey.export({ type: "spki", format: "der" }).subarray(-32);
  const name = Buffer.from("ssh-ed25519");
  const blob = Buffer.concat([u32(name.length), name, u32(raw.length), raw]);
  return { caPem, certificatePem, privateKeyPem, sshPublicKey: `ssh-ed25519 ${blob.toString("base64")} deploy@example.com` };
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

// ---- the route table -----------------------------------------------------------------------------

const key = (route: Pick<Route, "method" | "path">) => `${route.method} ${route.path}`;

/** Module routes end in `/{id}/<module>`; their PUT takes the module's body. */
function moduleOf(route: Route): string | undefined {
  const m = /\/\{id\}\/([a-z_]+)$/.exec(route.path);
  return m && ROUTES.some((r) => r.method === "PUT" && r.path === route.path) ? m[1] : undefined;
}

const params = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** `{a,b}` alternatives in a path, expanded. */
function expand(p: string): string[] {
  const m = /\{([a-z_]+(?:,[a-z_]+)+)\}/.exec(p);
  if (!m) return [p];
  return m[1].split(",").flatMap((alt) => expand(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

/** Routes docs/api-choices.md lists under "Extensions", with the row's name for them. */
export function extensionRoutes(choicesMd: string): Map<string, string> {
  const start = choicesMd.indexOf("\n## Extensions");
  if (start < 0) throw new Error("docs/api-choices.md has no Extensions section");
  const out = new Map<string, string>();
  for (const line of choicesMd
    .slice(start + 1)
    .split("\n")
    .slice(1)) {
    if (line.startsWith("#")) break;
    const cells = line.split(" | ");
    if (!line.startsWith("|") || cells.length < 3) continue;
    const m = /^((?:GET|POST|PUT|PATCH|DELETE)(?:, (?:GET|POST|PUT|PATCH|DELETE))*) (.*)$/.exec(cells[1]);
    if (!m) continue;
    const paths = [...m[2].matchAll(/`(\/[^`]*)`/g)].flatMap((p) => expand(p[1]));
    for (const method of m[1].split(", ")) for (const p of paths) out.set(`${method} ${p}`, cells[0].replace(/^\| /, ""));
  }
  for (const route of out.keys()) {
    if (!ROUTES.some((r) => key(r) === route))
      throw new Error(`docs/api-choices.md lists the extension ${route}, which the route table lacks`);
  }
  return out;
}

// ---- schemas -------------------------------------------------------------------------------------

interface Field {
  name: string;
  type: string;
  required: boolean;
  rules: string[];
}

type Def = { type: string; [k: string]: any };
const defOf = (s: z.ZodType) => (s as any)._zod.def as Def;
const bagOf = (s: z.ZodType) => ((s as any)._zod.bag ?? {}) as Record<string, any>;

function noteOf(s: z.ZodType): string | undefined {
  return z.globalRegistry.get(s)?.description;
}

/** Peel optional, default, nullable and pipes; what is left is the value's own schema. */
function peel(schema: z.ZodType): { core: z.ZodType; required: boolean; nullable: boolean; default?: unknown; notes: string[] } {
  let s = schema;
  let required = true;
  let nullable = false;
  let dflt: unknown;
  const notes: string[] = [];
  for (;;) {
    const note = noteOf(s);
    if (note && !notes.includes(note)) notes.push(note);
    const def = defOf(s);
    if (def.type === "optional") required = false;
    else if (def.type === "nullable") nullable = true;
    else if (def.type === "default" || def.type === "prefault") {
      required = false;
      dflt = typeof def.defaultValue === "function" ? def.defaultValue() : def.defaultValue;
    } else if (def.type === "pipe") {
      // notNull(x) is unknown → x; x.transform(f) is x → f: the wire shape is the schema side of the pipe.
      const inner = defOf(def.in).type;
      s = inner === "unknown" || inner === "any" ? def.out : def.in;
      continue;
    } else break;
    s = def.innerType;
  }
  return { core: s, required, nullable, default: dflt, notes };
}

function typeOf(s: z.ZodType): { type: string; rules: string[] } {
  const def = defOf(s);
  const bag = bagOf(s);
  const rules: string[] = [];
  const range = (what: string) => {
    if (bag.minimum !== undefined && bag.maximum !== undefined) rules.push(`${what} ${bag.minimum} to ${bag.maximum}`);
    else if (bag.minimum !== undefined) rules.push(`${what} at least ${bag.minimum}`);
    else if (bag.maximum !== undefined) rules.push(`${what} at most ${bag.maximum}`);
  };
  switch (def.type) {
    case "string":
      if (bag.minimum === 1 && bag.maximum === undefined) rules.push("not empty");
      else range("length");
      return { type: "string", rules };
    case "number": {
      const integer = typeof bag.format === "string" && bag.format.includes("int");
      // z.int() carries the safe-integer range; only a narrower one is worth saying.
      if (!(integer && bag.minimum === Number.MIN_SAFE_INTEGER && bag.maximum === Number.MAX_SAFE_INTEGER)) range("from");
      return { type: integer ? "integer" : "number", rules };
    }
    case "boolean":
      return { type: "boolean", rules };
    case "enum":
      return {
        type: "string",
        rules: [
          `one of ${Object.values(def.entries)
            .map((v) => `\`${String(v)}\``)
            .join(", ")}`,
        ],
      };
    case "literal":
      return {
        type: typeof def.values[0] === "number" ? "integer" : "string",
        rules: [`one of ${def.values.map((v: unknown) => `\`${String(v)}\``).join(", ")}`],
      };
    case "array": {
      const item = typeOf(peel(def.element).core);
      if (bag.minimum !== undefined || bag.maximum !== undefined) range("items:");
      return { type: `array of ${item.type}`, rules: [...rules, ...item.rules.map((r) => `each: ${r}`)] };
    }
    case "record": {
      const value = typeOf(peel(def.valueType).core);
      return { type: `map of string to ${value.type}`, rules: value.rules.map((r) => `each value: ${r}`) };
    }
    case "object":
      return { type: "object", rules };
    case "union":
      return { type: def.options.map((o: z.ZodType) => typeOf(peel(o).core).type).join(" or "), rules };
    default:
      return { type: "any", rules };
  }
}

/** Every field of an object schema, nested objects as `a.b`, array items as `a[].b`, map values as `a.<key>.b`. */
function fieldsOf(schema: z.ZodType, prefix = "", stop: ReadonlySet<string> = new Set()): Field[] {
  const { core } = peel(schema);
  const def = defOf(core);
  if (def.type !== "object") return [];
  const out: Field[] = [];
  for (const [name, child] of Object.entries(def.shape as Record<string, z.ZodType>)) {
    const full = `${prefix}${name}`;
    const p = peel(child);
    const t = typeOf(p.core);
    const rules = [...t.rules, ...p.notes];
    if (p.nullable) rules.push("may be null");
    if (p.default !== undefined) rules.push(`default \`${JSON.stringify(p.default)}\``);
    if (stop.has(full)) {
      out.push({
        name: full,
        type: "object",
        required: p.required,
        rules: [`the \`${name}\` module, as its PUT body ([${name}](#module-${name.replace(/_/g, "-")}))`, "not null"],
      });
      continue;
    }
    out.push({ name: full, type: t.type, required: p.required, rules });
    const cdef = defOf(p.core);
    if (cdef.type === "object") out.push(...fieldsOf(p.core, `${full}.`));
    if (cdef.type === "array") out.push(...fieldsOf(cdef.element, `${full}[].`));
    if (cdef.type === "record") out.push(...fieldsOf(cdef.valueType, `${full}.<key>.`));
  }
  return out;
}

// ---- running the examples ------------------------------------------------------------------------

interface Exchange {
  method: Method;
  path: string;
  body?: Record<string, unknown>;
  status: number;
  answer?: unknown;
}

interface RouteFacts {
  schema?: z.ZodType;
  immutable: readonly string[];
  example?: Exchange;
  conflict: string[];
}

interface Run {
  facts: Map<string, RouteFacts>;
  /** Kind label → labels of the kinds that were seen using it. */
  usedBy: Map<string, Set<string>>;
  /** Kind label → labels of the kinds it owns (deleted with it). */
  owns: Map<string, Set<string>>;
  base: string;
  start: number;
}

async function runExamples(): Promise<Run> {
  const start = Date.now();
  const fx = fixtures();
  const bodies = exampleBodies(fx);
  const store = Store.open(KINDS);
  const rootToken = "reference-root-token";
  const server = createEmulatorServer({ store, rootToken, domains: { provisioningDelayMs: 0 }, log: () => {} });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const made = new Map<string, string>();
  const facts = new Map<string, RouteFacts>(ROUTES.map((r) => [key(r), { immutable: [], conflict: [] }]));
  const ids: Ids = (collection) => {
    const id = made.get(collection);
    if (id === undefined) throw new NotYet(collection);
    return id;
  };
  const fill = (route: Route) => route.path.replace(/\{(\w+)\}/g, (m, _p, at: number) => ids(route.path.slice(0, at - 1)));

  async function send(route: Route, body?: Record<string, unknown>): Promise<Exchange> {
    const target = fill(route);
    const fact = facts.get(key(route))!;
    let seen = false;
    const stop = observeBodies((schema, immutable) => {
      if (seen) return;
      seen = true;
      fact.schema = schema;
      fact.immutable = immutable;
    });
    try {
      const res = await fetch(`${base}${target}`, {
        method: route.method,
        headers: {
          Authorization: `Bearer ${rootToken}`,
          "Service-Version": SUPPORTED_VERSION,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { method: route.method, path: target, body, status: res.status, answer: text ? JSON.parse(text) : undefined };
    } finally {
      stop();
    }
  }

  async function example(route: Route, expected: number): Promise<Exchange> {
    const make = bodies[key(route)];
    const body = make ? make(ids) : ["POST", "PATCH", "PUT"].includes(route.method) ? {} : undefined;
    const ex = await send(route, body);
    if (ex.status !== expected)
      throw new Error(`example ${key(route)} answered ${ex.status}, not ${expected}: ${JSON.stringify(ex.answer)}`);
    facts.get(key(route))!.example = ex;
    return ex;
  }

  try {
    // Creates, each once what it names exists.
    let pending = ROUTES.filter((r) => r.method === "POST");
    while (pending.length > 0) {
      const left: Route[] = [];
      for (const route of pending) {
        try {
          const ex = await example(route, 201);
          const answer = ex.answer as { id?: string; type?: string };
          made.set(route.path, (answer.id ?? answer.type)!);
        } catch (err) {
          if (!(err instanceof NotYet)) throw err;
          left.push(route);
        }
      }
      if (left.length === pending.length) throw new Error(`no example can make what ${left.map(key).join(", ")} need`);
      pending = left;
    }
    // Reads and updates; a read-only list names the item its get example reads.
    for (const route of ROUTES) {
      if (route.method === "POST" || route.method === "DELETE" || moduleOf(route)) continue;
      const ex = await example(route, 200);
      const listKey =
        route.query?.length && !made.has(route.path) && Object.keys(ex.answer as object).find((k) => Array.isArray((ex.answer as any)[k]));
      if (listKey) made.set(route.path, (ex.answer as any)[listKey][0].id);
    }
    // Modules: set, read and remove each one, so that modules that exclude each other never meet.
    for (const route of ROUTES.filter((r) => r.method === "PUT")) {
      await example(route, 200);
      await example(
        ROUTES.find((r) => r.method === "GET" && r.path === route.path)!,
        200,
      );
      await example(
        ROUTES.find((r) => r.method === "DELETE" && r.path === route.path)!,
        204,
      );
    }
    // What is used and owned, from the records the examples left.
    const usedBy = new Map<string, Set<string>>();
    const owns = new Map<string, Set<string>>();
    const add = (m: Map<string, Set<string>>, k: string, v: string) => m.set(k, (m.get(k) ?? new Set()).add(v));
    for (const kind of KINDS) {
      for (const record of store.collection(kind).all()) {
        for (const id of kind.uses?.(record) ?? []) add(usedBy, store.kindOf(id)!.label, kind.label);
        const owner = kind.owner?.(record);
        if (owner) add(owns, store.kindOf(owner)!.label, kind.label);
      }
    }
    // A create sent again: a value that must be unique answers 409.
    for (const route of ROUTES.filter((r) => r.method === "POST")) {
      const again = await send(route, bodies[key(route)]?.(ids) ?? {});
      if (again.status === 409) facts.get(key(route))!.conflict.push((again.answer as { msg: string }).msg);
      else if (again.status !== 201) throw new Error(`${key(route)} sent again answered ${again.status}`);
      else {
        const gone = await fetch(
          `${base}${again.path}/${(again.answer as { id?: string; type?: string }).id ?? (again.answer as { type: string }).type}`,
          {
            method: "DELETE",
            headers: { Authorization: `Bearer ${rootToken}` },
          },
        );
        if (gone.status !== 204) throw new Error(`the copy made by ${key(route)} could not be deleted (${gone.status})`);
      }
    }
    // Deletes, each once nothing uses what it deletes any more.
    // The reverse of the creates: users go before what they use, owned records before their owners.
    const created = [...made.keys()];
    const rank = (r: Route) => created.indexOf(r.path.replace(/\/\{\w+\}$/, ""));
    let deletes = ROUTES.filter((r) => r.method === "DELETE" && !moduleOf(r)).sort((a, b) => rank(b) - rank(a));
    while (deletes.length > 0) {
      const left: Route[] = [];
      for (const route of deletes) {
        const ex = await send(route);
        if (ex.status === 204) facts.get(key(route))!.example = ex;
        else if (ex.status === 409) left.push(route);
        else if (ex.status === 404 && facts.get(key(route))!.example)
          continue; // gone with its owner; the 204 was kept
        else throw new Error(`example ${key(route)} answered ${ex.status}: ${JSON.stringify(ex.answer)}`);
      }
      if (left.length === deletes.length) throw new Error(`nothing can be deleted of ${left.map(key).join(", ")}`);
      deletes = left;
    }
    return { facts, usedBy, owns, base, start };
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

// ---- rendering -----------------------------------------------------------------------------------

const code = (s: string) => `\`${s}\``;
const cell = (s: string) => s.replace(/\|/g, "\\|");
const anchor = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, "")
    .replace(/ /g, "-");
const EXAMPLE_BASE = "https://api.example.com";

function curl(ex: Exchange): string {
  const lines = [
    `curl ${ex.method === "GET" ? "" : `-X ${ex.method} `}"$EDGE_INGRESS_API_URL${ex.path}"`,
    '-H "Authorization: Bearer $EDGE_INGRESS_API_KEY"',
    `-H "Service-Version: ${SUPPORTED_VERSION}"`,
  ];
  if (ex.body)
    lines.push(
      '-H "Content-Type: application/json"',
      `-d '${JSON.stringify(ex.body, null, 2).replace(/'/g, "'\\''").replace(/\n/g, "\n  ")}'`,
    );
  return ["```sh", lines.join(" \\\n  "), "```"].join("\n");
}

function answer(ex: Exchange): string {
  if (ex.answer === undefined) return `Answer: \`${ex.status}\`, no body.`;
  return [`Answer \`${ex.status}\`:`, "", "```json", JSON.stringify(ex.answer, null, 2), "```"].join("\n");
}

function fieldTable(fields: readonly Field[]): string {
  if (fields.length === 0) return "Body: `{}` (no fields).";
  const rows = fields.map(
    (f) => `| ${code(f.name)} | ${cell(f.type)} | ${f.required ? "required" : "optional"} | ${cell(f.rules.join("; "))} |`,
  );
  return ["| field | type | | rules |", "|---|---|---|---|", ...rows].join("\n");
}

function kindLabelOf(route: Route): string | undefined {
  const collection = route.path.replace(/\/\{id\}(\/[a-z_]+)?$/, "");
  return KINDS.find((k) => k.path === collection)?.label;
}

function routeErrors(route: Route, fact: RouteFacts, fields: readonly Field[], run: Run): string[] {
  const errors: string[] = [];
  const add = (c: ErrorCode, when?: string) => errors.push(`\`${ERROR_STATUS[c]}\` ${c}${when ? ` (${when})` : ""}`);
  const body = ["POST", "PATCH", "PUT"].includes(route.method);
  if (body) {
    add("MALFORMED_JSON");
    add("UNKNOWN_FIELD");
    add("INVALID_FIELD");
    if (fields.some((f) => f.required)) add("MISSING_FIELD");
    if (fact.immutable.length) add("IMMUTABLE_FIELD", fact.immutable.map(code).join(", "));
  }
  if (route.query?.length) add("INVALID_QUERY", route.query.map(code).join(", "));
  if (route.method === "POST") {
    add("INVALID_HEADER", code(IDEMPOTENCY_KEY_HEADER));
    add("IDEMPOTENCY_KEY_REUSED");
  }
  if (fields.some((f) => f.name === "owner_id")) add("FORBIDDEN", "`owner_id` of another owner, unless the caller is an admin");
  if (params(route.path).length) add("NOT_FOUND");
  if (route.method === "DELETE" && !moduleOf(route)) {
    const users = run.usedBy.get(kindLabelOf(route) ?? "");
    if (users) add("CONFLICT", `while used by: ${[...users].join(", ")}`);
  }
  for (const msg of fact.conflict) add("CONFLICT", `e.g. "${msg}"`);
  if (body) {
    add("BODY_TOO_LARGE");
    add("UNSUPPORTED_MEDIA_TYPE");
  }
  return errors;
}

function renderRoute(route: Route, run: Run, extensions: Map<string, string>, modules: ReadonlySet<string>): string {
  const fact = run.facts.get(key(route))!;
  const out = [`### ${route.method} ${code(route.path)}`, ""];
  const ext = extensions.get(key(route));
  if (ext) out.push(`**Extension** (${ext}).`, "");
  const p = params(route.path);
  if (p.length) out.push(`Path parameters: ${p.map(code).join(", ")}.`, "");
  if (route.query?.length) out.push(`Query parameters: ${route.query.map(code).join(", ")} (see [Lists](#lists)).`, "");
  const fields = fact.schema ? fieldsOf(fact.schema, "", modules) : [];
  if (["POST", "PATCH", "PUT"].includes(route.method)) {
    if (!fact.schema) throw new Error(`${key(route)} checked no body schema in its example`);
    out.push(fieldTable(fields), "");
    if (route.method === "PATCH" && fields.length) out.push("Only the fields sent change; `{}` changes nothing.", "");
  }
  if (!fact.example) throw new Error(`${key(route)} has no example`);
  out.push(curl(fact.example), "", answer(fact.example), "");
  out.push(`Errors: ${routeErrors(route, fact, fields, run).join(", ")}.`, "");
  return out.join("\n");
}

/** Module operations of a resource: one table, the bodies and examples are in [Modules](#modules). */
function renderModuleRoutes(routes: readonly Route[], extensions: Map<string, string>): string {
  const rows = routes
    .filter((r) => r.method === "PUT")
    .map((put) => {
      const name = moduleOf(put)!;
      const methods = routes.filter((r) => r.path === put.path).map((r) => r.method + (extensions.has(key(r)) ? " (extension)" : ""));
      return `| [${name}](#module-${name.replace(/_/g, "-")}) | ${code(put.path)} | ${methods.join(", ")} |`;
    });
  if (rows.length === 0) return "";
  return [
    "### Modules",
    "",
    "GET answers `200` with the module (`404` NOT_FOUND when it is not set), PUT replaces it wholly and answers `200` with it, DELETE removes it and answers `204`.",
    "",
    "| module | path | methods |",
    "|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** Each module once: its PUT body and one real PUT; owners whose schema differs get their own entry. */
function renderModules(run: Run): string {
  const seen = new Map<string, Array<{ schema: z.ZodType; routes: Route[] }>>();
  for (const route of ROUTES.filter((r) => r.method === "PUT")) {
    const name = moduleOf(route)!;
    const schema = run.facts.get(key(route))!.schema!;
    const variants = seen.get(name) ?? [];
    const same = variants.find((v) => v.schema === schema);
    if (same) same.routes.push(route);
    else variants.push({ schema, routes: [route] });
    seen.set(name, variants);
  }
  const out = [
    "## Modules",
    "",
    "Edges and HTTPS edge routes carry modules: each is a field of the edge or route (`null` when unset) and has its own GET, PUT and DELETE under the edge or route. A module sent in a create or PATCH body has the same fields as its PUT body; it may be absent but not `null` (remove a module with its DELETE).",
    "",
  ];
  for (const name of [...seen.keys()].sort()) {
    out.push(`### Module ${code(name)}`, "");
    for (const variant of seen.get(name)!) {
      const where = variant.routes.map((r) => code(r.path.replace(/\/[a-z_]+$/, ""))).join(", ");
      out.push(`On ${where}:`, "", fieldTable(fieldsOf(variant.schema)), "");
      const ex = run.facts.get(key(variant.routes[0]))!.example!;
      out.push(curl(ex), "", answer(ex), "");
    }
  }
  return out.join("\n");
}

function intro(run: Run, extensions: Map<string, string>): string {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).map((c) => `| ${c} | ${ERROR_STATUS[c]} | ${MEANING[c]} |`);
  return `# HTTP API reference

Generated from the emulator's route table and request schemas by \`npm run generate\`: every route of the
Management API that the emulator serves, with its body fields and rules, and an example request whose
answer is the emulator's real answer (ids, times, keys and tokens replaced by stable placeholders). A test
keeps this file current. The typed client over these routes is described in [sdk.md](sdk.md).

## Basics

- **Base URL**: your account's API URL (the sdk and the providers read it from \`EDGE_INGRESS_API_URL\`). The
  examples send requests to \`$EDGE_INGRESS_API_URL\` and show answers as if it were \`${EXAMPLE_BASE}\`.
  Every \`uri\` in an answer is absolute.
- **Authentication**: every request carries \`Authorization: Bearer <API key>\`.
- **Version**: send \`Service-Version: ${SUPPORTED_VERSION}\` (an absent header means version ${SUPPORTED_VERSION}; any other
  value is \`400\` UNSUPPORTED_VERSION).
- **JSON only**: request bodies are JSON objects sent with \`Content-Type: application/json\` (at most 1 MiB);
  answers are JSON, and a \`204\` has no body. Field names are snake_case. Unknown fields are refused
  (UNKNOWN_FIELD), so read-only fields of an answer (\`id\`, \`uri\`, \`created_at\`) cannot be sent back,
  except a PATCH's \`id\` equal to the path's.
- **Ids** have a prefix per kind (\`ipp_…\` for IP policies) and sort by creation time. Times are RFC 3339 UTC.
- **Create** is \`POST\` on the collection and answers \`201\`; **update** is \`PATCH\` and changes only the
  fields sent; **delete** answers \`204\`. A request that fails changes nothing.
- Every answer carries \`Edge-Ingress-Operation-Id\`, the id to quote when asking about a request.

## Lists

A list answers one page: \`{"<items>": [...], "uri": "<collection URL>", "next_page_uri": <URL or null>}\`,
newest first. \`limit\` (1 to ${MAX_LIMIT}, default ${MAX_LIMIT}) sets the page size and \`before_id\` starts
after an id. To read everything, follow \`next_page_uri\` until it is \`null\`; do not build page URLs
yourself.

## Errors

Every error answers with its status and this body; \`details.field\` and \`details.rule\` name the field
and the rule of a validation error:

\`\`\`json
{
  "error_code": "INVALID_FIELD",
  "status_code": 400,
  "msg": "description: must be at most 255 bytes (UTF-8), got 300",
  "details": { "operation_id": "op_…", "field": "description", "rule": "must be at most 255 bytes (UTF-8)" }
}
\`\`\`

| code | status | when |
|---|---|---|
${codes.join("\n")}

Every route may answer \`401\` UNAUTHORIZED, \`400\` UNSUPPORTED_VERSION, \`400\` INVALID_QUERY (a query
parameter it does not take), \`404\` ROUTE_NOT_FOUND, \`405\` METHOD_NOT_ALLOWED, \`429\` RATE_LIMITED,
\`500\` INTERNAL_ERROR and \`503\` SERVICE_UNAVAILABLE; each route below lists its own errors besides these.

### Rate limits

A client that sends too many requests gets \`429\` RATE_LIMITED with a \`Retry-After\` header (seconds).
The request was not processed: wait that long and send it again. \`503\` is retried the same way, with a
backoff of your own. The sdk does both (see [sdk.md](sdk.md#retries)).

## Extensions

Routes marked **Extension** are not in the published API description; the emulator serves them in the
same shape as the others and the sdk relies on them. ${extensions.size} routes are extensions; the list
and the reasons are in [api-choices.md](api-choices.md#extensions).

- **\`${IDEMPOTENCY_KEY_HEADER}\`** (extension): a POST may carry \`${IDEMPOTENCY_KEY_HEADER}: <key>\` (1 to 255 visible
  ASCII characters). A retry with the same key and the same request within 24 hours is not processed again:
  it gets the first \`201\` answer, with \`${REPLAYED_HEADER}: true\`. The same key with another request is
  \`400\` IDEMPOTENCY_KEY_REUSED. Every answer carries \`Edge-Ingress-Extensions: idempotency-key\`.
- The emulator's own \`/_emulator/*\` routes (faults, counters, reset) are not part of the API; they are
  described in [emulator.md](emulator.md).
`;
}

/** One list of the resources with links. */
function contents(): string {
  const titles = [...resources().map((f) => referenceOf(f).title), "Modules"];
  return ["## Resources", "", titles.map((t) => `[${t}](#${anchor(t)})`).join(" · "), ""].join("\n");
}

/** The route resources, each with a reference (title and examples) of its own. */
function resources(): string[] {
  const untitled = Object.keys(ROUTES_BY_RESOURCE).filter((f) => !REFERENCES_BY_RESOURCE[f]?.title);
  if (untitled.length)
    throw new Error(
      `the resources ${untitled.join(", ")} have no reference: give their rules (emulator/state/) a \`reference\` with a title`,
    );
  return Object.keys(ROUTES_BY_RESOURCE);
}

function referenceOf(resource: string): KindReference {
  return REFERENCES_BY_RESOURCE[resource]!;
}

function renderResource(resource: string, run: Run, extensions: Map<string, string>, modules: ReadonlySet<string>): string {
  const title = referenceOf(resource).title;
  const routes = ROUTES_BY_RESOURCE[resource];
  const out = [`## ${title}`, ""];
  const label = kindLabelOf(routes[0]);
  const owned = run.owns.get(label ?? "");
  if (owned) out.push(`Deleting one deletes what it owns: ${[...owned].join(", ")}.`, "");
  const moduleRoutes = routes.filter((r) => moduleOf(r));
  for (const route of routes.filter((r) => !moduleOf(r))) out.push(renderRoute(route, run, extensions, modules));
  out.push(renderModuleRoutes(moduleRoutes, extensions));
  return out.join("\n");
}

/** Stable placeholders for what differs between runs: ids, times, keys, tokens, the emulator's address. */
function normalise(text: string, run: Run): string {
  const ids = new Map<string, string>();
  const counters = new Map<string, number>();
  const minute = 60_000;
  const origin = Date.parse("2026-01-01T00:00:00Z");
  return text
    .split(run.base)
    .join(EXAMPLE_BASE)
    .replace(/\b([a-z]+)_[0-9a-hjkmnp-tv-z]{26}\b/g, (id, prefix: string) => {
      if (!ids.has(id)) {
        const n = (counters.get(prefix) ?? 0) + 1;
        counters.set(prefix, n);
        ids.set(id, `${prefix}_${String(n).padStart(26, "0")}`);
      }
      return ids.get(id)!;
    })
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z\b/g, (t) => {
      const offset = Math.round((Date.parse(t) - run.start) / minute) * minute;
      return new Date(origin + offset).toISOString().replace(".000Z", "Z");
    })
    .replace(
      /-----BEGIN ([A-Z ]+)-----(\\n|\n)[\s\S]*?-----END \1-----/g,
      (_m, what: string, nl: string) => `-----BEGIN ${what}-----${nl}…${nl}-----END ${what}-----`,
    )
    .replace(/\bAAAA[0-9A-Za-z+/]{16,}={0,2}/g, "AAAA…")
    .replace(/\bSHA256:[0-9A-Za-z+/]{43}\b/g, "SHA256:…")
    .replace(/"token": "[^"]+"/g, '"token": "<token>"')
    .replace(/"serial_number": "[0-9a-f]+"/g, '"serial_number": "<serial number>"');
}

/** Routes of a kind the API text does not publish (its reference says `extension`) that no Extensions row lists. */
export function unlistedExtensions(extensions: ReadonlyMap<string, string>): string[] {
  return Object.entries(ROUTES_BY_RESOURCE)
    .filter(([resource]) => REFERENCES_BY_RESOURCE[resource]?.extension)
    .flatMap(([, routes]) => routes.map(key).filter((route) => !extensions.has(route)));
}

/** docs/api.md as it should be; `choicesMd` is docs/api-choices.md (the extensions' list). */
export async function renderApiReference(choicesMd: string): Promise<string> {
  const extensions = extensionRoutes(choicesMd);
  const unlisted = unlistedExtensions(extensions);
  if (unlisted.length)
    throw new Error(
      `docs/api-choices.md lists under "Extensions" no row for ${unlisted.join(", ")}, of a kind the API text does not publish`,
    );
  const run = await runExamples();
  const modules = new Set(ROUTES.map((r) => moduleOf(r)).filter((m): m is string => m !== undefined));
  const parts = [
    intro(run, extensions),
    contents(),
    ...resources().map((f) => renderResource(f, run, extensions, modules)),
    renderModules(run),
  ];
  return normalise(
    `${parts
      .join("\n")
      .replace(/\n{3,}/g, "\n\n")
      .trimEnd()}\n`,
    run,
  );
}
