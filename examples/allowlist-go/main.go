// Allowlist: an IP policy holding one rule per range of a published range list (ranges.txt), and an
// IP restriction that lets only those ranges reach the account's endpoints.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/edge-ingress/pulumi/sdks/go/edgeingress"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

type cidrRange struct {
	cidr string
	// The line's trailing comment, if any.
	note string
}

// readRanges reads one CIDR block per line; `#` starts a comment (a trailing one becomes the rule's
// description); blank lines are skipped.
func readRanges(file string) ([]cidrRange, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var ranges []cidrRange
	seen := map[string]int{}
	for i, line := range strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n") {
		block, comment, _ := strings.Cut(line, "#")
		cidr := strings.TrimSpace(block)
		if cidr == "" {
			continue
		}
		if len(strings.Fields(cidr)) > 1 {
			return nil, fmt.Errorf("%s:%d: one CIDR block per line, got %q", file, i+1, cidr)
		}
		// The rule's name comes from its block: the same block twice would be two resources of one name.
		if first, ok := seen[strings.ToLower(cidr)]; ok {
			return nil, fmt.Errorf("%s:%d: %s is already on line %d", file, i+1, cidr, first)
		}
		seen[strings.ToLower(cidr)] = i + 1
		ranges = append(ranges, cidrRange{cidr: cidr, note: strings.TrimSpace(comment)})
	}
	if len(ranges) == 0 {
		return nil, fmt.Errorf("%s: no CIDR block (an empty allowlist would let nothing in)", file)
	}
	return ranges, nil
}

var notNameChar = regexp.MustCompile(`[^0-9a-z]`)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		// Another list: `pulumi config set rangesFile ./other-ranges.txt` (relative to the project directory).
		rangesFile := cfg.Get("rangesFile")
		if rangesFile == "" {
			rangesFile = "ranges.txt"
		}
		// Start by warning only; `pulumi config set enforce true` once the list is complete.
		enforce := cfg.GetBool("enforce")

		ranges, err := readRanges(rangesFile)
		if err != nil {
			return err
		}

		cdn, err := edgeingress.NewIpPolicy(ctx, "cdn", &edgeingress.IpPolicyArgs{
			Description: pulumi.String("CDN egress ranges"),
		})
		if err != nil {
			return err
		}

		// Each rule is named after its block, not its line: adding or removing a line creates or deletes
		// that range's rule only. (A name cannot hold "::", so every character other than a letter or
		// digit is "-".)
		for _, r := range ranges {
			description := r.note
			if description == "" {
				description = "from " + filepath.Base(rangesFile)
			}
			name := "cdn-" + notNameChar.ReplaceAllString(strings.ToLower(r.cidr), "-")
			_, err := edgeingress.NewIpPolicyRule(ctx, name, &edgeingress.IpPolicyRuleArgs{
				IpPolicyId:  cdn.ID().ToStringOutput(),
				Cidr:        pulumi.String(r.cidr),
				Action:      edgeingress.IpPolicyRuleActionAllow,
				Description: pulumi.String(description),
			})
			if err != nil {
				return err
			}
		}

		endpoints, err := edgeingress.NewIpRestriction(ctx, "endpoints", &edgeingress.IpRestrictionArgs{
			Type:        edgeingress.IpRestrictionTypeEndpoints,
			IpPolicyIds: pulumi.StringArray{cdn.ID().ToStringOutput()},
			Enforced:    pulumi.Bool(enforce),
			Description: pulumi.String("Endpoints only from the CDN"),
		})
		if err != nil {
			return err
		}

		ctx.Export("policyId", cdn.ID())
		ctx.Export("ruleCount", pulumi.Int(len(ranges)))
		ctx.Export("restrictionId", endpoints.ID())
		return nil
	})
}
