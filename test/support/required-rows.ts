/**
 * One resource of every kind with only its required inputs, as the schema's `requiredInputs` lists
 * them, each given a fixed valid value here: what a program declares when it relies on every default.
 * A reference to another resource is `@<Kind>` (that kind's row). Printed as a Pulumi YAML, Go or
 * Python program with the exporter's own value printers, so the three languages declare the same rows.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { stringify } from "yaml";
import { goFields, inputsOf, pyArguments, pyName, typeToken, type PackageSchema } from "../../cli/native-values";
import { Ref } from "../../cli/plan";
import { REPO_ROOT } from "../../harness/engine";
import { caPem, chain, privateKeyPem, sshPublicKey } from "./pki";

export const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "native", "schema.json"), "utf8")) as PackageSchema & {
  resources: Record<string, { requiredInputs?: string[] }>;
};

const LEAF = chain().leaf;
/** A value for each required input, by `Kind.input`. */
const VALUES: Record<string, unknown> = {
  "CertificateAuthority.caPem": caPem("Required-only CA"),
  "EventDestination.target": { logs: { logGroupResourceName: "audit", auth: { role: { roleResourceName: "writer" } } } },
  "EventSource.subscriptionId": "@EventSubscription",
  "EventSource.type": "ip_policy_created.v0",
  "EventSubscription.destinationIds": ["@EventDestination"],
  "FailoverBackend.backends": ["@TunnelGroupBackend"],
  "HttpsEdge.hostports": ["required.example.com:443"],
  "HttpsEdgeRoute.edgeId": "@HttpsEdge",
  "HttpsEdgeRoute.matchType": "path_prefix",
  "HttpsEdgeRoute.match": "/",
  "IpPolicyRule.ipPolicyId": "@IpPolicy",
  "IpPolicyRule.cidr": "203.0.113.0/24",
  "IpPolicyRule.action": "allow",
  "IpRestriction.type": "api",
  "IpRestriction.ipPolicyIds": ["@IpPolicy"],
  "ReservedDomain.domain": "required.example.com",
  "SshCertificateAuthority.privateKeyType": "ed25519",
  "SshCredential.publicKey": sshPublicKey("ed25519", "agent@ci"),
  "SshHostCertificate.sshCertificateAuthorityId": "@SshCertificateAuthority",
  "SshHostCertificate.publicKey": sshPublicKey("ed25519", "root@bastion"),
  "SshUserCertificate.sshCertificateAuthorityId": "@SshCertificateAuthority",
  "SshUserCertificate.publicKey": sshPublicKey("ecdsa", "alice@laptop"),
  "TcpEdge.hostports": ["required.example.com:5432"],
  "TlsCertificate.certificatePem": LEAF.pem,
  "TlsCertificate.privateKeyPem": privateKeyPem(LEAF.privateKey),
  "TlsEdge.hostports": ["required.example.com:8443"],
  "WeightedBackend.backends": [{ backendId: "@TunnelGroupBackend", weight: 1 }],
};

export interface Row {
  kind: string;
  /** The resource's name, also its variable: the kind's, lower camel case. */
  name: string;
  inputs: Record<string, unknown>;
}

const variable = (kind: string) => kind[0].toLowerCase() + kind.slice(1);
const refTo = (value: unknown): unknown =>
  typeof value === "string" && value.startsWith("@")
    ? new Ref(variable(value.slice(1)), value)
    : Array.isArray(value)
      ? value.map(refTo)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, refTo(v)]))
        : value;
/** The kinds a row's inputs refer to. */
const refsOf = (inputs: Record<string, unknown>): string[] =>
  (JSON.stringify(inputs).match(/"@\w+"/g) ?? []).map((ref) => ref.slice(2, -1));

/** Every kind of the schema, each after the kinds it refers to. */
export function requiredRows(): Row[] {
  const kinds = Object.keys(SCHEMA.resources).map((token) => token.split(":")[2]);
  const rows = new Map<string, Row>();
  const add = (kind: string): void => {
    if (rows.has(kind)) return;
    const inputs: Record<string, unknown> = {};
    for (const key of SCHEMA.resources[typeToken(kind)].requiredInputs ?? []) {
      if (!(`${kind}.${key}` in VALUES)) throw new Error(`required-rows: no value for ${kind}.${key}, which the schema requires`);
      inputs[key] = VALUES[`${kind}.${key}`];
    }
    refsOf(inputs).forEach(add);
    rows.set(kind, { kind, name: variable(kind), inputs });
  };
  kinds.forEach(add);
  const unused = Object.keys(VALUES).filter(
    (k) => !SCHEMA.resources[typeToken(k.split(".")[0])]?.requiredInputs?.includes(k.split(".")[1]),
  );
  if (unused.length) throw new Error(`required-rows: values for inputs the schema does not require: ${unused.join(", ")}`);
  return [...rows.values()];
}

export function yamlProgram(project: string, rows: Row[]): string {
  const value = (v: unknown): unknown =>
    typeof v === "string" && v.startsWith("@")
      ? `\${${variable(v.slice(1))}.id}`
      : Array.isArray(v)
        ? v.map(value)
        : v !== null && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]))
          : v;
  const resources = Object.fromEntries(
    rows.map((r) => [r.name, { type: typeToken(r.kind), ...(Object.keys(r.inputs).length ? { properties: value(r.inputs) } : {}) }]),
  );
  return stringify({ name: project, runtime: "yaml", resources }, { lineWidth: 0 });
}

export function goProgram(rows: Row[], importPath: string): string {
  const body = rows.flatMap((r) => {
    const fields = goFields(SCHEMA, inputsOf(SCHEMA, r.kind), refTo(r.inputs) as Record<string, unknown>, r.kind, "\t\t\t");
    const args = fields.length ? `{\n${fields.map((f) => `\t\t\t${f},`).join("\n")}\n\t\t}` : "{}";
    return [
      `\t\t${r.name}, err := edgeingress.New${r.kind}(ctx, ${JSON.stringify(r.name)}, &edgeingress.${r.kind}Args${args})`,
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
      `\t\t_ = ${r.name}`,
    ];
  });
  return [
    "package main",
    "",
    `import (\n\t${JSON.stringify(importPath)}\n\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n)`,
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...body,
    "\t\treturn nil",
    "\t})",
    "}",
    "",
  ].join("\n");
}

export function pythonProgram(rows: Row[], module: string): string {
  return [
    `import ${module} as ei`,
    "",
    ...rows.flatMap((r) => {
      const args = pyArguments(SCHEMA, inputsOf(SCHEMA, r.kind), refTo(r.inputs) as Record<string, unknown>, r.kind, "    ");
      return [`${pyName(r.name)} = ei.${r.kind}(`, ...[JSON.stringify(r.name), ...args].map((a) => `    ${a},`), ")", ""];
    }),
  ].join("\n");
}
