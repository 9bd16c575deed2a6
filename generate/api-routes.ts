/**
 * The emulator's route table as the API reference (generate/api-reference.ts) reads it: a route's key,
 * its module and path parameters, the extensions docs/api-choices.md lists, and each resource's
 * reference (title and example bodies).
 */
import type { Route } from "../emulator/http/router";
import { ROUTES_BY_RESOURCE, ROUTES } from "../emulator/routes";
import { KINDS } from "../emulator/state";
import type { KindReference } from "../emulator/state/rules";
import { referencesByResource } from "./emulator-registry";

export const key = (route: Pick<Route, "method" | "path">) => `${route.method} ${route.path}`;

/** Module routes end in `/{id}/<module>`; their PUT takes the module's body. */
export function moduleOf(route: Route): string | undefined {
  const m = /\/\{id\}\/([a-z_]+)$/.exec(route.path);
  return m && ROUTES.some((r) => r.method === "PUT" && r.path === route.path) ? m[1] : undefined;
}

export const params = (p: string) => [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

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

/** The label of the kind whose collection a route is on. */
export function kindLabelOf(route: Route): string | undefined {
  const collection = route.path.replace(/\/\{id\}(\/[a-z_]+)?$/, "");
  return KINDS.find((k) => k.path === collection)?.label;
}

/** Each resource's title and example bodies: from its rules, else its state module's `<resource>Reference`. */
const REFERENCES_BY_RESOURCE = referencesByResource();

/** The route resources, each with a reference (title and examples) of its own. */
export function resources(): string[] {
  const untitled = Object.keys(ROUTES_BY_RESOURCE).filter((f) => !REFERENCES_BY_RESOURCE[f]?.title);
  if (untitled.length)
    throw new Error(
      `the resources ${untitled.join(", ")} have no reference: give their rules (emulator/state/) a \`reference\` with a title`,
    );
  return Object.keys(ROUTES_BY_RESOURCE);
}

export function referenceOf(resource: string): KindReference {
  return REFERENCES_BY_RESOURCE[resource]!;
}

/** Routes of a kind the API text does not publish (its reference says `extension`) that no Extensions row lists. */
export function unlistedExtensions(extensions: ReadonlyMap<string, string>): string[] {
  return Object.entries(ROUTES_BY_RESOURCE)
    .filter(([resource]) => REFERENCES_BY_RESOURCE[resource]?.extension)
    .flatMap(([, routes]) => routes.map(key).filter((route) => !extensions.has(route)));
}
