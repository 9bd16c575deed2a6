/**
 * Every kind is a resource of the committed Go and Python SDKs under the names docs/reference.md gives.
 * That the SDKs are what `pulumi package gen-sdk` writes from the committed schema, and that the CLI's
 * own checks pass on the plugin, is the engine tier's (test/e2e/native-install.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ROOT } from "../../generate";
import { kinds } from "../../provider/kinds";

test("every kind is a resource of the Go and Python SDKs, by the names docs/reference.md gives", () => {
  const reference = fs.readFileSync(path.join(ROOT, "docs", "reference.md"), "utf8");
  const python = fs.readFileSync(path.join(ROOT, "sdks", "python", "edge_ingress_pulumi", "__init__.py"), "utf8");
  const goFiles = fs
    .readdirSync(path.join(ROOT, "sdks", "go", "edgeingress"))
    .filter((f) => f.endsWith(".go"))
    .map((f) => fs.readFileSync(path.join(ROOT, "sdks", "go", "edgeingress", f), "utf8"))
    .join("\n");
  for (const { name } of Object.values(kinds)) {
    expect(reference).toContain(`edgeingress.New${name}(ctx, name, &edgeingress.${name}Args{…})`);
    expect(reference).toContain(`edge_ingress_pulumi.${name}(name, …)`);
    expect(goFiles).toContain(`func New${name}(ctx *pulumi.Context,`);
    const module = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    expect(python).toContain(`from .${module} import *`);
    expect(fs.readFileSync(path.join(ROOT, "sdks", "python", "edge_ingress_pulumi", `${module}.py`), "utf8")).toContain(
      `class ${name}(pulumi.CustomResource):`,
    );
  }
});
