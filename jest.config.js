/** Unit and integration tests run from TypeScript sources; e2e tests drive the built dist/ through the real engine. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json" }] },
  testTimeout: 120000,
  // The secret audit (test/support/audit.ts): collects during the run, scans after it, fails it on a leak.
  globalSetup: "<rootDir>/test/support/audit-setup.ts",
  globalTeardown: "<rootDir>/test/support/audit-teardown.ts",
};
