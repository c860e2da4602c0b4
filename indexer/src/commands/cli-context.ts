/** What a command reads and writes, passed in so the commands run the same from a terminal and a test. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}
