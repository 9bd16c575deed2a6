// Two accounts in one program: resources without a `connection` use stack config (edgeingress:apiUrl,
// edgeingress:apiKey); the staging ones name a Connection whose key is a secret of this stack's config.
import * as pulumi from "@pulumi/pulumi";
import * as ei from "@edge-ingress/pulumi";

const config = new pulumi.Config();
const staging = new ei.Connection("staging", {
  apiUrl: config.require("stagingApiUrl"),
  apiKey: config.requireSecret("stagingApiKey"),
});

// The same office ranges in both accounts.
function officePolicy(name: string, connection?: ei.Connection): ei.IpPolicy {
  const policy = new ei.IpPolicy(name, { description: "Office egress ranges", connection });
  new ei.IpPolicyRule(`${name}-v4`, { ipPolicyId: policy.id, cidr: "203.0.113.0/24", action: "allow", connection });
  return policy;
}

const production = officePolicy("office");
const stagingOffice = officePolicy("staging-office", staging);

// Staging's management API is open to the office only; production stays as it is.
const stagingApi = new ei.IpRestriction("staging-api", {
  type: "api",
  ipPolicyIds: [stagingOffice.id],
  enforced: false,
  connection: staging,
});

// A deploy key in each account.
const deployKey = new ei.ApiKey("deploy", { description: "Production deploys" });
const stagingDeployKey = new ei.ApiKey("staging-deploy", { description: "Staging deploys", connection: staging });

export const productionPolicyId = production.id;
export const stagingPolicyId = stagingOffice.id;
export const stagingRestrictionId = stagingApi.id;
export const deployKeyId = deployKey.id;
export const stagingDeployKeyId = stagingDeployKey.id;
// Reading works the same way: `get` and the endpoint lookups take the connection too.
export const stagingPolicyUri = ei.IpPolicy.get("staging-office-read", stagingOffice.id, { connection: staging }).uri;
// Reads staging's endpoints with staging's key.
export const stagingEndpointCount = ei.getEndpointsOutput({ connection: staging }).apply((endpoints) => endpoints.length);
