/**
 * Five tiers (CONTRIBUTING.md, "Tests and timings"), each a jest project: `fast` runs from TypeScript
 * sources and needs no engine (`npm run test:fast`, the loop before a commit); `long` is the few files
 * that take a minute or more of CPU each without the engine (property runs, Go builds, a regeneration of
 * a copy of the repository); `protocol` is the provider's tables through the provider protocol on both
 * paths (test/protocol; `npm run test:protocol`); `engine` drives the built dist/ through the real Pulumi
 * CLI, npm pack and install, and PostgreSQL (`npm run test:engine`); `paced` is the files whose minutes go
 * to the provider's pacing, not to a core: the fault suites under 429s through the protocol, an account at
 * its limit through the engine (`npm run test:paced`). `npx jest` runs all five in one run;
 * scripts/test.sh runs `paced` as a run of its own beside the others, so those files never hold the
 * workers the computing files need.
 */
const os = require("node:os");

const shared = {
  rootDir: __dirname,
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  // swc strips the types only (scripts/test.sh type-checks the whole tree once; tsconfig.test.json's
  // isolatedModules keeps every file transformable alone). On a clean clone every worker transforms what
  // it loads: the fast tier took 256 s of CPU through ts-jest, 232 s through swc.
  transform: { "^.+\\.ts$": ["@swc/jest", { jsc: { parser: { syntax: "typescript" }, target: "es2022" }, module: { type: "commonjs" } }] },
};

/**
 * The paced tier: files that spend most of their wall time waiting out the provider's pacing (the fault
 * suite's phases and the gateway's faults, with 429s, through the protocol on both paths; an account at
 * its rate limit through the engine). A new file goes here only when it waits more than it computes
 * (CONTRIBUTING.md's measurements).
 */
const PACED = [
  ...["create", "update", "destroy", "gateway"].flatMap((suite) =>
    ["dynamic", "native"].map((path) => `<rootDir>/test/protocol/faults-${suite}-${path}.test.ts`),
  ),
  "<rootDir>/test/e2e/rate-limit.test.ts",
];
/** The engine tier; a new engine suite goes in test/e2e. */
const ENGINE = [
  "<rootDir>/test/e2e/**/*.test.ts",
  "<rootDir>/test/bench/bench.test.ts",
  "<rootDir>/test/bench/rate-limit.test.ts",
  "<rootDir>/test/bench/large.test.ts",
];
/**
 * The protocol tier: the lifecycle, drift, owned-children and answer tables through the provider
 * protocol on both paths (test/protocol: the native plugin's server in-process, Pulumi's dynamic-provider
 * host in a warm process, loaded afresh per command), against emulators; no engine, no language host.
 */
const PROTOCOL = ["<rootDir>/test/protocol/**/*.test.ts"];
/** The long tier: files that take a minute or more of CPU each, or run a compiler (tsc, go build) (measured, CONTRIBUTING.md). */
const LONG = [
  "<rootDir>/test/cli/generate-typecheck.test.ts",
  "<rootDir>/test/cli/native.test.ts",
  "<rootDir>/test/emulator/fuzz.test.ts",
  "<rootDir>/test/generate/remove-kind.test.ts",
  "<rootDir>/test/provider/model/model.test.ts",
  "<rootDir>/test/provider/module-transitions.test.ts",
];
/** The engine tiers' default test timeout (jest reads `testTimeout` only from the whole run's config). */
const ENGINE_TIMEOUT = "<rootDir>/test/support/engine-timeout.ts";
/** A testMatch glob above as a testPathIgnorePatterns expression: a directory's prefix, or one file exactly. */
const pattern = (glob) => `^${glob.replace("/**/*.test.ts", "/").replace(/\./g, "\\.")}${glob.includes("*") ? "" : "$"}`;

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "fast",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", ...[...ENGINE, ...LONG, ...PROTOCOL].map(pattern)],
    },
    { ...shared, displayName: "long", testMatch: LONG },
    {
      ...shared,
      displayName: "protocol",
      testMatch: PROTOCOL,
      testPathIgnorePatterns: ["/node_modules/", ...PACED.map(pattern)],
      setupFilesAfterEnv: [ENGINE_TIMEOUT],
    },
    {
      ...shared,
      displayName: "engine",
      testMatch: ENGINE,
      testPathIgnorePatterns: ["/node_modules/", ...PACED.map(pattern)],
      setupFilesAfterEnv: [ENGINE_TIMEOUT],
    },
    { ...shared, displayName: "paced", testMatch: PACED, setupFilesAfterEnv: [ENGINE_TIMEOUT] },
  ],
  testTimeout: 120000,
  // One worker per core and one more, where jest's default leaves one core out (a single worker on two
  // cores). Test files share nothing (each has its own emulator on an ephemeral port, its own stacks and
  // temporary directories; the secret audit writes one file per process), and an e2e file spends part of
  // its time waiting on engine subprocesses; the extra worker keeps both cores busy meanwhile. The paced
  // files wait far longer (minutes of the provider's pacing): scripts/test.sh gives them a run of their own.
  maxWorkers: os.availableParallelism() + 1,
  // Longest files first, also on a clean clone where jest has no times of an earlier run.
  testSequencer: "<rootDir>/test/support/sequencer.js",
  // The secret audit (harness/audit.ts): collects during the run, scans after it, fails it on a leak;
  // and a directory the run's test files share (the examples' one install, test/support/package-install.ts).
  globalSetup: "<rootDir>/test/support/global-setup.ts",
  globalTeardown: "<rootDir>/test/support/global-teardown.ts",
};
