// Allowlist: an IP policy holding one rule per range of a published range list (ranges.txt), and an
// IP restriction that lets only those ranges reach the account's endpoints.
import * as fs from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import * as ei from "@edge-ingress/pulumi";

const config = new pulumi.Config();
// Another list: `pulumi config set rangesFile ./other-ranges.txt` (relative to the project directory).
const rangesFile = config.get("rangesFile") ?? path.join(__dirname, "ranges.txt");
// Start by warning only; `pulumi config set enforce true` once the list is complete.
const enforce = config.getBoolean("enforce") ?? false;

interface Range {
  cidr: string;
  /** The line's trailing comment, if any. */
  note: string;
}

/** One CIDR block per line; `#` starts a comment (a trailing one becomes the rule's description); blank lines are skipped. */
function readRanges(file: string): Range[] {
  const ranges: Range[] = [];
  const seen = new Map<string, number>();
  fs.readFileSync(file, "utf8")
    .split(/\r?\n/)
    .forEach((line, i) => {
      const [text, ...comment] = line.split("#");
      const cidr = text.trim();
      if (cidr === "") return;
      if (/\s/.test(cidr)) throw new Error(`${file}:${i + 1}: one CIDR block per line, got "${cidr}"`);
      // The rule's name comes from its block: the same block twice would be two resources of one name.
      const first = seen.get(cidr.toLowerCase());
      if (first !== undefined) throw new Error(`${file}:${i + 1}: ${cidr} is already on line ${first}`);
      seen.set(cidr.toLowerCase(), i + 1);
      ranges.push({ cidr, note: comment.join("#").trim() });
    });
  if (ranges.length === 0) throw new Error(`${file}: no CIDR block (an empty allowlist would let nothing in)`);
  return ranges;
}

const ranges = readRanges(rangesFile);

const cdn = new ei.IpPolicy("cdn", { description: "CDN egress ranges" });

// Each rule is named after its block, not its line: adding or removing a line creates or deletes that
// range's rule only. (A name cannot hold "::", so every character other than a letter or digit is "-".)
const rules = ranges.map(
  ({ cidr, note }) =>
    new ei.IpPolicyRule(`cdn-${cidr.toLowerCase().replace(/[^0-9a-z]/g, "-")}`, {
      ipPolicyId: cdn.id,
      cidr,
      action: "allow",
      description: note || `from ${path.basename(rangesFile)}`,
    }),
);

const endpoints = new ei.IpRestriction("endpoints", {
  type: "endpoints",
  ipPolicyIds: [cdn.id],
  enforced: enforce,
  description: "Endpoints only from the CDN",
});

export const policyId = cdn.id;
export const ruleCount = rules.length;
export const restrictionId = endpoints.id;
