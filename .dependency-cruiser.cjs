// The layers (docs/design.md, "Layers"), checked by `npm run layers` (scripts/test.sh runs it): a
// forbidden import fails the run and names the rule and the import. Type-only imports count as imports.
/** Every folder and entry file of the repository's own code. */
const OURS = "^(index\\.ts$|sdk/|emulator/|provider/|runtime/|cli/|generate/|bench/|harness/|test/|examples/|scripts/)";
/** What is shipped (dist/) and the code that writes or measures it. */
const PRODUCT = "^(index\\.ts$|sdk/|emulator/|provider/|runtime/|cli/|generate/|bench/|harness/)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "No module reaches itself through its imports.",
      severity: "error",
      from: { path: PRODUCT },
      to: { circular: true },
    },
    {
      name: "sdk-is-a-leaf",
      comment: "The API client imports nothing else of ours.",
      severity: "error",
      from: { path: "^sdk/" },
      to: { path: OURS, pathNot: "^sdk/" },
    },
    {
      name: "emulator-is-a-leaf",
      comment: "The emulator keeps its own copies (docs/design.md): it imports neither the sdk nor the provider.",
      severity: "error",
      from: { path: "^emulator/" },
      to: { path: OURS, pathNot: "^emulator/" },
    },
    {
      name: "provider-reaches-only-the-sdk",
      comment: "The provider imports the sdk and itself, nothing above it.",
      severity: "error",
      from: { path: "^provider/" },
      to: { path: OURS, pathNot: "^(provider|sdk)/" },
    },
    {
      name: "nothing-ships-the-emulator",
      comment: "Only tests, the generator, the benchmark and scripts start the emulator; the product never imports it.",
      severity: "error",
      from: { path: "^(index\\.ts$|sdk/|provider/|runtime/|cli/)" },
      to: { path: "^emulator/" },
    },
    {
      name: "product-never-imports-tests",
      comment: "Code shared by the tests and the benchmark lives in harness/, not test/.",
      severity: "error",
      from: { path: PRODUCT },
      to: { path: "^test/" },
    },
    {
      name: "no-generated-classes",
      comment:
        "The generated resource classes are the generator's output: hand-written code (the declarations it reads included) never imports them; only the package entry re-exports them.",
      severity: "error",
      from: { path: PRODUCT, pathNot: "^provider/(resources/|index\\.ts$)" },
      to: { path: "^provider/resources/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|\\.cache)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.test.json" },
  },
};
