/**
 * IP policy rules (an extension: §2.7 leaves a policy's rules unstated). A rule is one CIDR block that
 * its policy allows or denies. It belongs to its policy: deleting the policy deletes its rules (one
 * change), so a restriction or module that keeps the policy's Ref sees a policy with zero rules (§4.6).
 */
import { z } from "zod";
import { fieldError, preview } from "../errors";
import type { Store } from "./store";
import type { KindRules } from "./rules";
import { ipPolicies } from "./ip-policy";
import { addRule, baseRecordFields, commonFields, newBase, parseBody, patchRecord } from "./validation";
import { ref, resourceUri } from "./wire";

export const RULE_ACTIONS = ["allow", "deny"] as const;

const ipPolicyRuleRecord = z.strictObject({
  ...baseRecordFields,
  ip_policy_id: z.string(),
  cidr: z.string(),
  action: z.enum(RULE_ACTIONS),
});
export type IpPolicyRuleRecord = z.infer<typeof ipPolicyRuleRecord>;

export const ipPolicyRules: KindRules<IpPolicyRuleRecord> = {
  collectionKey: "ip_policy_rules",
  prefix: "ipr",
  label: "IP policy rule",
  path: "/ip_policy_rules",
  record: ipPolicyRuleRecord,
  owner: (r) => r.ip_policy_id,
  listKey: "ip_policy_rules",
  render,
  create: (call) => render(createIpPolicyRule(call.store, call.body), call.baseUrl),
  update: (call, id) => updateIpPolicyRule(call.store, id, call.body),
  reference: {
    title: "IP policy rules",
    extension: true,
    create: (ex) => ({ description: "office", cidr: "203.0.113.0/24", action: "allow", ip_policy_id: ex.id("/ip_policies") }),
    update: () => ({ cidr: "2001:db8::/32" }),
  },
};

// The emulator keeps its own copy of the rule (the sdk's is a client check, this is the service's).
const OCTET = /^(?:0|[1-9][0-9]{0,2})$/;

/** 32 or 128 bits of an address, most significant first, and its canonical text; undefined if invalid. */
function readAddress(text: string): { bits: bigint; width: number; text: string } | undefined {
  if (!text.includes(":")) {
    const octets = text.split(".");
    if (octets.length !== 4 || !octets.every((o) => OCTET.test(o) && Number(o) < 256)) return undefined;
    return { bits: octets.reduce((v, o) => v * 256n + BigInt(o), 0n), width: 32, text };
  }
  // The URL parser reads IPv6 as RFC 4291 writes it and serialises it the RFC 5952 way (lowercase,
  // the longest zero run as `::`); a dotted IPv4 tail becomes two hex groups.
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return undefined;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head, tail = ""] = host.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === "" ? [] : tail.split(":");
  const groups = host.includes("::") ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right] : left;
  return { bits: groups.reduce((v, g) => v * 65536n + BigInt(`0x${g}`), 0n), width: 128, text: host };
}

/** What is wrong with a CIDR block's parts, each fault named (the sdk's client check words them alike). */
function cidrFaults(addressText: string, prefix: string): string[] {
  const v6 = addressText.includes(":");
  const width = v6 ? 128 : 32;
  const faults: string[] = [];
  if (!readAddress(addressText)) {
    faults.push(
      v6
        ? "the address is not an IPv6 address (RFC 4291 text, no zone)"
        : "the address is not an IPv4 address (four decimal octets 0-255 without leading zeros)",
    );
  }
  if (!OCTET.test(prefix)) faults.push("the prefix length after / must be a whole number without leading zeros");
  else if (Number(prefix) > width) faults.push(`prefix length ${prefix} is over ${width} for IPv${v6 ? 6 : 4}`);
  return faults;
}

/** A CIDR block, answered in canonical text; host bits set after the prefix are refused, not cleared. */
const cidr = z.string().transform((value, ctx) => {
  const slash = value.indexOf("/");
  if (slash < 0) {
    addRule(ctx, [], "has no prefix length: write address/length, e.g. 203.0.113.0/24 or 2001:db8::/32", preview(value));
    return z.NEVER;
  }
  const [addressText, prefix] = [value.slice(0, slash), value.slice(slash + 1)];
  const faults = cidrFaults(addressText, prefix);
  if (faults.length) {
    addRule(ctx, [], faults.join("; "), preview(value));
    return z.NEVER;
  }
  const address = readAddress(addressText)!;
  const hostBits = address.width - Number(prefix);
  const network = (address.bits >> BigInt(hostBits)) << BigInt(hostBits);
  if (network !== address.bits) {
    addRule(ctx, [], "must have no address bits set after the prefix length (e.g. 10.0.0.0/8, not 10.0.0.1/8)", preview(value));
    return z.NEVER;
  }
  return `${address.text}/${Number(prefix)}`;
});

const createSchema = z.strictObject({
  ...commonFields,
  cidr,
  action: z.enum(RULE_ACTIONS),
  ip_policy_id: z.string(),
});
const updateSchema = z.strictObject({ ...commonFields, cidr: cidr.optional() });

export function createIpPolicyRule(store: Store, body: Record<string, unknown>): IpPolicyRuleRecord {
  const input = parseBody(createSchema, body);
  if (!store.collection(ipPolicies).get(input.ip_policy_id)) {
    throw fieldError("INVALID_FIELD", "ip_policy_id", `must be the id of an existing ${ipPolicies.label}`, preview(input.ip_policy_id));
  }
  return store.collection(ipPolicyRules).insert({
    ...newBase(store, ipPolicyRules, input),
    ip_policy_id: input.ip_policy_id,
    cidr: input.cidr,
    action: input.action,
  });
}

export function updateIpPolicyRule(store: Store, id: string, body: Record<string, unknown>): IpPolicyRuleRecord {
  return patchRecord(store.collection(ipPolicyRules), id, updateSchema, body, { immutable: ["ip_policy_id", "action"] });
}

function render(record: IpPolicyRuleRecord, baseUrl: string) {
  return {
    id: record.id,
    uri: resourceUri(baseUrl, ipPolicyRules, record.id),
    created_at: record.created_at,
    description: record.description,
    metadata: record.metadata,
    cidr: record.cidr,
    ip_policy: ref(baseUrl, ipPolicies, record.ip_policy_id),
    action: record.action,
  };
}
