export { ApiKey, type ApiKeyArgs } from "./api-key";
export { IpPolicy, type IpPolicyArgs } from "./ip-policy";
export { IpRestriction, type IpRestrictionArgs, type IpRestrictionType } from "./ip-restriction";
export { IpPolicyRule, type IpPolicyRuleArgs, type IpPolicyRuleAction } from "./ip-policy-rule";
export { EventDestination, type EventDestinationArgs, type EventTargetArgs, type EventAuthArgs, type EventTarget, type EventAuth, type EventFormat } from "./event-destination";
export { EventSubscription, type EventSubscriptionArgs } from "./event-subscription";
export { EventSource, type EventSourceArgs } from "./event-source";
export { TunnelGroupBackend, type TunnelGroupBackendArgs } from "./tunnel-group-backend";
export { WeightedBackend, type WeightedBackendArgs, type WeightedBackendEntry } from "./weighted-backend";
export { FailoverBackend, type FailoverBackendArgs } from "./failover-backend";
export { TcpEdge, type TcpEdgeArgs } from "./tcp-edge";
export { TlsEdge, type TlsEdgeArgs } from "./tls-edge";
export { HttpsEdge, type HttpsEdgeArgs } from "./https-edge";
export { HttpsEdgeRoute, type HttpsEdgeRouteArgs } from "./https-edge-route";
export { Connection, type ConnectionArgs, type ConnectionValue } from "./connection";
export { type EndpointConnection, getEndpoint, getEndpointOutput, getEndpoints, getEndpointsOutput } from "./endpoint";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export { CertificateAuthority, type CertificateAuthorityArgs } from "./certificate-authority";
export { TlsCertificate, type TlsCertificateArgs } from "./tls-certificate";
export { SshCredential, type SshCredentialArgs } from "./ssh-credential";
export { SshCertificateAuthority, type SshCertificateAuthorityArgs } from "./ssh-certificate-authority";
export { SshUserCertificate, type SshUserCertificateArgs } from "./ssh-user-certificate";
export { SshHostCertificate, type SshHostCertificateArgs } from "./ssh-host-certificate";
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
export type { MatchType } from "./https-edge-route";
export type { EventResourceName, EventTypeName } from "./event-source";
export type { ReservedDomainRegion, CertificateManagementPolicyArgs, CertificateManagementStatus, ProvisioningJob } from "./reserved-domain";
export type { KeyType, SshEllipticCurve } from "./ssh-certificate-authority";
export type { Endpoint, EndpointRef, EndpointProto, EndpointType } from "./endpoint";
export { TunnelCredential, type TunnelCredentialArgs } from "./tunnel-credential";
