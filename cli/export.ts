/** `edge-ingress export`, the reading half: lists the whole account through the sdk and writes the project. */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EdgeIngress } from "../sdk";
import { generateProject, type AccountSnapshot, type ExportPlan } from "./generate";

/** Every listable kind's resources (all pages), routes from their edges and sources from their subscriptions. */
export async function readAccount(client: EdgeIngress): Promise<{ snapshot: AccountSnapshot; endpoints: number }> {
  const all = <T>(list: { toArray(): Promise<T[]> }) => list.toArray();
  const [httpsEdges, eventSubscriptions, endpoints] = await Promise.all([
    all(client.httpsEdges.list()),
    all(client.eventSubscriptions.list()),
    all(client.endpoints.list()),
  ]);
  const sources = await Promise.all(
    eventSubscriptions.map(async (sub) => (await all(client.eventSources.list(sub.id))).map((s) => ({ ...s, subscriptionId: sub.id }))),
  );
  const snapshot: AccountSnapshot = {
    ApiKey: await all(client.apiKeys.list()),
    IpPolicy: await all(client.ipPolicies.list()),
    IpPolicyRule: await all(client.ipPolicyRules.list()),
    IpRestriction: await all(client.ipRestrictions.list()),
    TunnelGroupBackend: await all(client.tunnelGroupBackends.list()),
    WeightedBackend: await all(client.weightedBackends.list()),
    FailoverBackend: await all(client.failoverBackends.list()),
    TcpEdge: await all(client.tcpEdges.list()),
    TlsEdge: await all(client.tlsEdges.list()),
    HttpsEdge: httpsEdges,
    HttpsEdgeRoute: httpsEdges.flatMap((edge) => edge.routes),
    ReservedDomain: await all(client.reservedDomains.list()),
    CertificateAuthority: await all(client.certificateAuthorities.list()),
    TlsCertificate: await all(client.tlsCertificates.list()),
    SshCredential: await all(client.sshCredentials.list()),
    SshCertificateAuthority: await all(client.sshCertificateAuthorities.list()),
    SshUserCertificate: await all(client.sshUserCertificates.list()),
    SshHostCertificate: await all(client.sshHostCertificates.list()),
    TunnelCredential: await all(client.tunnelCredentials.list()),
    EventDestination: await all(client.eventDestinations.list()),
    EventSubscription: eventSubscriptions,
    EventSource: sources.flat(),
  };
  return { snapshot, endpoints: endpoints.length };
}

export interface ExportOptions {
  outDir: string;
  project: string;
  apiUrl: string;
  /** Replace files of an earlier export. */
  force?: boolean;
}

function versions(): { packageVersion: string; pulumiVersion: string; typescriptVersion: string; nodeTypesVersion: string } {
  // Our own manifest by self-reference: the same from dist/ in this clone and in an installed copy.
  const manifest = JSON.parse(fs.readFileSync(require.resolve("@edge-ingress/pulumi/package.json"), "utf8"));
  return {
    packageVersion: manifest.version,
    pulumiVersion: manifest.peerDependencies["@pulumi/pulumi"],
    typescriptVersion: manifest.devDependencies.typescript,
    nodeTypesVersion: manifest.devDependencies["@types/node"],
  };
}

/** Reads the account and writes the project into `outDir`; refuses to overwrite unless `force`. */
export async function exportAccount(client: EdgeIngress, options: ExportOptions): Promise<{ plan: ExportPlan; files: string[] }> {
  const { snapshot, endpoints } = await readAccount(client);
  const { files, plan } = generateProject(snapshot, { project: options.project, apiUrl: options.apiUrl, endpoints, ...versions() });
  const targets = Object.keys(files).map((name) => path.join(options.outDir, name));
  const existing = targets.filter((file) => fs.existsSync(file));
  if (existing.length && !options.force) {
    throw new Error(`${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}; choose another --out or pass --force`);
  }
  fs.mkdirSync(options.outDir, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(options.outDir, name), content);
  return { plan, files: targets };
}
