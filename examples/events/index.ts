// Events: every change to access rules and edges goes to an audit stream and to the monitoring service.
import * as pulumi from "@pulumi/pulumi";
import * as ei from "@edge-ingress/pulumi";

const config = new pulumi.Config();
const streamName = config.require("auditStreamName");
const streamAccessKeyId = config.require("auditStreamAccessKeyId");
// `pulumi config set --secret ...`: each destination's `target` is stored encrypted as a whole.
const streamSecretAccessKey = config.requireSecret("auditStreamSecretAccessKey");
const monitoringApiKey = config.requireSecret("monitoringApiKey");

const auditStream = new ei.EventDestination("audit-stream", {
  description: "Audit trail stream",
  target: {
    stream: {
      streamResourceName: streamName,
      auth: { creds: { accessKeyId: streamAccessKeyId, secretAccessKey: streamSecretAccessKey } },
    },
  },
});

const monitoring = new ei.EventDestination("monitoring", {
  description: "Monitoring service",
  target: { monitoring: { apiKey: monitoringApiKey, service: "edge-ingress", tags: "env:prod", site: "eu" } },
});

const changes = new ei.EventSubscription("config-changes", {
  description: "Changes to access rules and edges",
  destinationIds: [auditStream.id, monitoring.id],
});

// One source per event type; each is its own resource, so the list can change without touching the rest.
const eventTypes = [
  "ip_policy_created.v0",
  "ip_policy_updated.v0",
  "ip_policy_deleted.v0",
  "ip_restriction_updated.v0",
  "api_key_created.v0",
  "https_edge_updated.v0",
] as const;
const sources = eventTypes.map((type) => new ei.EventSource(type.replace(/\.v\d+$/, ""), { subscriptionId: changes.id, type }));

export const auditStreamId = auditStream.id;
export const monitoringId = monitoring.id;
export const subscriptionId = changes.id;
export const sourceTypes = sources.map((source) => source.type);
