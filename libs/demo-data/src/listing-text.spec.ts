import { describe, expect, it } from 'vitest';
import { ARCHETYPES } from './archetypes';
import { listing, monthAndYear, REWARD_PHRASES, withArticle } from './listing-text';

describe('listing text', () => {
  it('puts the article that sounds right before a role, acronyms included', () => {
    expect(withArticle('Backend Developer')).toBe('a Backend Developer');
    expect(withArticle('iOS Developer')).toBe('an iOS Developer');
    expect(withArticle('Illustrator')).toBe('an Illustrator');
    expect(withArticle('SEO Specialist')).toBe('an SEO Specialist');
    expect(withArticle('MLOps Engineer')).toBe('an MLOps Engineer');
    expect(withArticle('UX Designer')).toBe('a UX Designer');
    expect(withArticle('QA Engineer')).toBe('a QA Engineer');
    expect(withArticle('3D Artist')).toBe('a 3D Artist');
  });

  it('joins lists the way a sentence does', () => {
    expect(listing(['equity'])).toBe('equity');
    expect(listing(['equity', 'a salary'])).toBe('equity and a salary');
    expect(listing(['equity', 'a salary', 'flexible hours'])).toBe('equity, a salary and flexible hours');
  });

  it('names months in UTC', () => {
    expect(monthAndYear(new Date('2026-12-31T23:30:00.000Z'))).toBe('December 2026');
    expect(monthAndYear(new Date('2027-01-01T00:00:00.000Z'))).toBe('January 2027');
  });

  it('has a phrase for every reward an archetype offers', () => {
    const rewards = new Set(ARCHETYPES.flatMap((archetype) => archetype.rewards));
    expect([...rewards].filter((reward) => !REWARD_PHRASES[reward])).toEqual([]);
  });
});
