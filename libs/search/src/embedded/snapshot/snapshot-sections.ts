import type { Section, SectionSource } from '../structures/binary-sections';
import type { SectionInFile } from './section-in-file';

/**
 * 3: binary sections per structure, the texts as the text index's own sections (2 had Orama's JSON save of
 * the texts; 1 was one Orama save of whole documents per kind).
 */
export const SNAPSHOT_FORMAT = 3;

/** The vector length of a snapshot section holding 32-bit vector rows (`<kind>.vectors.<dims>.values`). */
export const vectorRowSection = (name: string): number | undefined => {
  const match = /^(?:project|teammate)\.vectors\.(\d+)\.values$/.exec(name);
  return match ? Number(match[1]) : undefined;
};

/** Whether a snapshot section holds the search texts (`<kind>.text.texts`). */
export const textsSection = (name: string): boolean => /^(?:project|teammate)\.text\.texts$/.test(name);

/** Whether a snapshot section holds a vector graph (`<kind>.vectors.<dims>.graph`). */
export const vectorGraphSection = (name: string): boolean =>
  /^(?:project|teammate)\.vectors\.\d+\.graph$/.test(name);

/**
 * The generation as named binary sections (`<kind>.<structure>.<part>`): in memory, and those a snapshot
 * file's reader left in the file (`inFile`: vector rows, graphs).
 */
export interface EmbeddedSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  sections: readonly Section[];
  inFile?: readonly SectionInFile[];
}

/**
 * The generation's sections as a save writes them, read from the live structures (no copy of the index):
 * their bytes are of the state they were taken in only while `unchanged()` holds.
 */
export interface EmbeddedSnapshotSource {
  format: typeof SNAPSHOT_FORMAT;
  sections: readonly SectionSource[];
  /** False once a write reached the generation after the sections were taken. */
  unchanged: () => boolean;
}
