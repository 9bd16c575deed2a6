/**
 * CIDR blocks as the service reads and spells them: a field form, shared by IP policy rules (sdk) and
 * the provider's comparison of values (a provider process that manages no rule loads no rule schema).
 */
// Decimal without leading zeros: `010` could be read as octal by other tools.
const DECIMAL = /^(?:0|[1-9][0-9]{0,2})$/;

function parseIpv4(text: string): bigint | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => DECIMAL.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((v, p) => (v << 8n) | BigInt(p), 0n);
}

function parseIpv6(text: string): bigint | undefined {
  // A dotted IPv4 tail (`::ffff:192.0.2.0`) stands for the last two groups.
  if (text.includes(".")) {
    const at = text.lastIndexOf(":");
    const v4 = parseIpv4(text.slice(at + 1));
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, at + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (s: string) => (s === "" ? [] : s.split(":"));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const count = left.length + right.length;
  if (!(halves.length === 2 ? count <= 7 : count === 8)) return undefined;
  const all = [...left, ...Array<string>(8 - count).fill("0"), ...right];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  return all.reduce((v, g) => (v << 16n) | BigInt(`0x${g}`), 0n);
}

/** RFC 5952 text: lowercase, no leading zeros, the first longest run of two or more zero groups as `::`. */
function formatIpv6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(":");
  return `${hex.slice(0, best.start).join(":")}::${hex.slice(best.start + best.length).join(":")}`;
}

/** A parsed CIDR block: its family, network address and prefix length. */
export interface CidrBlock {
  family: 4 | 6;
  address: bigint;
  prefixLength: number;
  /** Whether every bit after the prefix is zero (`10.0.0.0/8`, not `10.0.0.1/8`). */
  hostBitsZero: boolean;
  /** The text the service answers: IPv4 as given, IPv6 in RFC 5952 form. */
  canonical: string;
}

/** `203.0.113.0/24`, `2001:DB8::/32`: undefined for anything that is not an IPv4 or IPv6 CIDR block. */
export function parseCidr(text: string): CidrBlock | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const [addressText, bits] = [text.slice(0, slash), text.slice(slash + 1)];
  if (!DECIMAL.test(bits)) return undefined;
  const family = addressText.includes(":") ? 6 : 4;
  const address = family === 4 ? parseIpv4(addressText) : parseIpv6(addressText);
  const width = family === 4 ? 32 : 128;
  const prefixLength = Number(bits);
  if (address === undefined || prefixLength > width) return undefined;
  const hostMask = (1n << BigInt(width - prefixLength)) - 1n;
  const formatted = family === 4 ? addressText : formatIpv6(address);
  return { family, address, prefixLength, hostBitsZero: (address & hostMask) === 0n, canonical: `${formatted}/${prefixLength}` };
}

/** The service's spelling of a CIDR block, or undefined when `text` is not one. */
export function canonicalCidr(text: string): string | undefined {
  return parseCidr(text)?.canonical;
}

export const CIDR_RULE = "must be an IPv4 or IPv6 CIDR block with a prefix length, e.g. 203.0.113.0/24 or 2001:db8::/32";
export const CIDR_HOST_BITS_RULE = "must have no address bits set after the prefix length (e.g. 10.0.0.0/8, not 10.0.0.1/8)";
export const CIDR_NO_PREFIX_RULE = "has no prefix length: write address/length, e.g. 203.0.113.0/24 or 2001:db8::/32";
export const CIDR_PREFIX_RULE = "the prefix length after / must be a whole number without leading zeros";
export const CIDR_IPV4_RULE = "the address is not an IPv4 address (four decimal octets 0-255 without leading zeros)";
export const CIDR_IPV6_RULE = "the address is not an IPv6 address (RFC 4291 text, no zone)";

/**
 * What is wrong with a CIDR block, in words (each fault found, `; `-separated), or undefined when it is
 * one: `prefix length 33 is over 32 for IPv4`. The emulator words its own check the same way.
 */
export function cidrProblem(text: string): string | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return CIDR_NO_PREFIX_RULE;
  const [addressText, bits] = [text.slice(0, slash), text.slice(slash + 1)];
  const family = addressText.includes(":") ? 6 : 4;
  const problems: string[] = [];
  if ((family === 4 ? parseIpv4(addressText) : parseIpv6(addressText)) === undefined)
    problems.push(family === 4 ? CIDR_IPV4_RULE : CIDR_IPV6_RULE);
  if (!DECIMAL.test(bits)) problems.push(CIDR_PREFIX_RULE);
  else if (Number(bits) > (family === 4 ? 32 : 128))
    problems.push(`prefix length ${bits} is over ${family === 4 ? 32 : 128} for IPv${family}`);
  if (problems.length) return problems.join("; ");
  return parseCidr(text)?.hostBitsZero === false ? CIDR_HOST_BITS_RULE : undefined;
}
