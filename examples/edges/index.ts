// Edges: an HTTPS edge whose routes use login, webhook and traffic modules; a TCP edge for a database
// and a TLS edge passed through to its service; tunnel group, weighted and failover backends.
import * as pulumi from "@pulumi/pulumi";
import * as ei from "@edge-ingress/pulumi";

const config = new pulumi.Config();
// Hostnames of the edges live under this domain.
const domain = config.get("domain") ?? "example.com";
const oauthClientId = config.require("oauthClientId");
const oauthClientSecret = config.requireSecret("oauthClientSecret");
const webhookSecret = config.requireSecret("webhookSecret");
// The identity provider's SAML metadata (its XML EntityDescriptor).
const samlIdpMetadata = config.require("samlIdpMetadata");

// --- who may reach the internal routes -------------------------------------------------------

const office = new ei.IpPolicy("office", { description: "Office egress ranges" });
new ei.IpPolicyRule("office-v4", { ipPolicyId: office.id, cidr: "203.0.113.0/24", action: "allow", description: "Office NAT" });
new ei.IpPolicyRule("office-v6", { ipPolicyId: office.id, cidr: "2001:db8::/32", action: "allow", description: "Office IPv6" });

// --- backends: tunnel groups by label, then a canary split and a failover pair over them ------

const stable = new ei.TunnelGroupBackend("stable", {
  description: "Agents of the stable release",
  labels: { app: "shop", track: "stable" },
});
const canary = new ei.TunnelGroupBackend("canary", {
  description: "Agents of the canary release",
  labels: { app: "shop", track: "canary" },
});
const standby = new ei.TunnelGroupBackend("standby", {
  description: "Agents in the standby region",
  labels: { app: "shop", region: "standby" },
});

// Each child is named by its backend's id as it is (an Output): no apply needed.
const split = new ei.WeightedBackend("canary-split", {
  description: "95/5 canary split",
  backends: [
    { backendId: stable.id, weight: 95 },
    { backendId: canary.id, weight: 5 },
  ],
});
const primaryWithStandby = new ei.FailoverBackend("primary-with-standby", {
  description: "Stable agents first, the standby region when they are down",
  backends: [stable.id, standby.id],
});

// --- the HTTPS edge and its routes -------------------------------------------------------------

const web = new ei.HttpsEdge("web", {
  description: "Public web traffic",
  hostports: [`shop.${domain}:443`],
  tlsTermination: { minVersion: "1.3" },
});

// The API: canary split, office-only, with a circuit breaker, compression and header rewriting.
const api = new ei.HttpsEdgeRoute("api", {
  edgeId: web.id,
  matchType: "path_prefix",
  match: "/api",
  description: "Public API",
  backend: { backendId: split.id },
  ipRestriction: { ipPolicyIds: [office.id] },
  circuitBreaker: { errorThresholdPercentage: 0.25, volumeThreshold: 50 },
  compression: {},
  requestHeaders: { add: { "X-Edge-Route": "api" }, remove: ["X-Debug"] },
  responseHeaders: { add: { "Strict-Transport-Security": "max-age=63072000" } },
});

// The web app: sign-in through the code host's OAuth app, members of one organization only.
const app = new ei.HttpsEdgeRoute("app", {
  edgeId: web.id,
  matchType: "path_prefix",
  match: "/",
  description: "Web app behind OAuth sign-in",
  backend: { backendId: primaryWithStandby.id },
  // The whole module is stored as a secret, since it holds the client secret.
  oauth: {
    provider: {
      github: { clientId: oauthClientId, clientSecret: oauthClientSecret, organizations: ["shop-team"] },
    },
    cookiePrefix: "shop_session.",
  },
  websocketTcpConverter: {},
});

// The admin console: single sign-on through SAML, one group only.
const admin = new ei.HttpsEdgeRoute("admin", {
  edgeId: web.id,
  matchType: "path_prefix",
  match: "/admin",
  description: "Admin console behind SAML",
  backend: { backendId: stable.id },
  saml: { idpMetadata: samlIdpMetadata, authorizedGroups: ["shop-admins"], forceAuthn: true },
  ipRestriction: { ipPolicyIds: [office.id] },
});

// The partner portal: OpenID Connect and JWT validation.
const portal = new ei.HttpsEdgeRoute("portal", {
  edgeId: web.id,
  matchType: "path_prefix",
  match: "/portal",
  description: "Partner portal",
  backend: { backendId: stable.id },
  oidc: {},
  jwtValidation: {},
});

// CI webhooks: only deliveries signed with the shared secret get through.
const hooks = new ei.HttpsEdgeRoute("ci-hooks", {
  edgeId: web.id,
  matchType: "exact_path",
  match: "/hooks/ci",
  description: "CI webhook deliveries",
  backend: { backendId: stable.id },
  webhookVerification: { provider: "CI", secret: webhookSecret },
  userAgentFilter: {},
});

// --- a TCP edge for the database and a TLS edge passed through to its service -----------------

const db = new ei.TcpEdge("db", {
  description: "Postgres for the office",
  hostports: [`db.${domain}:5432`],
  backend: { backendId: primaryWithStandby.id },
  ipRestriction: { ipPolicyIds: [office.id] },
});

const mqtt = new ei.TlsEdge("mqtt", {
  description: "MQTT over TLS, terminated by the broker",
  hostports: [`mqtt.${domain}:8883`],
  backend: { backendId: standby.id },
  tlsTermination: { terminateAt: "upstream" },
});

// --- outputs -----------------------------------------------------------------------------------

export const officePolicyId = office.id;
export const backendIds = { stable: stable.id, canary: canary.id, standby: standby.id, split: split.id, failover: primaryWithStandby.id };
export const edgeIds = { web: web.id, db: db.id, mqtt: mqtt.id };
export const routeIds = { api: api.id, app: app.id, admin: admin.id, portal: portal.id, hooks: hooks.id };
// What to register with the identity provider for the admin console.
export const samlEntityId = admin.samlServiceProvider.apply((sp) => sp?.entityId);
export const samlAssertionConsumerServiceUrl = admin.samlServiceProvider.apply((sp) => sp?.assertionConsumerServiceUrl);

// The public URLs the service serves for these edges, read once every edge exists.
export const endpoints = pulumi.all([web.id, db.id, mqtt.id]).apply(async (ids) => {
  const all = await ei.getEndpoints();
  return all
    .filter((endpoint) => endpoint.edge !== null && ids.includes(endpoint.edge.id))
    .map((endpoint) => endpoint.publicUrl)
    .sort();
});
