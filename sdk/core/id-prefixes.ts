/**
 * Every kind's id prefix (§2.1; tunnel credentials `cr_` and IP policy rules `ipr_` are extensions), by
 * the kind's name in the client (`client.ipPolicies`). The one table: everything else refers to it.
 */
export const ID_PREFIXES = {
  apiKeys: "ak_",
  ipPolicies: "ipp_",
  ipRestrictions: "ipx_",
  ipPolicyRules: "ipr_",
  tunnelGroupBackends: "bkdtg_",
  weightedBackends: "bkdwd_",
  failoverBackends: "bkdfo_",
  tcpEdges: "edgtcp_",
  tlsEdges: "edgtls_",
  httpsEdges: "edghts_",
  httpsEdgeRoutes: "edghtsrt_",
  endpoints: "ep_",
  reservedDomains: "rd_",
  certificateAuthorities: "ca_",
  tlsCertificates: "cert_",
  sshCredentials: "sshcr_",
  sshCertificateAuthorities: "sshca_",
  sshUserCertificates: "sucrt_",
  sshHostCertificates: "shcrt_",
  tunnelCredentials: "cr_",
  eventDestinations: "ed_",
  eventSubscriptions: "esb_",
} as const;

/** A kind's name in the client whose resources have ids of their own (event sources have none). */
export type PrefixedKind = keyof typeof ID_PREFIXES;

/** HTTP response backends (`bkdhr_`) are not a kind of this package, but modules may point at them. */
export const HTTP_RESPONSE_BACKEND_ID_PREFIX = "bkdhr_";
