import { describe, expect, it } from 'vitest';
import { foldLabel, TOOL_CATEGORIES, TOOLS } from './index';

describe('TOOLS', () => {
  it('gives every tool a known category, a view weight of 1 and an alias list', () => {
    for (const tool of TOOLS) {
      expect(TOOL_CATEGORIES).toContain(tool.category);
      expect(tool.viewWeight).toBe(1);
      expect(Array.isArray(tool.aliases)).toBe(true);
    }
  });

  it('uses every category for at least a handful of tools', () => {
    for (const category of TOOL_CATEGORIES) {
      expect(TOOLS.filter((tool) => tool.category === category).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('writes aliases in lower case, trimmed, and different from the tool name', () => {
    for (const tool of TOOLS) {
      for (const alias of tool.aliases) {
        expect(alias).toBe(alias.toLowerCase());
        expect(alias).toBe(alias.trim());
        expect(foldLabel(alias)).not.toBe(foldLabel(tool.name));
      }
    }
  });

  it('never reuses an alias across tools', () => {
    const aliases = TOOLS.flatMap((tool) => tool.aliases.map(foldLabel));
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it("never makes an alias equal to another tool's name", () => {
    const names = new Set(TOOLS.map((tool) => foldLabel(tool.name)));
    const clashes = TOOLS.flatMap((tool) => tool.aliases.filter((alias) => names.has(foldLabel(alias))));
    expect(clashes).toEqual([]);
  });

  it('carries the common short forms people type', () => {
    const aliasesOf = (name: string) => TOOLS.find((tool) => tool.name === name)?.aliases;
    expect(aliasesOf('Node.js')).toEqual(expect.arrayContaining(['node', 'nodejs']));
    expect(aliasesOf('PostgreSQL')).toContain('postgres');
    expect(aliasesOf('Kubernetes')).toContain('k8s');
    expect(aliasesOf('JavaScript')).toContain('js');
    expect(aliasesOf('TypeScript')).toContain('ts');
    expect(aliasesOf('Google Cloud Platform')).toContain('gcp');
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(TOOLS)).toBe(true);
    expect(Object.isFrozen(TOOLS[0])).toBe(true);
    expect(Object.isFrozen(TOOLS[0].aliases)).toBe(true);
  });
});
