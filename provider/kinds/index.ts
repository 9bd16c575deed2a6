import type { KindSpec } from "../framework/kind";

/**
 * Every kind's declaration, by type name, loaded on first use: a provider process serves the kinds of one
 * stack and builds only their schemas. In this order `edge-ingress export` reads and declares them: a
 * kind comes after the kinds it refers to (a parent before its children).
 */
const DECLARATIONS: Readonly<Record<string, () => KindSpec>> = {
  IpPolicy: () => (require("./ip-policy") as typeof import("./ip-policy")).ipPolicyKind,
  IpPolicyRule: () => (require("./ip-policy-rule") as typeof import("./ip-policy-rule")).ipPolicyRuleKind,
  IpRestriction: () => (require("./ip-restriction") as typeof import("./ip-restriction")).ipRestrictionKind,
  CertificateAuthority: () => (require("./certificate-authority") as typeof import("./certificate-authority")).certificateAuthorityKind,
  TlsCertificate: () => (require("./tls-certificate") as typeof import("./tls-certificate")).tlsCertificateKind,
  ReservedDomain: () => (require("./reserved-domain") as typeof import("./reserved-domain")).reservedDomainKind,
  TunnelGroupBackend: () => (require("./tunnel-group-backend") as typeof import("./tunnel-group-backend")).tunnelGroupBackendKind,
  WeightedBackend: () => (require("./weighted-backend") as typeof import("./weighted-backend")).weightedBackendKind,
  FailoverBackend: () => (require("./failover-backend") as typeof import("./failover-backend")).failoverBackendKind,
  TcpEdge: () => (require("./tcp-edge") as typeof import("./tcp-edge")).tcpEdgeKind,
  TlsEdge: () => (require("./tls-edge") as typeof import("./tls-edge")).tlsEdgeKind,
  HttpsEdge: () => (require("./https-edge") as typeof import("./https-edge")).httpsEdgeKind,
  HttpsEdgeRoute: () => (require("./https-edge-route") as typeof import("./https-edge-route")).httpsEdgeRouteKind,
  SshCredential: () => (require("./ssh-credential") as typeof import("./ssh-credential")).sshCredentialKind,
  SshCertificateAuthority: () =>
    (require("./ssh-certificate-authority") as typeof import("./ssh-certificate-authority")).sshCertificateAuthorityKind,
  SshUserCertificate: () => (require("./ssh-user-certificate") as typeof import("./ssh-user-certificate")).sshUserCertificateKind,
  SshHostCertificate: () => (require("./ssh-host-certificate") as typeof import("./ssh-host-certificate")).sshHostCertificateKind,
  TunnelCredential: () => (require("./tunnel-credential") as typeof import("./tunnel-credential")).tunnelCredentialKind,
  ApiKey: () => (require("./api-key") as typeof import("./api-key")).apiKeyKind,
  EventDestination: () => (require("./event-destination") as typeof import("./event-destination")).eventDestinationKind,
  EventSubscription: () => (require("./event-subscription") as typeof import("./event-subscription")).eventSubscriptionKind,
  EventSource: () => (require("./event-source") as typeof import("./event-source")).eventSourceKind,
};

/** A kind's declaration; `require`'s cache makes each one once. */
export function kindSpec(name: string): KindSpec {
  const load = Object.hasOwn(DECLARATIONS, name) ? DECLARATIONS[name] : undefined;
  if (!load) throw new Error(`edgeingress: unknown resource kind "${name}"; this package version does not provide it`);
  return load();
}

/** Every kind, by type name, in DECLARATIONS' order (what `edge-ingress export` and the tests walk); each loads when read. */
export const kinds: Readonly<Record<string, KindSpec>> = Object.defineProperties(
  {},
  Object.fromEntries(Object.keys(DECLARATIONS).map((name) => [name, { enumerable: true, get: () => kindSpec(name) }])),
);
