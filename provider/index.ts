export { ApiKey, type ApiKeyArgs } from "./resources/api-key";
export { IpPolicy, type IpPolicyArgs, type IpPolicyInlineRuleArgs, type IpPolicyInlineRule } from "./resources/ip-policy";
export { IpRestriction, type IpRestrictionArgs, type IpRestrictionType } from "./resources/ip-restriction";
export { IpPolicyRule, type IpPolicyRuleArgs, type IpPolicyRuleAction } from "./resources/ip-policy-rule";
export {
  EventDestination,
  type EventDestinationArgs,
  type EventTargetArgs,
  type EventAuthArgs,
  type EventTarget,
  type EventAuth,
  type EventFormat,
} from "./resources/event-destination";
export { EventSubscription, type EventSubscriptionArgs } from "./resources/event-subscription";
export { EventSource, type EventSourceArgs } from "./resources/event-source";
export { TunnelGroupBackend, type TunnelGroupBackendArgs } from "./resources/tunnel-group-backend";
export { WeightedBackend, type WeightedBackendArgs, type WeightedBackendEntry } from "./resources/weighted-backend";
export { FailoverBackend, type FailoverBackendArgs } from "./resources/failover-backend";
export { TcpEdge, type TcpEdgeArgs } from "./resources/tcp-edge";
export { TlsEdge, type TlsEdgeArgs } from "./resources/tls-edge";
export { HttpsEdge, type HttpsEdgeArgs } from "./resources/https-edge";
export { HttpsEdgeRoute, type HttpsEdgeRouteArgs } from "./resources/https-edge-route";
export { Connection, type ConnectionArgs, type ConnectionValue } from "./connection";
export { type EndpointConnection, getEndpoint, getEndpointOutput, getEndpoints, getEndpointsOutput } from "./endpoint";
export { ReservedDomain, type ReservedDomainArgs } from "./resources/reserved-domain";
export { CertificateAuthority, type CertificateAuthorityArgs } from "./resources/certificate-authority";
export { TlsCertificate, type TlsCertificateArgs } from "./resources/tls-certificate";
export { SshCredential, type SshCredentialArgs } from "./resources/ssh-credential";
export { SshCertificateAuthority, type SshCertificateAuthorityArgs } from "./resources/ssh-certificate-authority";
export { SshUserCertificate, type SshUserCertificateArgs } from "./resources/ssh-user-certificate";
export { SshHostCertificate, type SshHostCertificateArgs } from "./resources/ssh-host-certificate";
export type {
  AdoptArgs,
  GetOptions,
  BackendModuleArgs,
  BackendModule,
  IpRestrictionModuleArgs,
  IpRestrictionModule,
  MutualTlsModuleArgs,
  MutualTlsModule,
  TerminateAt,
  TlsVersion,
  TlsTerminationModuleArgs,
  HttpsTlsTerminationModuleArgs,
  TlsTerminationModule,
  CircuitBreakerModuleArgs,
  CircuitBreakerModule,
  EnabledModuleArgs,
  EnabledModule,
  HeadersModuleArgs,
  HeadersModule,
  OAuthProviderName,
  OAuthProviderConfigArgs,
  CodehostOAuthProviderConfigArgs,
  OAuthProviderArgs,
  OAuthModuleArgs,
  OAuthProviderConfig,
  OAuthModule,
  NameIdFormat,
  SamlModuleArgs,
  SamlModule,
  SamlServiceProvider,
  WebhookProvider,
  WebhookVerificationModuleArgs,
  WebhookVerificationModule,
} from "./framework/resource";
export type { MatchType } from "./resources/https-edge-route";
export type { EventResourceName, EventTypeName } from "./resources/event-source";
export type {
  ReservedDomainRegion,
  CertificateManagementPolicyArgs,
  CertificateManagementStatus,
  ProvisioningJob,
} from "./resources/reserved-domain";
export type { KeyType, SshEllipticCurve } from "./resources/ssh-certificate-authority";
export type { Endpoint, EndpointRef, EndpointProto, EndpointType } from "./endpoint";
export { TunnelCredential, type TunnelCredentialArgs } from "./resources/tunnel-credential";
