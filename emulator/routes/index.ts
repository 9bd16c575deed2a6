/** The route table. A new kind adds its routes module here, under its sdk family name. */
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

/** The routes of each resource family, by the family's name in the sdk client (`client.ipPolicies`). */
export const ROUTE_FAMILIES: Readonly<Record<string, readonly Route[]>> = {
  apiKeys: apiKeyOperations,
  ipPolicies: ipPolicyOperations,
  ipRestrictions: ipRestrictionOperations,
  ipPolicyRules: ipPolicyRuleOperations,
  tunnelGroupBackends: tunnelGroupBackendOperations,
  weightedBackends: weightedBackendOperations,
  failoverBackends: failoverBackendOperations,
  tcpEdges: tcpEdgeOperations,
  tlsEdges: tlsEdgeOperations,
  httpsEdges: httpsEdgeOperations,
  httpsEdgeRoutes: httpsEdgeRouteOperations,
  endpoints: endpointOperations,
  eventDestinations: eventDestinationOperations,
  eventSubscriptions: eventSubscriptionOperations,
  eventSources: eventSourceOperations,
  certificateAuthorities: certificateAuthorityOperations,
  tlsCertificates: tlsCertificateOperations,
  reservedDomains: reservedDomainOperations,
  sshCredentials: sshCredentialOperations,
  sshCertificateAuthorities: sshCertificateAuthorityOperations,
  sshUserCertificates: sshUserCertificateOperations,
  sshHostCertificates: sshHostCertificateOperations,
  tunnelCredentials: tunnelCredentialOperations,
};

export const ROUTES: readonly Route[] = Object.values(ROUTE_FAMILIES).flat();
