import type { KindSpec } from "./framework/kind";
import { certificateAuthorityKind } from "./certificate-authority";
import { tlsCertificateKind } from "./tls-certificate";
import { reservedDomainKind } from "./reserved-domain";
import { sshCredentialKind } from "./ssh-credential";
import { sshCertificateAuthorityKind } from "./ssh-certificate-authority";
import { sshUserCertificateKind } from "./ssh-user-certificate";
import { sshHostCertificateKind } from "./ssh-host-certificate";
import { apiKeyKind } from "./api-key";
import { eventDestinationKind } from "./event-destination";
import { eventSourceKind } from "./event-source";
import { eventSubscriptionKind } from "./event-subscription";
import { failoverBackendKind } from "./failover-backend";
import { httpsEdgeKind } from "./https-edge";
import { httpsEdgeRouteKind } from "./https-edge-route";
import { ipPolicyKind } from "./ip-policy";
import { ipRestrictionKind } from "./ip-restriction";
import { ipPolicyRuleKind } from "./ip-policy-rule";
import { tcpEdgeKind } from "./tcp-edge";
import { tlsEdgeKind } from "./tls-edge";
import { tunnelCredentialKind } from "./tunnel-credential";
import { tunnelGroupBackendKind } from "./tunnel-group-backend";
import { weightedBackendKind } from "./weighted-backend";

/**
 * Every kind, by type name: what the runtime entry dispatches on and what `edge-ingress export` reads and
 * declares, in this order. A kind comes after the kinds it refers to (a parent before its children).
 */
export const kinds: Readonly<Record<string, KindSpec>> = Object.fromEntries(
  [
    ipPolicyKind,
    ipPolicyRuleKind,
    ipRestrictionKind,
    certificateAuthorityKind,
    tlsCertificateKind,
    reservedDomainKind,
    tunnelGroupBackendKind,
    weightedBackendKind,
    failoverBackendKind,
    tcpEdgeKind,
    tlsEdgeKind,
    httpsEdgeKind,
    httpsEdgeRouteKind,
    sshCredentialKind,
    sshCertificateAuthorityKind,
    sshUserCertificateKind,
    sshHostCertificateKind,
    tunnelCredentialKind,
    apiKeyKind,
    eventDestinationKind,
    eventSubscriptionKind,
    eventSourceKind,
  ].map((k) => [k.name, k]),
);

export function kindSpec(name: string): KindSpec {
  const spec = kinds[name];
  if (!spec) throw new Error(`edgeingress: unknown resource kind "${name}"; this package version does not provide it`);
  return spec;
}
