/**
 * The native provider from a Go program, with the Go SDK in sdks/go/edgeingress (taken by a `replace`
 * directive) and Pulumi's own Go language host (test/e2e/native-language.ts says what is checked).
 * The program's first build compiles the Pulumi Go SDK into the machine's Go build cache.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../support/engine";
import { describeNativeLanguage } from "./native-language";

const SDK = path.join(REPO_ROOT, "sdks", "go", "edgeingress");

const MAIN = `package main

import (
	"github.com/edge-ingress/pulumi/sdks/go/edgeingress"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		restrictionType := config.New(ctx, "").Get("restrictionType")
		if restrictionType == "" {
			restrictionType = "api"
		}
		office, err := edgeingress.NewIpPolicy(ctx, "office", &edgeingress.IpPolicyArgs{
			Description: pulumi.String("office"),
			Rules: edgeingress.IpPolicyInlineRuleArray{
				edgeingress.IpPolicyInlineRuleArgs{
					Cidr:        pulumi.String("203.0.113.0/24"),
					Action:      edgeingress.IpPolicyRuleActionAllow,
					Description: pulumi.String("office v4"),
				},
				edgeingress.IpPolicyInlineRuleArgs{Cidr: pulumi.String("198.51.100.0/24"), Action: edgeingress.IpPolicyRuleActionAllow},
			},
		})
		if err != nil {
			return err
		}
		_, err = edgeingress.NewIpRestriction(ctx, "api-access", &edgeingress.IpRestrictionArgs{
			Type:        edgeingress.IpRestrictionType(restrictionType),
			IpPolicyIds: pulumi.StringArray{office.ID().ToStringOutput()},
			Enforced:    pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		deploy, err := edgeingress.NewApiKey(ctx, "deploy", &edgeingress.ApiKeyArgs{Description: pulumi.String("deploy pipeline")})
		if err != nil {
			return err
		}
		_, err = edgeingress.NewHttpsEdge(ctx, "web", &edgeingress.HttpsEdgeArgs{
			Hostports: pulumi.StringArray{pulumi.String("native-go.example.com:443")},
			Routes: edgeingress.HttpsEdgeInlineRouteArray{
				edgeingress.HttpsEdgeInlineRouteArgs{
					MatchType:   edgeingress.MatchTypePathPrefix,
					Match:       pulumi.String("/"),
					Description: pulumi.String("site"),
					Compression: edgeingress.EnabledModuleArgs{Enabled: pulumi.Bool(true)},
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("deployToken", deploy.Token)
		return nil
	})
}
`;

describeNativeLanguage({
  project: "native-go",
  firstUpTimeoutMs: 900_000,
  write(dir) {
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: native-go\nruntime: go\n");
    fs.writeFileSync(path.join(dir, "main.go"), MAIN);
    // The SDK's own requirements (and sums), and the SDK itself from this clone.
    const sdkMod = fs.readFileSync(path.join(SDK, "go.mod"), "utf8");
    const goLine = /^go .*$/m.exec(sdkMod)![0];
    const requires = /^require[\s\S]*$/m.exec(sdkMod)![0];
    fs.writeFileSync(
      path.join(dir, "go.mod"),
      `module native-go\n\n${goLine}\n\nrequire github.com/edge-ingress/pulumi/sdks/go/edgeingress v0.0.0\n\n${requires}\n\nreplace github.com/edge-ingress/pulumi/sdks/go/edgeingress => ${SDK}\n`,
    );
    fs.copyFileSync(path.join(SDK, "go.sum"), path.join(dir, "go.sum"));
  },
  env: () => ({ GOFLAGS: "-mod=mod" }),
});
