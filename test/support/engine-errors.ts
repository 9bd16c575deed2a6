/**
 * What only the engine shows: how it prints a provider's error, once per path. The provider's side (the
 * words, once, plain; each form of check failure; the error as the dynamic host reports it) is
 * test/protocol/errors.test.ts's, connection.test.ts's and constraints.test.ts's; the protocol harness
 * does not model the engine's display, so these two previews stay here. Run by test/e2e/errors.test.ts
 * and errors-native.test.ts.
 */
import { badRowOfThousand } from "./constraints";
import type { CliResult } from "../../harness/engine";
import { diagnosticLines, type EngineFixture } from "./engine-stack";
import type { EdgesProgram } from "./native-stack";

const output = (result: CliResult) => result.stdout + result.stderr;

/** Plain `pulumi preview` (not `--json`), as a user sees it. */
const plainPreview = (fx: EngineFixture<EdgesProgram>) =>
  fx.stack.run(["preview", "--stack", fx.stack.name, "--config-file", fx.stack.configFile, "--non-interactive"]);

/** No doubled `Error:` prefix and no stack frame. */
function expectNoNoise(text: string): void {
  expect(text).not.toMatch(/Error: [^\n]*: Error:/);
  expect(text).not.toMatch(/\.ts:\d+/);
  expect(text).not.toMatch(/(?:^|\n)\s*at \S/);
}

export function engineErrorsSuite(fx: EngineFixture<EdgesProgram>): void {
  // Why the engine: the lines it prints (its progress line and Diagnostics), after the engine and, on the
  // dynamic path, Pulumi's dynamic-provider host (whose stderr the engine shows) have wrapped the error.
  test("a refused key in plain output: the message only on the engine's own error lines, no doubling, no stack frame", async () => {
    const wrong = "wrong-api-key-for-the-engine-errors-5520";
    await fx.stack.setConfig("edgeingress:apiKey", { value: wrong, secret: true });
    try {
      await fx.setProgram({ resources: [{ kind: "IpPolicy", name: "office", args: { description: "office" } }] });
      const preview = await plainPreview(fx);
      expect(preview.code).not.toBe(0);
      expectNoNoise(output(preview));
      const lines = output(preview)
        .split("\n")
        .filter((l) => / refused the API key /.test(l));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/error: .*has a problem: edgeingress: the API at \S+ refused the API key/);
    } finally {
      await fx.stack.setConfig("edgeingress:apiKey", { value: fx.emulator.rootToken, secret: true });
    }
  });

  // Why the engine: the number of lines it prints for one failure (a property's value would be the list).
  test("a bad rule of 1000 is printed as its own path and rule, in at most 3 lines, and no other rule is", async () => {
    const { rules, reason } = badRowOfThousand();
    await fx.setProgram({ resources: [{ kind: "IpPolicy", name: "subject", args: { rules } }] });
    const preview = await plainPreview(fx);
    expect(preview.code).not.toBe(0);
    const diagnostic = diagnosticLines(preview, "subject");
    expect(diagnostic.length).toBeLessThanOrEqual(3);
    expect(diagnostic.join("\n")).toMatch(new RegExp(`has a problem: ${reason.replace(/[[\].]/g, "\\$&")}$`));
    // Nowhere in the output: not the rows around it, nor the list.
    expect(output(preview)).not.toMatch(/10\.0\.4\.0\/24|row 4\b/);
  });
}
