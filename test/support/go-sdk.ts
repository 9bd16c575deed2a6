/**
 * This clone's Go SDK laid out in a Go program's directory as `pulumi package add` writes it (docs/native.md,
 * "SDKs per language"): the module that go.mod's `replace … => ./sdks/edgeingress` names, in that folder,
 * its package in `edgeingress/` under it; the SDK's sums serve the program's requirements. For the tests
 * that build exported programs and the Go examples without a Pulumi CLI call per program.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../../harness/engine";

export const GO_SDK = path.join(REPO_ROOT, "sdks", "go", "edgeingress");
/** The module `pulumi package add` makes of the SDK, which export's go.mod and the Go examples require. */
export const GO_SDK_MODULE = "github.com/edge-ingress/pulumi/sdks/go";

export function layOutGoSdk(programDir: string): void {
  const goMod = fs.readFileSync(path.join(programDir, "go.mod"), "utf8");
  const module = /^replace (\S+) => \.\/sdks\/edgeingress$/m.exec(goMod)?.[1];
  if (module !== GO_SDK_MODULE) throw new Error(`${programDir}/go.mod has no replace ${GO_SDK_MODULE} => ./sdks/edgeingress`);
  const sdk = path.join(programDir, "sdks", "edgeingress");
  fs.cpSync(GO_SDK, path.join(sdk, "edgeingress"), { recursive: true, filter: (f) => !/go\.(mod|sum)$/.test(f) });
  fs.writeFileSync(
    path.join(sdk, "go.mod"),
    fs.readFileSync(path.join(GO_SDK, "go.mod"), "utf8").replace(/^module .*$/m, `module ${module}`),
  );
  fs.copyFileSync(path.join(GO_SDK, "go.sum"), path.join(programDir, "go.sum"));
}
