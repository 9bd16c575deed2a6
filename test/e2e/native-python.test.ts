/**
 * The native provider from a Python program, with the Python SDK in sdks/python, Pulumi's own Python
 * language host, Debian's interpreter and the Pulumi Python SDK of the shared tools directory
 * (test/e2e/native-language.ts says what is checked; scripts/python-deps.sh installs what Debian gives).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../support/engine";
import { describeNativeLanguage, SHARED_TOOLS } from "./native-language";

const MAIN = `import pulumi
import edge_ingress_pulumi as ei

restriction_type = pulumi.Config().get("restrictionType") or "api"

office = ei.IpPolicy(
    "office",
    description="office",
    rules=[
        ei.IpPolicyInlineRuleArgs(cidr="203.0.113.0/24", action=ei.IpPolicyRuleAction.ALLOW, description="office v4"),
        ei.IpPolicyInlineRuleArgs(cidr="198.51.100.0/24", action="allow"),
    ],
)
ei.IpRestriction("api-access", type=restriction_type, ip_policy_ids=[office.id], enforced=True)
deploy = ei.ApiKey("deploy", description="deploy pipeline")
ei.HttpsEdge(
    "web",
    hostports=["native-python.example.com:443"],
    routes=[
        ei.HttpsEdgeInlineRouteArgs(
            match_type=ei.MatchType.PATH_PREFIX,
            match="/",
            description="site",
            compression=ei.EnabledModuleArgs(enabled=True),
        )
    ],
)
pulumi.export("deployToken", deploy.token)
`;

describeNativeLanguage({
  project: "native-python",
  firstUpTimeoutMs: 300_000,
  write(dir) {
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: native-python\nruntime: python\n");
    fs.writeFileSync(path.join(dir, "__main__.py"), MAIN);
  },
  env: () => ({
    PULUMI_PYTHON_CMD: "/usr/bin/python3",
    PYTHONPATH: [path.join(REPO_ROOT, "sdks", "python"), path.join(SHARED_TOOLS, "python")].join(path.delimiter),
    // Byte code of the SDK stays out of the clone.
    PYTHONDONTWRITEBYTECODE: "1",
  }),
});
