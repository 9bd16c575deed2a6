/**
 * Export of IP policy rules: inline on their policy by default; standalone, after their policy, which
 * they name by its variable, with their real ranges.
 */
import { generateProject, planExport, Ref } from "../../cli/generate";

const VERSIONS = { packageVersion: "0.1.0", pulumiVersion: "^3.139.0", typescriptVersion: "~5.9.3", nodeTypesVersion: "^24.0.0" };
const base = { uri: "u", createdAt: "2026-01-01T00:00:00Z", metadata: "" };
const policy = { ...base, id: "ipp_office", description: "Office egress" };
const rule = (id: string, cidr: string, action: string, description = "") => ({
  ...base,
  id,
  description,
  cidr,
  action,
  ipPolicy: { id: "ipp_office", uri: "u" },
});

test("by default, rules are the policy's inline `rules`, ordered by CIDR, without the policy's id", () => {
  const plan = planExport({
    IpPolicyRule: [rule("ipr_2", "2001:db8::/32", "deny"), rule("ipr_1", "203.0.113.0/24", "allow", "Office NAT")],
    IpPolicy: [policy],
  });
  expect(plan.resources.map((r) => [r.kind, r.name])).toEqual([["IpPolicy", "office-egress"]]);
  expect(plan.resources[0].inputs.rules).toEqual([
    { cidr: "2001:db8::/32", action: "deny" },
    { description: "Office NAT", cidr: "203.0.113.0/24", action: "allow" },
  ]);
  expect(plan.resources[0].inline).toEqual([
    { kind: "IpPolicyRule", id: "ipr_2", key: "rules" },
    { kind: "IpPolicyRule", id: "ipr_1", key: "rules" },
  ]);
  const { files } = generateProject(
    { IpPolicy: [policy], IpPolicyRule: [rule("ipr_1", "203.0.113.0/24", "allow")] },
    { project: "p", ...VERSIONS },
  );
  expect(files["index.ts"]).toContain(
    [
      'new ei.IpPolicy("office-egress", {',
      '  adopt: "ipp_office",',
      '  description: "Office egress",',
      "  rules: [",
      "    {",
      '      cidr: "203.0.113.0/24",',
      '      action: "allow",',
      "    },",
      "  ],",
      "}, { retainOnDelete: true });",
    ].join("\n"),
  );
});

test("with standaloneChildren, rules are declared after their policy, referring to it, with cidr and action", () => {
  // Listed before the policy, as a list may answer: the plan still puts the policy first.
  const plan = planExport(
    {
      IpPolicyRule: [rule("ipr_2", "2001:db8::/32", "deny"), rule("ipr_1", "203.0.113.0/24", "allow", "Office NAT")],
      IpPolicy: [policy],
    },
    { standaloneChildren: true },
  );
  expect(plan.resources.map((r) => [r.kind, r.name])).toEqual([
    ["IpPolicy", "office-egress"],
    ["IpPolicyRule", "office-egress-deny-2001-db8-32"],
    ["IpPolicyRule", "office-nat"],
  ]);
  const [declaredPolicy, v6] = plan.resources;
  expect(v6.inputs).toEqual({ ipPolicyId: new Ref(declaredPolicy.variable, "ipp_office"), cidr: "2001:db8::/32", action: "deny" });
  // The parent comes first in the declaration.
  expect(Object.keys(plan.resources[2].inputs)).toEqual(["ipPolicyId", "description", "cidr", "action"]);

  const { files } = generateProject(
    { IpPolicy: [policy], IpPolicyRule: [rule("ipr_1", "203.0.113.0/24", "allow")] },
    { project: "p", apiUrl: "http://x", endpoints: 0, standaloneChildren: true, retain: false, ...VERSIONS },
  );
  expect(files["index.ts"]).toContain(
    [
      'new ei.IpPolicyRule("office-egress-allow-203-0-113-0-24", {',
      '  adopt: "ipr_1",',
      "  ipPolicyId: ipPolicyOfficeEgress.id,",
      '  cidr: "203.0.113.0/24",',
      '  action: "allow",',
      "});",
    ].join("\n"),
  );
});
