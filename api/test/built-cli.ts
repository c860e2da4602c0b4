import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The admin command line exactly as `npm run cli` runs it; `npm test` builds it before the tests run. */
export const BUILT_CLI = join(__dirname, '../../indexer/dist/cli.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node indexer/dist/cli.js <args>` as its own process with only PATH and `env` set, and keeps its
 * output and exit status. Its stdout is a pipe, not a terminal, so it prints no progress bars.
 */
export const runBuiltCli = (args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run npm run build:server first`);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [BUILT_CLI, ...args],
      { env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => {
        const code = error ? error.code : 0;
        if (typeof code !== 'number') reject(error ?? new Error('the command line did not exit'));
        else resolve({ code, stdout, stderr });
      },
    );
  });
};

/** An address where nothing listens: a loopback port the system handed out and that was closed again. */
export const closedLoopbackUrl = async (): Promise<string> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};
