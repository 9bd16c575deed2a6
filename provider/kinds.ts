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

/** Every kind by type name: what the runtime entry dispatches on. */
export const kinds: Readonly<Record<string, KindSpec>> = Object.fromEntries(
  [
    apiKeyKind,
    ipPolicyKind,
    ipRestrictionKind,
    ipPolicyRuleKind,
    tunnelGroupBackendKind,
    weightedBackendKind,
    failoverBackendKind,
    tcpEdgeKind,
    tlsEdgeKind,
    httpsEdgeKind,
    httpsEdgeRouteKind,
    reservedDomainKind,
    certificateAuthorityKind,
    tlsCertificateKind,
    sshCredentialKind,
    sshCertificateAuthorityKind,
    sshUserCertificateKind,
    sshHostCertificateKind,
    tunnelCredentialKind,
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
