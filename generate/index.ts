/**
 * `npm run generate`: writes every derived file from the declarations (`--check` only compares).
 * A generator is a module here that returns whole files; each file starts with GENERATED_HEADER (a
 * markdown page with GENERATED_MARKDOWN_HEADER), is listed `linguist-generated` in .gitattributes, and
 * is written formatted as prettier writes it, so the formatter and the staleness test agree.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import * as os from "node:os";
import { docs } from "./docs";
import { emulatorRegistry } from "./emulator-registry";
import { resources } from "./resources";
import { schema } from "./schema";
import { sdkRegistry } from "./sdk-registry";
import { sdkTypes } from "./sdk-types";
import { GENERATED_HEADER, GENERATED_MARKDOWN_HEADER, ROOT, type GeneratedFile, type Generator } from "./generator";

/** The file with its header line: generators write TypeScript's themselves; a markdown page gets its own here. */
const headed = (file: GeneratedFile): GeneratedFile =>
  file.path.endsWith(".md") && !file.text.startsWith(GENERATED_MARKDOWN_HEADER)
    ? { path: file.path, text: `${GENERATED_MARKDOWN_HEADER}\n${file.text}` }
    : file;

export { GENERATED_HEADER, GENERATED_MARKDOWN_HEADER, ROOT, type GeneratedFile, type Generator } from "./generator";

/** Every generator; a new one is added here. */
export const GENERATORS: readonly Generator[] = [sdkTypes, resources, sdkRegistry, emulatorRegistry, docs, schema];

/**
 * The files as prettier writes them, formatted in one prettier process over a scratch copy (prettier's
 * API loads its plugins by dynamic import, which jest's module loader refuses).
 */
function formatted(all: GeneratedFile[], root: string): GeneratedFile[] {
  // Only TypeScript: the markdown references are compared byte for byte, as .prettierignore says.
  const files = all.filter((file) => file.path.endsWith(".ts"));
  if (!files.length) return all;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "edge-ingress-generate-"));
  try {
    fs.copyFileSync(path.join(ROOT, ".prettierrc.json"), path.join(scratch, ".prettierrc.json"));
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(scratch, file.path)), { recursive: true });
      fs.writeFileSync(path.join(scratch, file.path), file.text);
    }
    execFileSync(
      process.execPath,
      [require.resolve("prettier/bin/prettier.cjs", { paths: [root, ROOT] }), "--log-level", "warn", "--write", "."],
      {
        cwd: scratch,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    return all.map((file) =>
      file.path.endsWith(".ts") ? { path: file.path, text: fs.readFileSync(path.join(scratch, file.path), "utf8") } : file,
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Every generated file as it should be on disk. */
export async function expectedFiles(root = ROOT, generators: readonly Generator[] = GENERATORS): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const generator of generators) files.push(...(await generator.files()).map(headed));
  return formatted(files, root);
}

/** True when the file on disk under `root` is missing or differs from `file`. */
function isStale(file: GeneratedFile, root: string): boolean {
  const at = path.join(root, file.path);
  return !fs.existsSync(at) || fs.readFileSync(at, "utf8") !== file.text;
}

const NOT_SOURCE = new Set(["node_modules", "dist", ".cache", ".git", "coverage"]);

/**
 * Generated TypeScript files under `root` that no generator writes any more (a removed kind's class and
 * the like); `expected` must hold every TypeScript file the generators write (the references are markdown).
 */
function orphanFiles(root: string, expected: readonly GeneratedFile[]): string[] {
  const wanted = new Set(expected.map((file) => file.path));
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const at = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_SOURCE.has(entry.name)) walk(at);
      } else if (entry.name.endsWith(".ts") && !wanted.has(at.split(path.sep).join("/"))) {
        const head = fs.readFileSync(path.join(root, at), "utf8").slice(0, GENERATED_HEADER.length);
        if (head === GENERATED_HEADER) out.push(at.split(path.sep).join("/"));
      }
    }
  };
  walk("");
  return out.sort();
}

/**
 * The generated files whose committed text differs, that are missing, or that nothing generates any more;
 * `expected` when the caller already has what the generators write.
 */
export async function staleFiles(
  root = ROOT,
  generators: readonly Generator[] = GENERATORS,
  expected: readonly GeneratedFile[] | Promise<readonly GeneratedFile[]> = expectedFiles(root, generators),
): Promise<string[]> {
  const files = await expected;
  return [...files.filter((file) => isStale(file, root)).map((file) => file.path), ...orphanFiles(root, files)];
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  if (check) {
    const stale = await staleFiles();
    if (stale.length) {
      console.error(`stale generated files (run \`npm run generate\`):\n  ${stale.join("\n  ")}`);
      process.exitCode = 1;
    }
    return;
  }
  // First the files the code is generated into; the references render from what they hold, so they are
  // written by a run compiled after those are current (one more run when this one changed them).
  const written: string[] = [];
  const again = Boolean(process.env.EDGE_INGRESS_GENERATE_AGAIN);
  const write = (files: GeneratedFile[]) => {
    for (const file of files.filter((f) => isStale(f, ROOT))) {
      const at = path.join(ROOT, file.path);
      fs.mkdirSync(path.dirname(at), { recursive: true });
      fs.writeFileSync(at, file.text);
      written.push(file.path);
      console.log(`wrote ${file.path}`);
    }
  };
  const code = await expectedFiles(
    ROOT,
    GENERATORS.filter((g) => !g.rendersFromGenerated),
  );
  write(code);
  for (const orphan of orphanFiles(ROOT, code)) {
    fs.rmSync(path.join(ROOT, orphan));
    written.push(orphan);
    console.log(`removed ${orphan} (nothing generates it any more)`);
  }
  if (written.some((p) => p.endsWith(".ts")) && !again) {
    execFileSync("npm", ["run", "--silent", "generate"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, EDGE_INGRESS_GENERATE_AGAIN: "1" },
    });
    return;
  }
  write(
    await expectedFiles(
      ROOT,
      GENERATORS.filter((g) => g.rendersFromGenerated),
    ),
  );
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
