import { Writable } from 'node:stream';
import type { CliContext } from './cli-context';
import { runCli } from '../run-cli';

/** A real stream that keeps what was written, as a file would; `isTTY` makes commands draw progress bars. */
export class CollectedOutput extends Writable {
  text = '';
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

/** Runs the command line in this process, as `npm run cli -- …` would, and keeps its output and exit code. */
export const runCollected = async (
  args: string[],
  env: CliContext['env'],
  { tty = false } = {},
): Promise<{ code: number; stdout: string; stderr: string }> => {
  const stdout = new CollectedOutput(tty);
  const stderr = new CollectedOutput();
  const code = await runCli(args, { env, stdout, stderr });
  return { code, stdout: stdout.text, stderr: stderr.text };
};

/** An address where nothing listens: a loopback port the system handed out and that was closed again. */
export const closedLoopbackUrl = async (): Promise<string> => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
};
