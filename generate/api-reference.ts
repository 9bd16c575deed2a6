/**
 * The HTTP API reference (docs/api.md), rendered from the route table (./api-routes.ts), the body schemas
 * the handlers really check (./api-fields.ts) and answers of a real in-process emulator
 * (./api-examples.ts), so the reference and the service cannot disagree; a test compares the committed
 * file with this rendering.
 */
import type { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "../emulator/errors";
import { MAX_LIMIT } from "../emulator/http/pagination";
import { SUPPORTED_VERSION } from "../emulator/http/auth";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from "../emulator/http/idempotency";
import type { Route } from "../emulator/http/router";
import { ROUTES_BY_RESOURCE, ROUTES } from "../emulator/routes";
import { fieldsOf, type Field } from "./api-fields";
import { runExamples, type Exchange, type RouteFacts, type Run } from "./api-examples";
import { extensionRoutes, key, kindLabelOf, moduleOf, params, referenceOf, resources, unlistedExtensions } from "./api-routes";

export { extensionRoutes, unlistedExtensions } from "./api-routes";

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

/** One list of the resources with links. */
function contents(): string {
  const titles = [...resources().map((f) => referenceOf(f).title), "Modules"];
  return ["## Resources", "", titles.map((t) => `[${t}](#${anchor(t)})`).join(" · "), ""].join("\n");
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
