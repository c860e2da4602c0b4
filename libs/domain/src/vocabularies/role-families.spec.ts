import { describe, expect, it } from 'vitest';
import { ROLE_FAMILIES, roleStandIns, VOCABULARIES } from './index';

describe('role families', () => {
  it('put every role in one or two families of two or more, named as the vocabulary names them', () => {
    const families = Object.values(ROLE_FAMILIES);
    expect(families.flat().filter((role) => !VOCABULARIES.role.includes(role))).toEqual([]);
    for (const family of families) expect(family.length).toBeGreaterThanOrEqual(2);
    const homes = (role: string) => families.filter((family) => family.includes(role)).length;
    expect(VOCABULARIES.role.filter((role) => homes(role) < 1 || homes(role) > 2)).toEqual([]);
  });

  it("give a role's stand-ins sharing a word of its name first, then its families' others in order", () => {
    expect(roleStandIns('UX Writer').slice(0, 3)).toEqual(['Writer', 'Content Writer', 'Technical Writer']);
    expect(roleStandIns('Journalist').slice(0, 3)).toEqual(['Writer', 'Content Writer', 'Copywriter']);
    expect(roleStandIns('Scrum Master')).toContain('Agile Coach');
    expect(roleStandIns('Software Architect')).not.toContain('Landscape Architect');
    expect(roleStandIns('Journalist')).not.toContain('Journalist');
  });
});
