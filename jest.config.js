/** Unit and integration tests run from TypeScript sources; e2e tests drive the built dist/ through the real engine. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  testTimeout: 120000,
  // One worker per core, where jest's default leaves one core out (a single worker on two cores). Test
  // files share nothing (each has its own emulator on an ephemeral port, its own stacks and temporary
  // directories; the secret audit writes one file per process), and an e2e file spends most of its
  // time in engine subprocesses, so two files at a time finish sooner even on two cores.
  maxWorkers: "100%",
  // The secret audit (harness/audit.ts): collects during the run, scans after it, fails it on a leak.
  globalSetup: "<rootDir>/test/support/audit-setup.ts",
  globalTeardown: "<rootDir>/test/support/audit-teardown.ts",
};
