/**
 * Three tiers (CONTRIBUTING.md, "Tests and timings"), each a jest project: `fast` runs from TypeScript
 * sources and needs no engine (`npm run test:fast`, the loop before a commit); `long` is the few files
 * that take a minute or more of CPU each without the engine (property runs, a regeneration of a copy of
 * the repository); `engine` drives the built dist/ through the real Pulumi CLI, npm pack and install,
 * and PostgreSQL (`npm run test:engine`). `npx jest` and scripts/test.sh run all three.
 */
const os = require("node:os");

const shared = {
  rootDir: __dirname,
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
};

/** The engine tier; a new engine suite goes in test/e2e. */
const ENGINE = ["<rootDir>/test/e2e/**/*.test.ts", "<rootDir>/test/bench/bench.test.ts", "<rootDir>/test/bench/rate-limit.test.ts"];
/** The long tier: files that take a minute or more of CPU each (measured, CONTRIBUTING.md). */
const LONG = [
  "<rootDir>/test/emulator/fuzz.test.ts",
  "<rootDir>/test/generate/remove-kind.test.ts",
  "<rootDir>/test/provider/model/model.test.ts",
  "<rootDir>/test/provider/module-transitions.test.ts",
];
/** A testMatch glob above as a testPathIgnorePatterns expression. */
const pattern = (glob) => `^${glob.replace("/**/*.test.ts", "/").replace(/\./g, "\\.")}`;

module.exports = {
  projects: [
    {
      ...shared,
      displayName: "fast",
      testMatch: ["<rootDir>/test/**/*.test.ts"],
      testPathIgnorePatterns: ["/node_modules/", ...[...ENGINE, ...LONG].map(pattern)],
    },
    { ...shared, displayName: "long", testMatch: LONG },
    { ...shared, displayName: "engine", testMatch: ENGINE },
  ],
  testTimeout: 120000,
  // One worker per core and one more, where jest's default leaves one core out (a single worker on two
  // cores). Test files share nothing (each has its own emulator on an ephemeral port, its own stacks and
  // temporary directories; the secret audit writes one file per process), and an e2e file spends much of
  // its time in engine subprocesses; the fault suite spends its ~13 minutes waiting out the provider's
  // pacing (a 429 slows the account), not on a core, and the extra worker keeps both cores busy meanwhile.
  maxWorkers: os.availableParallelism() + 1,
  // Longest files first, also on a clean clone where jest has no times of an earlier run.
  testSequencer: "<rootDir>/test/support/sequencer.js",
  // The secret audit (harness/audit.ts): collects during the run, scans after it, fails it on a leak;
  // and a directory the run's test files share (the examples' one install, test/support/package-install.ts).
  globalSetup: "<rootDir>/test/support/global-setup.ts",
  globalTeardown: "<rootDir>/test/support/global-teardown.ts",
};
