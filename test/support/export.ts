/**
 * An account built by hand through the sdk with every kind `edge-ingress export` declares: what the
 * exporter's unit and e2e tests read back. Credentials are returned by resource id and input path,
 * as the exporter names them (its `Secret.id` / `Secret.path`).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { EdgeIngress } from "../../sdk";
import { certificate, chain, privateKeyPem, sshPublicKey } from "./pki";
import { REPO_ROOT } from "../../harness/engine";

export const IDP_METADATA = '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.test"/>';

/** The versions a generated project pins, as the exporter is given them (test/cli/generate*.test.ts). */
export const VERSIONS = { packageVersion: "0.1.0", pulumiVersion: "^3.139.0", typescriptVersion: "~5.9.3", nodeTypesVersion: "^24.0.0" };

export interface BuiltAccount {
  /** Credential values by resource id, then input path. */
  credentials: Map<string, Record<string, string>>;
  /** The reserved domain whose certificate the service manages (its issued certificate is not declared). */
  managedDomainId: string;
}

export async function buildAccount(client: EdgeIngress): Promise<BuiltAccount> {
  const credentials = new Map<string, Record<string, string>>();
  const office = await client.ipPolicies.create({ description: "Office egress", metadata: '{"team":"net"}' });
  const vpn = await client.ipPolicies.create({});
  // Real ranges: the policies restrict something (documentation blocks of RFC 5737 and RFC 3849).
  await client.ipPolicyRules.create({ ipPolicyId: office.id, cidr: "203.0.113.0/24", action: "allow", description: "Office NAT" });
  await client.ipPolicyRules.create({ ipPolicyId: office.id, cidr: "2001:db8::/32", action: "allow" });
  await client.ipPolicyRules.create({ ipPolicyId: vpn.id, cidr: "198.51.100.0/24", action: "deny" });
  await client.ipRestrictions.create({ type: "api", ipPolicyIds: [office.id, vpn.id], enforced: true, description: "API from the office" });
  await client.ipRestrictions.create({ type: "dashboard", ipPolicyIds: [office.id] });

  const { root, chainPem, leaf } = chain({ subject: { CN: "app.example.com", O: "Example" }, dnsNames: ["app.example.com"] });
  const ca = await client.certificateAuthorities.create({ caPem: root.pem, description: "Client CA" });
  const key = privateKeyPem(leaf.privateKey);
  const cert = await client.tlsCertificates.create({ certificatePem: chainPem, privateKeyPem: key });
  credentials.set(cert.id, { privateKeyPem: key });
  await client.reservedDomains.create({ domain: "app.example.com", certificateId: cert.id });
  const managed = await client.reservedDomains.create({
    domain: "shop.example.com",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
  });

  const tunnels = await client.tunnelGroupBackends.create({ labels: { app: "web", "env.tier": "prod" }, description: "web tunnels" });
  const spare = await client.tunnelGroupBackends.create({ labels: { app: "spare" } });
  // Failover refers to a weighted backend declared after it in kind order: ordering must follow references.
  const weighted = await client.weightedBackends.create({ backends: { [tunnels.id]: 80, [spare.id]: 20 }, description: "canary split" });
  const failover = await client.failoverBackends.create({ backends: [weighted.id, spare.id] });

  await client.tcpEdges.create({
    hostports: ["1.tcp.example.com:12345"],
    backend: { backendId: failover.id },
    ipRestriction: { ipPolicyIds: [vpn.id] },
  });
  await client.tlsEdges.create({
    hostports: ["tls.example.com:443"],
    backend: { backendId: tunnels.id, enabled: false },
    tlsTermination: { terminateAt: "upstream", minVersion: null },
  });
  const edge = await client.httpsEdges.create({
    hostports: ["app.example.com:443"],
    mutualTls: { certificateAuthorityIds: [ca.id] },
    tlsTermination: { minVersion: "1.3" },
  });
  const api = await client.httpsEdgeRoutes.create(edge.id, {
    matchType: "path_prefix",
    match: "/api",
    backend: { backendId: weighted.id },
    ipRestriction: { ipPolicyIds: [office.id] },
    circuitBreaker: { errorThresholdPercentage: 0.25 },
    compression: {},
    requestHeaders: { add: { "X-Env": "prod" }, remove: ["X-Debug"] },
    oauth: {
      provider: {
        github: { clientId: "app-id", clientSecret: "oauth-client-secret-1", scopes: ["read:org"], organizations: ["example"] },
      },
      maximumDuration: 3600,
    },
    userAgentFilter: {},
  });
  credentials.set(`${edge.id}/${api.id}`, { "oauth.provider.github.clientSecret": "oauth-client-secret-1" });
  const hooks = await client.httpsEdgeRoutes.create(edge.id, {
    matchType: "exact_path",
    match: "/hooks",
    description: "CI webhooks",
    backend: { backendId: tunnels.id },
    webhookVerification: { provider: "CI", secret: "webhook-secret-1" },
  });
  credentials.set(`${edge.id}/${hooks.id}`, { "webhookVerification.secret": "webhook-secret-1" });
  await client.httpsEdgeRoutes.create(edge.id, {
    matchType: "path_prefix",
    match: "/sso",
    saml: { idpMetadata: IDP_METADATA, authorizedGroups: ["staff"] },
    oidc: {},
    jwtValidation: {},
  });

  await client.sshCredentials.create({ publicKey: sshPublicKey("ed25519"), acl: ["bind:app.example.com"], description: "deploy agent" });
  const sshCa = await client.sshCertificateAuthorities.create({ privateKeyType: "ecdsa", ellipticCurve: "p256", description: "SSH users" });
  await client.sshUserCertificates.create({
    sshCertificateAuthorityId: sshCa.id,
    publicKey: sshPublicKey("ed25519"),
    principals: ["alice"],
    criticalOptions: { "force-command": "uptime" },
  });
  await client.sshHostCertificates.create({
    sshCertificateAuthorityId: sshCa.id,
    publicKey: sshPublicKey("rsa"),
    principals: ["host.example.com"],
  });

  await client.apiKeys.create({ description: "deploy pipeline" });
  await client.tunnelCredentials.create({ acl: ["bind:*.example.com", "bind:team=edge"], description: "edge agent" });

  const stream = await client.eventDestinations.create({
    description: "audit stream",
    target: {
      stream: {
        auth: { creds: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "stream-secret-1" } },
        streamResourceName: "arn:stream/audit",
      },
    },
  });
  credentials.set(stream.id, { "target.stream.auth.creds.secretAccessKey": "stream-secret-1" });
  const monitoring = await client.eventDestinations.create({ target: { monitoring: { apiKey: "monitoring-key-1", service: "edge" } } });
  credentials.set(monitoring.id, { "target.monitoring.apiKey": "monitoring-key-1" });
  const subscription = await client.eventSubscriptions.create({ destinationIds: [stream.id, monitoring.id], description: "audit" });
  await client.eventSources.create(subscription.id, { type: "ip_policy_created.v0" });
  await client.eventSources.create(subscription.id, { type: "ip_policy_updated.v0" });

  // Wait for the managed certificate to be issued, so the export meets a service-made TLS certificate.
  for (let i = 0; i < 100 && (await client.reservedDomains.get(managed.id)).certificate === null; i++)
    await new Promise((r) => setTimeout(r, 50));
  // A second certificate with a similar name: names must stay unique.
  const other = certificate({ subject: { CN: "app.example.com" }, dnsNames: ["app.example.com"] });
  const otherKey = privateKeyPem(other.privateKey);
  const second = await client.tlsCertificates.create({ certificatePem: other.pem, privateKeyPem: otherKey });
  credentials.set(second.id, { privateKeyPem: otherKey });
  return { credentials, managedDomainId: managed.id };
}

/**
 * Makes `dir` look like a project where `npm install` ran: `node_modules/@edge-ingress/pulumi` links to
 * this clone (its built dist/) and every package of the clone's node_modules is linked beside it, so
 * the program, ts-node and the provider process all load the same single copy of each.
 */
export function linkInstall(dir: string): void {
  const modules = path.join(dir, "node_modules");
  fs.mkdirSync(path.join(modules, "@edge-ingress"), { recursive: true });
  fs.symlinkSync(REPO_ROOT, path.join(modules, "@edge-ingress", "pulumi"), "dir");
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, "node_modules"))) {
    if (entry.startsWith(".") || entry === "@edge-ingress") continue;
    fs.symlinkSync(path.join(REPO_ROOT, "node_modules", entry), path.join(modules, entry), "dir");
  }
}
