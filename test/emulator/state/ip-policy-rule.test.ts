import { useEmulator } from "../../support/emulator";
import { expectError } from "../support";

const emu = useEmulator();
const { api } = emu;

let p1: string;

const newPolicy = async () => (await api.post("/ip_policies", {})).body.id as string;
const ref = (id: string) => ({ id, uri: `${emu.url}/ip_policies/${id}` });

beforeAll(async () => {
  p1 = await newPolicy();
});

describe("IP policy rules", () => {
  test("create returns 201 with the policy as a Ref, in the documented field order", async () => {
    const reply = await api.post("/ip_policy_rules", { ip_policy_id: p1, cidr: "203.0.113.0/24", action: "allow" });
    expect(reply.status).toBe(201);
    const r = reply.body;
    expect(Object.keys(r)).toEqual(["id", "uri", "created_at", "description", "metadata", "cidr", "ip_policy", "action"]);
    expect(r).toMatchObject({ description: "", metadata: "", cidr: "203.0.113.0/24", action: "allow", ip_policy: ref(p1) });
  });

  test.each([
    ["IPv4 /0 and /32", "0.0.0.0/0", "0.0.0.0/0"],
    ["a single IPv4 address", "192.0.2.7/32", "192.0.2.7/32"],
    ["IPv6 in RFC 5952 form", "2001:db8::/32", "2001:db8::/32"],
    ["IPv6 upper case and uncompressed", "2001:0DB8:0000:0000:0000:0000:0000:0000/32", "2001:db8::/32"],
    ["the longest zero run compressed", "2001:db8:0:0:1:0:0:0/80", "2001:db8:0:0:1::/80"],
    ["a dotted IPv4 tail", "::ffff:192.0.2.0/120", "::ffff:c000:200/120"],
    ["IPv6 /128", "::1/128", "::1/128"],
  ])("%s is stored in canonical text", async (_name, sent, stored) => {
    const reply = await api.post("/ip_policy_rules", { ip_policy_id: p1, cidr: sent, action: "allow" });
    expect(reply.status).toBe(201);
    expect(reply.body.cidr).toBe(stored);
  });

  test("deleting a policy deletes its rules in the same change; restrictions keep the policy's Ref", async () => {
    const policy = await newPolicy();
    const other = (await api.post("/ip_policy_rules", { ip_policy_id: p1, cidr: "192.0.2.0/24", action: "allow" })).body;
    const rules = [
      (await api.post("/ip_policy_rules", { ip_policy_id: policy, cidr: "10.0.0.0/8", action: "allow" })).body,
      (await api.post("/ip_policy_rules", { ip_policy_id: policy, cidr: "fd00::/8", action: "deny" })).body,
    ];
    const restriction = (await api.post("/ip_restrictions", { type: "api", ip_policy_ids: [policy] })).body;
    expect((await api.del(`/ip_policies/${policy}`)).status).toBe(204);
    for (const rule of rules) expectError(await api.get(`/ip_policy_rules/${rule.id}`), 404, "NOT_FOUND");
    expect((await api.get(`/ip_policy_rules/${other.id}`)).status).toBe(200);
    expect((await api.get(`/ip_restrictions/${restriction.id}`)).body.ip_policies).toEqual([ref(policy)]);
  });

  test("the rule of a bad CIDR names the field and quotes the value", async () => {
    const reply = await api.post("/ip_policy_rules", { ip_policy_id: p1, cidr: "10.0.0.300/33", action: "allow" });
    expectError(reply, 400, "INVALID_FIELD", "cidr");
    expect(reply.body.msg).toBe(
      'cidr: the address is not an IPv4 address (four decimal octets 0-255 without leading zeros); prefix length 33 is over 32 for IPv4, got "10.0.0.300/33"',
    );
  });

  test.each([
    ["10.0.0.0/33", "prefix length 33 is over 32 for IPv4"],
    ["2001:db8::/129", "prefix length 129 is over 128 for IPv6"],
    ["203.0.113.7", "has no prefix length: write address/length, e.g. 203.0.113.0/24 or 2001:db8::/32"],
    ["203.0.113.0/", "the prefix length after / must be a whole number without leading zeros"],
    ["203.0.113.0/024", "the prefix length after / must be a whole number without leading zeros"],
    ["10.0.0.0/8/8", "the prefix length after / must be a whole number without leading zeros"],
    ["010.0.0.0/8", "the address is not an IPv4 address (four decimal octets 0-255 without leading zeros)"],
    ["fe80::%eth0/64", "the address is not an IPv6 address (RFC 4291 text, no zone)"],
    ["10.0.0.1/8", "must have no address bits set after the prefix length (e.g. 10.0.0.0/8, not 10.0.0.1/8)"],
  ])("%s: the rule says what is wrong, as the sdk's does", async (cidr, rule) => {
    const reply = await api.post("/ip_policy_rules", { ip_policy_id: p1, cidr, action: "allow" });
    expectError(reply, 400, "INVALID_FIELD", "cidr");
    expect(reply.body.details.rule).toBe(rule);
  });

  describe("validation leaves state unchanged", () => {
    const missing = "ipp_00000000000000000000000000";
    const valid = () => ({ ip_policy_id: p1, cidr: "203.0.113.0/24", action: "allow" });
    const cases: Array<[string, () => unknown, string, string]> = [
      ["ip_policy_id missing", () => ({ ...valid(), ip_policy_id: undefined }), "MISSING_FIELD", "ip_policy_id"],
      ["a policy that does not exist", () => ({ ...valid(), ip_policy_id: missing }), "INVALID_FIELD", "ip_policy_id"],
      ["an id of another kind", () => ({ ...valid(), ip_policy_id: "ipx_1" }), "INVALID_FIELD", "ip_policy_id"],
      ["cidr missing", () => ({ ...valid(), cidr: undefined }), "MISSING_FIELD", "cidr"],
      ["cidr not a string", () => ({ ...valid(), cidr: 10 }), "INVALID_FIELD", "cidr"],
      ["an octet over 255 and a prefix over 32", () => ({ ...valid(), cidr: "10.0.0.300/33" }), "INVALID_FIELD", "cidr"],
      ["an IPv4 prefix over 32", () => ({ ...valid(), cidr: "10.0.0.0/33" }), "INVALID_FIELD", "cidr"],
      ["an IPv6 prefix over 128", () => ({ ...valid(), cidr: "2001:db8::/129" }), "INVALID_FIELD", "cidr"],
      ["no prefix length", () => ({ ...valid(), cidr: "203.0.113.7" }), "INVALID_FIELD", "cidr"],
      ["an empty prefix length", () => ({ ...valid(), cidr: "203.0.113.0/" }), "INVALID_FIELD", "cidr"],
      ["a prefix with a leading zero", () => ({ ...valid(), cidr: "203.0.113.0/024" }), "INVALID_FIELD", "cidr"],
      ["an octet with a leading zero", () => ({ ...valid(), cidr: "010.0.0.0/8" }), "INVALID_FIELD", "cidr"],
      ["two slashes", () => ({ ...valid(), cidr: "10.0.0.0/8/8" }), "INVALID_FIELD", "cidr"],
      ["three octets", () => ({ ...valid(), cidr: "10.0.0/24" }), "INVALID_FIELD", "cidr"],
      ["host bits set (IPv4)", () => ({ ...valid(), cidr: "10.0.0.1/8" }), "INVALID_FIELD", "cidr"],
      ["host bits set (IPv6)", () => ({ ...valid(), cidr: "2001:db8::1/32" }), "INVALID_FIELD", "cidr"],
      ["two :: in IPv6", () => ({ ...valid(), cidr: "2001::db8::/32" }), "INVALID_FIELD", "cidr"],
      ["an IPv6 zone", () => ({ ...valid(), cidr: "fe80::%eth0/64" }), "INVALID_FIELD", "cidr"],
      ["a host name", () => ({ ...valid(), cidr: "example.com/24" }), "INVALID_FIELD", "cidr"],
      ["action missing", () => ({ ...valid(), action: undefined }), "MISSING_FIELD", "action"],
      ["action unknown", () => ({ ...valid(), action: "block" }), "INVALID_FIELD", "action"],
      ["response field ip_policy", () => ({ ...valid(), ip_policy: p1 }), "UNKNOWN_FIELD", "ip_policy"],
      ["description too long", () => ({ ...valid(), description: "x".repeat(256) }), "INVALID_FIELD", "description"],
    ];
    test.each(cases)("create: %s", async (_name, body, code, field) => {
      expectError(await api.unchanged(() => api.post("/ip_policy_rules", body())), 400, code, field);
    });

    const patchCases: Array<[string, () => unknown, string, string]> = [
      ["action (replace on change)", () => ({ action: "deny" }), "IMMUTABLE_FIELD", "action"],
      ["action even if unchanged", () => ({ action: "allow" }), "IMMUTABLE_FIELD", "action"],
      ["ip_policy_id", () => ({ ip_policy_id: p1 }), "IMMUTABLE_FIELD", "ip_policy_id"],
      ["cidr null", () => ({ cidr: null }), "INVALID_FIELD", "cidr"],
      ["a bad cidr", () => ({ cidr: "10.0.0.1/8" }), "INVALID_FIELD", "cidr"],
    ];
    test.each(patchCases)("update: %s", async (_name, body, code, field) => {
      const { id } = (await api.post("/ip_policy_rules", valid())).body;
      expectError(await api.unchanged(() => api.patch(`/ip_policy_rules/${id}`, body())), 400, code, field);
    });
  });
});
