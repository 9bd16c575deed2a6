/** The route table. A new kind adds its routes module here. */
import type { Route } from "../http/router";
import { apiKeyOperations } from "./api-key";
import { certificateAuthorityOperations } from "./certificate-authority";
import { endpointOperations } from "./endpoint";
import { eventDestinationOperations } from "./event-destination";
import { eventSourceOperations } from "./event-source";
import { eventSubscriptionOperations } from "./event-subscription";
import { failoverBackendOperations } from "./failover-backend";
import { httpsEdgeOperations } from "./https-edge";
import { httpsEdgeRouteOperations } from "./https-edge-route";
import { ipPolicyOperations } from "./ip-policy";
import { ipRestrictionOperations } from "./ip-restriction";
import { ipPolicyRuleOperations } from "./ip-policy-rule";
import { reservedDomainOperations } from "./reserved-domain";
import { sshCertificateAuthorityOperations } from "./ssh-certificate-authority";
import { sshCredentialOperations } from "./ssh-credential";
import { sshHostCertificateOperations } from "./ssh-host-certificate";
import { sshUserCertificateOperations } from "./ssh-user-certificate";
import { tcpEdgeOperations } from "./tcp-edge";
import { tlsCertificateOperations } from "./tls-certificate";
import { tlsEdgeOperations } from "./tls-edge";
import { tunnelCredentialOperations } from "./tunnel-credential";
import { tunnelGroupBackendOperations } from "./tunnel-group-backend";
import { weightedBackendOperations } from "./weighted-backend";

export const ROUTES: readonly Route[] = [
  ...apiKeyOperations,
  ...ipPolicyOperations,
  ...ipRestrictionOperations,
  ...ipPolicyRuleOperations,
  ...tunnelGroupBackendOperations,
  ...weightedBackendOperations,
  ...failoverBackendOperations,
  ...tcpEdgeOperations,
  ...tlsEdgeOperations,
  ...httpsEdgeOperations,
  ...httpsEdgeRouteOperations,
  ...endpointOperations,
  ...eventDestinationOperations,
  ...eventSubscriptionOperations,
  ...eventSourceOperations,
  ...certificateAuthorityOperations,
  ...tlsCertificateOperations,
  ...reservedDomainOperations,
  ...sshCredentialOperations,
  ...sshCertificateAuthorityOperations,
  ...sshUserCertificateOperations,
  ...sshHostCertificateOperations,
  ...tunnelCredentialOperations,
];
