/**
 * docs/reference.md's names of every resource in every language: the dynamic TypeScript classes, and
 * the native provider's type token as Pulumi YAML, Go and Python programs write it (the SDKs, which the
 * Pulumi CLI generates from native/schema.json, take these names).
 */
import { kinds } from "../provider/kinds";

/** The native provider's package, Go module and Python package (as native/schema.json names them). */
export const NATIVE_NAMES = {
  package: "edgeingress",
  go: "github.com/edge-ingress/pulumi/sdks/go/edgeingress",
  python: "edge_ingress_pulumi",
} as const;

const code = (s: string) => `\`${s}\``;
export function renderLanguageNames(): string {
  const { package: pkg, go, python } = NATIVE_NAMES;
  const rows = Object.values(kinds).map(
    (d) =>
      `| ${d.name} | ${code(`new ${d.name}(name, {…})`)} | ${code(`type: ${pkg}:${d.name}`)} | ${code(`edgeingress.New${d.name}(ctx, name, &edgeingress.${d.name}Args{…})`)} | ${code(`${python}.${d.name}(name, …)`)} |`,
  );
  return [
    "## Every language",
    "",
    `TypeScript programs use the dynamic classes of ${code("@edge-ingress/pulumi")} (type ${code("pulumi-nodejs:dynamic/edgeingress:<Kind>")}, no plugin);`,
    `Pulumi YAML, Go and Python programs use the native provider, ${code(`pulumi-resource-${pkg}`)}, whose types are ${code(`${pkg}:index:<Kind>`)}`,
    `(its schema: ${code("native/schema.json")}). Your Pulumi CLI generates the SDKs from the installed plugin: Go's with`,
    `${code(`pulumi package add "$(command -v pulumi-resource-${pkg})"`)} in the project (the module ${code(go.replace(/\/[^/]+$/, ""))}, imported as ${code(go)}),`,
    `Python's, the package ${code(python)}, with ${code("pulumi package gen-sdk … --language python --out sdks")} and ${code("venv/bin/pip install ./sdks/python")}`,
    `([native.md](native.md#sdks-per-language)). Property names are the TypeScript ones, in each language's case: Go ${code("IpPolicyIds")}, Python ${code("ip_policy_ids")}, YAML ${code("ipPolicyIds")}.`,
    "",
    "| resource | TypeScript | YAML | Go | Python |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "For .NET or Java, generate an SDK with your own Pulumi CLI from the installed plugin, given by its path (the",
    "language's host ships with Pulumi's .NET and Java installs; [native.md](native.md#sdks-per-language)):",
    "",
    "```sh",
    `pulumi package gen-sdk "$(command -v pulumi-resource-${pkg})" --language dotnet --out sdks   # or: --language java`,
    "```",
    "",
  ].join("\n");
}

/** What differs between the two paths, so that each reader takes only the details of theirs. */
export function renderPaths(): string {
  const { package: pkg } = NATIVE_NAMES;
  const native = `${pkg}:index:<Kind>`;
  return [
    "## Which details belong to which path",
    "",
    "Each kind below is one resource on both paths, with the same inputs (but `adopt` and `connection`), rules, defaults and outputs; only these differ:",
    "",
    "| | TypeScript: the dynamic classes | Pulumi YAML, Go, Python, C#, Java: the native provider |",
    "|---|---|---|",
    `| type (in state, URNs and \`pulumi import\`) | ${code("pulumi-nodejs:dynamic/edgeingress:<Kind>")} | ${code(native)} |`,
    `| taking over an existing resource | the input ${code('adopt: "<id>"')}: at creation the resource is converged to the declared inputs | the resource option ${code("import: <id>")}, or ${code(`pulumi import ${native} <name> <id>`)}: the program must declare what the service holds |`,
    `| reading an existing resource | ${code("<Kind>.get(name, id)")} | the resource option ${code("get: { id: <id> }")} (YAML), ${code("edgeingress.Get<Kind>(ctx, name, id, nil)")} (Go), ${code("<Kind>.get(name, id)")} (Python) |`,
    `| another account | the input ${code("connection")} (a ${code("Connection")}) | a provider resource (${code(`${pkg}:Provider`)}) as the ${code("provider")} option |`,
    `| plugin | none | ${code(`pulumi-resource-${pkg}`)} ([native.md](native.md#installing-the-plugin)) |`,
    "",
    `In the kinds' tables, ${code("adopt")} is the TypeScript path's alone.`,
    "",
  ].join("\n");
}
