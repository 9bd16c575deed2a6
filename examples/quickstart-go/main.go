// Quickstart: an IP policy with its ranges, an API restriction that uses it, and an API key for a pipeline.
package main

import (
	"github.com/edge-ingress/pulumi/sdks/go/edgeingress"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		office, err := edgeingress.NewIpPolicy(ctx, "office", &edgeingress.IpPolicyArgs{
			Description: pulumi.String("Office egress ranges"),
			Metadata:    pulumi.String(`{"team":"platform"}`),
		})
		if err != nil {
			return err
		}

		// The policy's ranges (documentation blocks here: put your own egress ranges).
		officeV4, err := edgeingress.NewIpPolicyRule(ctx, "office-v4", &edgeingress.IpPolicyRuleArgs{
			IpPolicyId:  office.ID().ToStringOutput(),
			Cidr:        pulumi.String("203.0.113.0/24"),
			Action:      edgeingress.IpPolicyRuleActionAllow,
			Description: pulumi.String("Office NAT"),
		})
		if err != nil {
			return err
		}
		officeV6, err := edgeingress.NewIpPolicyRule(ctx, "office-v6", &edgeingress.IpPolicyRuleArgs{
			IpPolicyId:  office.ID().ToStringOutput(),
			Cidr:        pulumi.String("2001:db8::/32"),
			Action:      edgeingress.IpPolicyRuleActionAllow,
			Description: pulumi.String("Office IPv6"),
		})
		if err != nil {
			return err
		}

		apiAccess, err := edgeingress.NewIpRestriction(ctx, "api-access", &edgeingress.IpRestrictionArgs{
			Type:        edgeingress.IpRestrictionTypeApi,
			IpPolicyIds: pulumi.StringArray{office.ID().ToStringOutput()},
			// Start by warning only; switch to true once the policy's rules are complete.
			Enforced:    pulumi.Bool(false),
			Description: pulumi.String("Management API only from the office"),
		})
		if err != nil {
			return err
		}

		deployKey, err := edgeingress.NewApiKey(ctx, "deploy", &edgeingress.ApiKeyArgs{
			Description: pulumi.String("Used by the deploy pipeline"),
		})
		if err != nil {
			return err
		}

		ctx.Export("policyId", office.ID())
		ctx.Export("ruleIds", pulumi.StringArray{officeV4.ID().ToStringOutput(), officeV6.ID().ToStringOutput()})
		ctx.Export("restrictionId", apiAccess.ID())
		ctx.Export("deployKeyId", deployKey.ID())
		// A secret output: shown as [secret] unless asked for with --show-secrets.
		ctx.Export("deployKeyToken", deployKey.Token)
		return nil
	})
}
