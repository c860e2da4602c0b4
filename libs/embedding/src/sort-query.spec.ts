import { describe, expect, it } from 'vitest';
import { lexicalSimilarity, textOverlap } from './lexical-fallback';
import { rankingQueryText, sortQueryText } from './sort-query';

describe('rankingQueryText', () => {
  it('embeds the picked labels and the free text only when free text was given', () => {
    expect(rankingQueryText({ locations: ['Poland'] }, ' bakery ')).toBe('Poland. bakery');
    expect(rankingQueryText({ locations: ['Poland'] })).toBeUndefined();
    expect(rankingQueryText({ locations: ['Poland'] }, '   ')).toBeUndefined();
  });
});

describe('sortQueryText', () => {
  it('joins every picked label once, then the free text', () => {
    const text = sortQueryText(
      {
        toolsExperience: ['React', { tool: 'Go', mep: 3 }],
        productType: ['Website'],
        product_type: ['Website'],
        locations: ['Poland'],
      },
      ' for a bakery ',
    );
    expect(text).toBe('React, Go, Website, Poland. for a bakery');
  });

  it('is empty when nothing is picked or written', () => {
    expect(sortQueryText({})).toBe('');
  });
});

describe('lexical fallback scores', () => {
  it('counts the share of query words the text holds', () => {
    expect(textOverlap('organic farming app', 'An app for Organic farming')).toBe(1);
    expect(textOverlap('organic farming app', 'Music streaming')).toBe(0);
    expect(textOverlap('a b', 'anything')).toBe(0);
  });

  it('weighs picked options above text', () => {
    expect(lexicalSimilarity(2, 2, 0)).toBeGreaterThan(lexicalSimilarity(1, 2, 1));
    expect(lexicalSimilarity(0, 0, 0.5)).toBe(0.5);
  });
});
