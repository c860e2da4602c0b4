import { describe, expect, it } from 'vitest';
import { lexicalLabelMatches, textPhrases, words } from './lexical-labels';

describe('lexicalLabelMatches', () => {
  it('finds tools by name and alias, in the order the text names them', () => {
    const found = lexicalLabelMatches('Backend in node.js with postgres, front in React Native and react');
    expect(found.toolsExperience).toEqual(['Node.js', 'PostgreSQL', 'React Native', 'React']);
  });

  it('reads everyday words as words unless capitalised', () => {
    expect(lexicalLabelMatches('we want to go and make it shine').toolsExperience).toEqual([]);
    expect(lexicalLabelMatches('services written in Go').toolsExperience).toEqual(['Go']);
  });

  it('matches labels of every key, plurals and everyday names included', () => {
    const found = lexicalLabelMatches(
      'A phone app for farmers in Poland, Spanish speakers, paid by Milestone',
    );
    expect(found.productType).toEqual(['Mobile Application']);
    expect(found.hardSkills).toEqual(['Farmer']);
    expect(found.requiredAreaOfExpertise).toEqual(['Agriculture']);
    expect(found.locations).toEqual(['Poland']);
    expect(found.forGratification).toEqual(['Milestone']);
    expect(found.usedLanguages).toEqual(['Spanish']);
    expect(found.softSkills).toEqual([]);
  });
});

describe('lexicalLabelMatches, possessives and phrases', () => {
  it("reads a possessive as what it is said of, but a role's possessive as someone already there", () => {
    expect(lexicalLabelMatches("put our charity's work into plain words").projectType).toEqual([
      'Non-Profit',
    ]);
    expect(lexicalLabelMatches("turn the designer's mockups into web pages").hardSkills).not.toContain(
      'Graphic Designer',
    );
  });

  it('leaves the words of a phrase of three or more that names a label to that label alone', () => {
    const found = lexicalLabelMatches('photos sorted so we can train a model on them');
    expect(found.hardSkills).toContain('Machine Learning Engineer');
    expect(found.requiredAreaOfExpertise).not.toContain('Public Transportation');
    expect(lexicalLabelMatches('an app for commuters who take trains').requiredAreaOfExpertise).toEqual([
      'Public Transportation',
    ]);
  });

  it("leaves a role's name of two words, and a ruled-out phrase of two, to that label alone", () => {
    expect(lexicalLabelMatches('camera operator for hire')).toMatchObject({
      hardSkills: ['Videographer'],
      requiredAreaOfExpertise: [],
      productType: [],
    });
    expect(lexicalLabelMatches('camera and lights').requiredAreaOfExpertise).toContain('Photography');
    // Nor does a lone word of another label's name of two words name a role.
    expect(lexicalLabelMatches('a video game for a long project').hardSkills).toEqual([]);
    const ruledOut = lexicalLabelMatches('a weekend game jam thing', { ruledOut: true });
    expect(ruledOut.projectType).toContain('Game Jam');
    expect(ruledOut.productType).not.toContain('Video Game');
    expect(lexicalLabelMatches('a weekend game jam thing').productType).toContain('Video Game');
  });
});

describe('lexicalLabelMatches, runs that name nothing', () => {
  it("reads no label in the searcher's own money, where the same words elsewhere name one", () => {
    expect(lexicalLabelMatches('a team that already has paying customers').offeredGratification).toEqual([]);
    expect(lexicalLabelMatches('a simple site, small budget').hardSkills).toEqual([]);
    expect(lexicalLabelMatches('help with budgets and forecasts').hardSkills).toEqual(['Financial Analyst']);
  });
});

describe('lexicalLabelMatches, verb forms', () => {
  it('meets a phrase of two words or more in another verb form', () => {
    expect(lexicalLabelMatches('our bakery keeps showing up on page five of google').hardSkills).toEqual([]);
    expect(lexicalLabelMatches('help our bakery start showing up on google').hardSkills).toContain(
      'SEO Specialist',
    );
  });
});

describe('text helpers', () => {
  it('keeps dots, plus and hash inside words and drops punctuation around them', () => {
    expect(words('(C++, C#; node.js.)')).toEqual(['C++', 'C#', 'node.js']);
  });

  it('splits a request into its phrases on punctuation and connecting words', () => {
    expect(textPhrases('we want to make a phone app for farmers in react')).toEqual([
      'we want',
      'make a phone app',
      'farmers',
      'react',
    ]);
  });
});
