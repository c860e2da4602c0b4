import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SNAPSHOT_FORMAT } from './snapshot-sections';
import { type SectionReader, sectionReader, type SectionSource } from '../structures/binary-sections';
import type { SectionInFile } from './section-in-file';
import { type LeftInFile, readSnapshotFile, writeSnapshotFile } from './snapshot-file';

let files = 0;

/** Flips a byte in the middle of the named section of a snapshot file, as a damaged disk would. */
export const damageSection = (file: string, name: string): void => {
  const bytes = readFileSync(file);
  const magic = 'SKILLERS-INDEX-SNAPSHOT\n'.length;
  const headerLength = bytes.readUInt32LE(magic);
  const header = JSON.parse(bytes.toString('utf8', magic + 4, magic + 4 + headerLength)) as {
    sections: { name: string; bytes: number }[];
  };
  let at = magic + 4 + headerLength;
  for (const section of header.sections) {
    if (section.name === name) {
      bytes[at + (section.bytes >> 1)] ^= 0xff;
      writeFileSync(file, bytes);
      return;
    }
    at += section.bytes;
  }
  throw new Error(`no section ${name}`);
};

/**
 * Sections as a snapshot file's reader gives them: written to a file in `dir` (the section `damaged` then
 * damaged) and read back, those `leave` names left in the file. `release` lets go of the reader's hold on
 * the file once they are taken.
 */
export const throughFile = async (
  sections: readonly SectionSource[],
  dir: string,
  leave: LeftInFile,
  damaged?: string,
): Promise<{
  section: SectionReader;
  inFile: (name: string) => SectionInFile | undefined;
  release: () => void;
}> => {
  const file = join(dir, `sections-${++files}.snapshot`);
  await writeSnapshotFile(file, { format: SNAPSHOT_FORMAT, sections, unchanged: () => true }, {});
  if (damaged !== undefined) damageSection(file, damaged);
  const read = await readSnapshotFile(file, () => undefined, { leave });
  if ('rejected' in read) throw new Error(read.rejected);
  const left = new Map((read.snapshot.inFile ?? []).map((section) => [section.name, section]));
  return {
    section: sectionReader(read.snapshot.sections),
    inFile: (name) => left.get(name),
    release: () => {
      for (const section of left.values()) section.file.release();
    },
  };
};
