/** Where a command reads its environment and writes its output: the process, or a test's buffers. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
}
