// Lints every TypeScript and JavaScript file of the repository (npm run lint; scripts/test.sh fails on a finding).
// typescript-eslint's type-checked rules catch what tsc does not: promises left floating or passed where a
// callback's return is ignored, awaits of non-promises, objects stringified as "[object Object]".
import js from "@eslint/js";
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", ".cache/", "node_modules/", "tools/", "bench/results/"] },
  // A disable comment must name a rule that fires there and say why after "--" on the same line.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  comments.recommended,
  { rules: { "@eslint-community/eslint-comments/require-description": "error" } },
  {
    files: ["**/*.ts"],
    extends: [tseslint.configs.recommendedTypeChecked],
    // tsconfig.test.json covers every TypeScript file but the examples (each has its own tsconfig).
    languageOptions: {
      parserOptions: { project: ["./tsconfig.test.json", "./examples/*/tsconfig.json"], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The bug catchers, named so that no preset change turns them off.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // A `${…}` in a quoted string is a template literal that lost its backticks.
      "no-template-curly-in-string": "error",
      // `any` is the dynamic provider API's own type (pulumi.dynamic.ResourceProvider takes and returns any),
      // and the provider, runtime and tests pass those values through: the unsafe-any rules would flag each
      // use (about 1,900), not bugs. The typed client (sdk/) is any-free and keeps them on, below.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // Kind modules and the runtime load lazily with require() on purpose (a provider process loads one kind).
      "@typescript-eslint/no-require-imports": "off",
      // An async function without await keeps the promise-returning shape its interface asks for.
      "@typescript-eslint/require-await": "off",
      // Declarations' hooks are plain functions declared with method syntax; none uses `this`.
      "@typescript-eslint/unbound-method": "off",
      // Errors are rewritten on purpose to name the user's field or resource; the wrapped error adds nothing.
      "preserve-caught-error": "off",
      // The API's rules are about control characters: each regex that names them means to.
      "no-control-regex": "off",
      // A style rule, not a bug: an assertion tsc finds redundant does no harm.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      // `interface X extends Y {}` merges a computed type into a class of the same name.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
      // An underscore marks what a destructuring leaves out or a signature must take.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["sdk/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "error",
      "@typescript-eslint/no-unsafe-assignment": "error",
      "@typescript-eslint/no-unsafe-call": "error",
      "@typescript-eslint/no-unsafe-member-access": "error",
      "@typescript-eslint/no-unsafe-return": "error",
    },
  },
  // Tests evaluate generated code (printed values, the guide's snippets, serialized providers) on purpose.
  { files: ["test/**/*.ts"], rules: { "@typescript-eslint/no-implied-eval": "off" } },
  // A fixture program in no project: linted without type information.
  { files: ["test/fixtures/**/*.ts"], extends: [tseslint.configs.disableTypeChecked] },
  { files: ["**/*.js"], languageOptions: { sourceType: "commonjs", globals: { ...globals.node } } },
  { files: ["eslint.config.mjs"], languageOptions: { globals: { ...globals.node } } },
);
