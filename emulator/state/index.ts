/** Every kind the store holds and persists. A new kind adds its state module here. */
import type { BaseRecord, KindDef } from "./store";
import { apiKeys } from "./api-key";
import { certificateAuthorities } from "./certificate-authority";
import { endpoints } from "./endpoint";
import { eventDestinations } from "./event-destination";
import { eventSubscriptions } from "./event-subscription";
import { failoverBackends } from "./failover-backend";
import { httpsEdges } from "./https-edge";
import { httpsEdgeRoutes } from "./https-edge-route";
import { ipPolicies } from "./ip-policy";
import { ipRestrictions } from "./ip-restriction";
import { ipPolicyRules } from "./ip-policy-rule";
import { reservedDomains } from "./reserved-domain";
import { sshCertificateAuthorities } from "./ssh-certificate-authority";
import { sshCredentials } from "./ssh-credential";
import { sshHostCertificates } from "./ssh-host-certificate";
import { sshUserCertificates } from "./ssh-user-certificate";
import { tcpEdges } from "./tcp-edge";
import { tlsCertificates } from "./tls-certificate";
import { tlsEdges } from "./tls-edge";
import { tunnelCredentials } from "./tunnel-credential";
import { tunnelGroupBackends } from "./tunnel-group-backend";
import { weightedBackends } from "./weighted-backend";

/** By the kind's name in the sdk client (`client.ipPolicies`), in store order. */
export const KINDS_BY_NAME = {
  apiKeys,
  ipPolicies,
  ipRestrictions,
  ipPolicyRules,
  certificateAuthorities,
  tlsCertificates,
  reservedDomains,
  tunnelGroupBackends,
  weightedBackends,
  failoverBackends,
  tcpEdges,
  tlsEdges,
  httpsEdges,
  httpsEdgeRoutes,
  endpoints,
  eventDestinations,
  eventSubscriptions,
  sshCredentials,
  sshCertificateAuthorities,
  sshUserCertificates,
  sshHostCertificates,
  tunnelCredentials,
};
export const KINDS: readonly KindDef<BaseRecord>[] = Object.values(KINDS_BY_NAME);
