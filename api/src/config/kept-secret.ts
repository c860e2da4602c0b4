import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Flushes a folder's entries (a rename) to disk; some platforms cannot open a folder, and then it is skipped. */
const syncFolder = (folder: string): void => {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
};

/**
 * Writes `content` to `file`, readable by its owner only, so that a crash or power loss at any point
 * leaves either no file or the whole new one, never a truncated one: the text goes to a temporary file
 * beside it, is flushed to disk, and is then renamed over `file`.
 */
export const writeFileAtomically = (file: string, content: string): void => {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true });
  const temporary = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(folder);
};

/**
 * The secret kept in `file`, or a new one from `generate` written there (atomically) when the file is
 * missing or holds fewer than `minLength` characters.
 */
export const keptSecret = (file: string, minLength: number, generate: () => string): string => {
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= minLength) return kept;
  }
  const secret = generate();
  writeFileAtomically(file, `${secret}\n`);
  return secret;
};
