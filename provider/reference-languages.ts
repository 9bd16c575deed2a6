/**
 * docs/reference.md's names of every resource in every language: the dynamic TypeScript classes, and
 * the native provider's type token as Pulumi YAML, Go and Python programs write it (the SDKs in sdks/
 * are generated from native/schema.json, whose names these are).
 */
import { kinds } from "./kinds";

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
    `(its schema: ${code("native/schema.json")}). The Go SDK is the module ${code(go)}, the Python one the package ${code(python)}`,
    `(${code("sdks/")}). Property names are the TypeScript ones, in each language's case: Go ${code("IpPolicyIds")}, Python ${code("ip_policy_ids")}, YAML ${code("ipPolicyIds")}.`,
    "",
    "| resource | TypeScript | YAML | Go | Python |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    "For .NET or Java, generate an SDK with your own Pulumi CLI, from the schema the plugin serves (the",
    "language's host ships with Pulumi's .NET and Java installs):",
    "",
    "```sh",
    `pulumi package get-schema pulumi-resource-${pkg} > ${pkg}-schema.json`,
    `pulumi package gen-sdk ${pkg}-schema.json --language dotnet --out sdks   # or: --language java`,
    "```",
    "",
  ].join("\n");
}
