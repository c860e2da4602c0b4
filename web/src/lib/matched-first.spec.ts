import { describe, expect, it } from 'vitest';
import { matchedToolsFirst } from './matched-first';

const TOOLS = ['Figma', 'Jira', 'Git', 'Rust', 'Kafka'];

describe('matchedToolsFirst', () => {
  it('keeps the record order when nothing was searched', () => {
    expect(matchedToolsFirst(TOOLS, undefined)).toEqual(TOOLS);
  });

  it('puts the picked tools the record has first, then the rest in their order', () => {
    const why = { matched: { toolsExperience: ['Kafka', 'Rust'] }, missing: { toolsExperience: ['Go'] } };
    expect(matchedToolsFirst(TOOLS, why)).toEqual(['Rust', 'Kafka', 'Figma', 'Jira', 'Git']);
  });

  it('counts the tools the free text named, ignoring case and accents', () => {
    const why = { matched: {}, missing: {}, text: ['git', 'startup'] };
    expect(matchedToolsFirst(['Jira', 'Gït', 'Git'], why)).toEqual(['Gït', 'Git', 'Jira']);
  });
});
