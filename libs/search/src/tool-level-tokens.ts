import { TOOL_LEVEL_MAX } from '@skillers/domain';

// A character tool names never contain, so the level and the name cannot run into each other.
const SEPARATOR = '\u0000';

/** The token meaning "has this tool at this level or higher". */
export const toolLevelToken = (tool: string, level: number): string => `${level}${SEPARATOR}${tool}`;

/**
 * A record with a tool at level L carries one token per level 0..L, so "at least level N" is a single
 * exact term: the token for N. Levels are whole numbers within 0-5; a fractional level counts as the
 * level below.
 */
export const documentToolTokens = (toolLevels: Record<string, number>): string[] =>
  Object.entries(toolLevels).flatMap(([tool, level]) =>
    Array.from({ length: Math.max(0, Math.min(Math.floor(level), TOOL_LEVEL_MAX) + 1) }, (_, at) =>
      toolLevelToken(tool, at),
    ),
  );

/** The token a picked tool asks for; a fractional level asks for the level above. */
export const askedToolToken = (tool: string, level: number): string =>
  toolLevelToken(tool, Math.max(0, Math.ceil(level)));
