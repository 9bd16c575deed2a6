/** The route table. A new kind adds its routes module here. */
import type { Route } from "../http/router";
import { apiKeyRoutes } from "./api-key";
import { certificateAuthorityRoutes } from "./certificate-authority";
import { endpointRoutes } from "./endpoint";
import { eventDestinationRoutes } from "./event-destination";
import { eventSourceRoutes } from "./event-source";
import { eventSubscriptionRoutes } from "./event-subscription";
import { failoverBackendRoutes } from "./failover-backend";
import { httpsEdgeRoutes } from "./https-edge";
import { httpsEdgeRouteRoutes } from "./https-edge-route";
import { ipPolicyRoutes } from "./ip-policy";
import { ipRestrictionRoutes } from "./ip-restriction";
import { ipPolicyRuleRoutes } from "./ip-policy-rule";
import { reservedDomainRoutes } from "./reserved-domain";
import { sshCertificateAuthorityRoutes } from "./ssh-certificate-authority";
import { sshCredentialRoutes } from "./ssh-credential";
import { sshHostCertificateRoutes } from "./ssh-host-certificate";
import { sshUserCertificateRoutes } from "./ssh-user-certificate";
import { tcpEdgeRoutes } from "./tcp-edge";
import { tlsCertificateRoutes } from "./tls-certificate";
import { tlsEdgeRoutes } from "./tls-edge";
import { tunnelCredentialRoutes } from "./tunnel-credential";
import { tunnelGroupBackendRoutes } from "./tunnel-group-backend";
import { weightedBackendRoutes } from "./weighted-backend";

export const ROUTES: readonly Route[] = [
  ...apiKeyRoutes,
  ...ipPolicyRoutes,
  ...ipRestrictionRoutes,
  ...ipPolicyRuleRoutes,
  ...tunnelGroupBackendRoutes,
  ...weightedBackendRoutes,
  ...failoverBackendRoutes,
  ...tcpEdgeRoutes,
  ...tlsEdgeRoutes,
  ...httpsEdgeRoutes,
  ...httpsEdgeRouteRoutes,
  ...endpointRoutes,
  ...eventDestinationRoutes,
  ...eventSubscriptionRoutes,
  ...eventSourceRoutes,
  ...certificateAuthorityRoutes,
  ...tlsCertificateRoutes,
  ...reservedDomainRoutes,
  ...sshCredentialRoutes,
  ...sshCertificateAuthorityRoutes,
  ...sshUserCertificateRoutes,
  ...sshHostCertificateRoutes,
  ...tunnelCredentialRoutes,
];
