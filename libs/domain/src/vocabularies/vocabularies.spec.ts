import { describe, expect, it, vi } from 'vitest';
import {
  compareLabels,
  findOption,
  foldLabel,
  isKnownOption,
  TOOLS,
  VOCABULARIES,
  VOCABULARY_KEYS,
  VOCABULARY_VERSION,
  type VocabularyKey,
} from './index';

const EXACT_SIZES: Partial<Record<VocabularyKey, number>> = {
  projectType: 23,
  reward: 29,
  compensationBasis: 7,
  country: 195,
  workingType: 2,
};

const SIZE_RANGES: Partial<Record<VocabularyKey, [number, number]>> = {
  industry: [280, 320],
  productType: [110, 130],
  role: [300, 500],
  softSkill: [65, 75],
  language: [85, 95],
  tool: [350, 500],
};

const SPEC_EXAMPLES: Partial<Record<VocabularyKey, string[]>> = {
  projectType: [
    'Business',
    'Competition',
    'Freelancing',
    'Hackathon Project',
    'Start Up',
    'University Project',
  ],
  reward: [
    'Bonuses',
    'Salary',
    'Stock Options',
    'Equity Grant',
    'Profit Sharing',
    'Health Benefits',
    'Paid Time Off (PTO)',
  ],
  industry: [
    'Agriculture',
    'Banking',
    'Healthcare',
    'Software Development',
    'Artificial Intelligence',
    'Renewable Energy',
  ],
  productType: ['Web Application', 'Mobile Application', 'Video Game'],
  role: ['Software Engineer', 'Product Designer', 'Data Scientist', 'Accountant', 'Nurse', 'Electrician'],
  country: ['Germany', 'India', 'Brazil', 'United States', 'Palestine', 'Vatican City'],
  language: ['English', 'Spanish', 'Chinese', 'Hindi', 'Arabic', 'Swahili'],
  softSkill: ['Communication', 'Leadership', 'Teamwork', 'Problem Solving'],
  tool: ['React', 'PostgreSQL', 'Figma', 'Kubernetes', 'Scrum', 'Docker', 'TypeScript', 'Python', 'Node.js'],
};

describe('VOCABULARIES', () => {
  it('has one list per vocabulary key', () => {
    expect(Object.keys(VOCABULARIES).sort()).toEqual([...VOCABULARY_KEYS].sort());
  });

  it.each(Object.entries(EXACT_SIZES))('%s has exactly %i entries', (key, size) => {
    expect(VOCABULARIES[key as VocabularyKey]).toHaveLength(size);
  });

  it.each(Object.entries(SIZE_RANGES))('%s has a size within %j', (key, [min, max]) => {
    const size = VOCABULARIES[key as VocabularyKey].length;
    expect(size).toBeGreaterThanOrEqual(min);
    expect(size).toBeLessThanOrEqual(max);
  });

  it('holds exactly the spec compensation bases and working types', () => {
    expect(VOCABULARIES.compensationBasis).toEqual([
      'Consultation',
      'Created Solution',
      'KPI',
      'Licensing',
      'Milestone',
      'Project Completion',
      'Time',
    ]);
    expect(VOCABULARIES.workingType).toEqual(['Office', 'Remote']);
  });

  it.each(Object.entries(SPEC_EXAMPLES))('%s contains the expected examples verbatim', (key, examples) => {
    expect(VOCABULARIES[key as VocabularyKey]).toEqual(expect.arrayContaining(examples));
  });

  it.each(VOCABULARY_KEYS)('%s has no duplicates, even ignoring case and accents', (key) => {
    const folded = VOCABULARIES[key].map(foldLabel);
    expect(new Set(folded).size).toBe(folded.length);
  });

  it.each(VOCABULARY_KEYS)('%s is sorted alphabetically regardless of case', (key) => {
    const list = VOCABULARIES[key];
    expect([...list].sort(compareLabels)).toEqual(list);
    for (let index = 1; index < list.length; index += 1) {
      expect(foldLabel(list[index - 1]) <= foldLabel(list[index])).toBe(true);
    }
  });

  it.each(VOCABULARY_KEYS)('%s holds only tidy, non-empty labels', (key) => {
    for (const label of VOCABULARIES[key]) {
      expect(label).toMatch(/^\S(.*\S)?$/);
      expect(label).not.toMatch(/\s{2}/);
    }
  });

  it('leaves out territories that are not UN members or observers', () => {
    for (const territory of ['Puerto Rico', 'Greenland', 'Hong Kong', 'Antarctica']) {
      expect(VOCABULARIES.country).not.toContain(territory);
    }
  });

  it('lists the tool names in the same order as TOOLS', () => {
    expect(VOCABULARIES.tool).toEqual(TOOLS.map((tool) => tool.name));
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(VOCABULARIES)).toBe(true);
    for (const key of VOCABULARY_KEYS) expect(Object.isFrozen(VOCABULARIES[key])).toBe(true);
    expect(() => (VOCABULARIES.reward as string[]).push('Anything')).toThrow(TypeError);
  });
});

describe('isKnownOption', () => {
  it('accepts exact labels only', () => {
    expect(isKnownOption('projectType', 'Hackathon Project')).toBe(true);
    expect(isKnownOption('projectType', 'hackathon project')).toBe(false);
    expect(isKnownOption('tool', 'Kubernetes')).toBe(true);
    expect(isKnownOption('tool', 'k8s')).toBe(false);
    expect(isKnownOption('country', 'Atlantis')).toBe(false);
  });

  it('checks the label against the named vocabulary only', () => {
    expect(isKnownOption('reward', 'Salary')).toBe(true);
    expect(isKnownOption('industry', 'Salary')).toBe(false);
  });

  it('knows every label of every vocabulary', () => {
    for (const key of VOCABULARY_KEYS) {
      for (const label of VOCABULARIES[key]) expect(isKnownOption(key, label)).toBe(true);
    }
  });
});

describe('findOption', () => {
  it('matches labels in any case and with stray spaces', () => {
    expect(findOption('industry', 'software development')).toBe('Software Development');
    expect(findOption('reward', '  PAID TIME OFF (pto) ')).toBe('Paid Time Off (PTO)');
    expect(findOption('workingType', 'remote')).toBe('Remote');
  });

  it('matches country names typed without accents', () => {
    expect(findOption('country', 'sao tome and principe')).toBe('São Tomé and Príncipe');
  });

  it.each([
    ['k8s', 'Kubernetes'],
    ['postgres', 'PostgreSQL'],
    ['node', 'Node.js'],
    ['NodeJS', 'Node.js'],
    ['js', 'JavaScript'],
    ['TS', 'TypeScript'],
    ['gcp', 'Google Cloud Platform'],
    ['excel', 'Microsoft Excel'],
    ['Amazon Web Services', 'AWS'],
    ['reactjs', 'React'],
  ])('resolves the tool alias %j to %j', (alias, name) => {
    expect(findOption('tool', alias)).toBe(name);
  });

  it('finds the tools people look for most by name or alias', () => {
    for (const text of ['React', 'figma', 'SCRUM', 'docker', 'python', 'aws', 'jira', 'Excel']) {
      expect(findOption('tool', text)).toBeDefined();
    }
  });

  it('does not use aliases outside the tool vocabulary', () => {
    expect(findOption('softSkill', 'k8s')).toBeUndefined();
    expect(findOption('industry', 'Kubernetes')).toBeUndefined();
  });

  it('returns undefined for unknown text', () => {
    expect(findOption('tool', 'definitely not a tool')).toBeUndefined();
    expect(findOption('language', '')).toBeUndefined();
  });
});

describe('VOCABULARY_VERSION', () => {
  it('is a short token', () => {
    expect(VOCABULARY_VERSION).toMatch(/^[0-9a-z]{4,12}$/);
  });

  it('changes when a list changes', async () => {
    vi.resetModules();
    vi.doMock('./rewards', async () => {
      const actual = await vi.importActual<typeof import('./rewards')>('./rewards');
      return { REWARDS: [...actual.REWARDS, 'Company Car'] };
    });
    try {
      const changed = await import('./index.js');
      expect(changed.VOCABULARIES.reward).toContain('Company Car');
      expect(changed.VOCABULARY_VERSION).not.toBe(VOCABULARY_VERSION);
    } finally {
      vi.doUnmock('./rewards');
      vi.resetModules();
    }
  });

  it('stays the same when the lists are rebuilt unchanged', async () => {
    vi.resetModules();
    const rebuilt = await import('./index.js');
    expect(rebuilt.VOCABULARIES).not.toBe(VOCABULARIES);
    expect(rebuilt.VOCABULARY_VERSION).toBe(VOCABULARY_VERSION);
  });
});
