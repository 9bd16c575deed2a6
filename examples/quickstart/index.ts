// Quickstart: an IP policy with its ranges, an API restriction that uses it, and an API key for a pipeline.
import * as ei from "@edge-ingress/pulumi";

const office = new ei.IpPolicy("office", {
  description: "Office egress ranges",
  metadata: JSON.stringify({ team: "platform" }),
});

// The policy's ranges (documentation blocks here: put your own egress ranges).
const officeV4 = new ei.IpPolicyRule("office-v4", {
  ipPolicyId: office.id,
  cidr: "203.0.113.0/24",
  action: "allow",
  description: "Office NAT",
});
const officeV6 = new ei.IpPolicyRule("office-v6", {
  ipPolicyId: office.id,
  cidr: "2001:db8::/32",
  action: "allow",
  description: "Office IPv6",
});

const apiAccess = new ei.IpRestriction("api-access", {
  type: "api",
  ipPolicyIds: [office.id],
  // Start by warning only; switch to true once the policy's rules are complete.
  enforced: false,
  description: "Management API only from the office",
});

const deployKey = new ei.ApiKey("deploy", { description: "Used by the deploy pipeline" });

export const policyId = office.id;
export const ruleIds = [officeV4.id, officeV6.id];
export const restrictionId = apiAccess.id;
export const deployKeyId = deployKey.id;
// A secret output: shown as [secret] unless asked for with --show-secrets.
export const deployKeyToken = deployKey.token;
