import { describe, expect, it } from 'vitest';
import {
  availabilityRangeText,
  CARD_DISPLAY_COUNTS,
  footerPlace,
  hoursPerWeek,
  monthsText,
  moreHint,
  NOT_SPECIFIED,
  shortenName,
  summarizeList,
  summaryText,
} from './display';

describe('shortenName', () => {
  it('keeps names of up to 30 characters', () => {
    expect(shortenName('A'.repeat(30))).toBe('A'.repeat(30));
    expect(shortenName('Short')).toBe('Short');
  });

  it('shows the first 27 characters and an ellipsis beyond 30', () => {
    const name = 'An unusually long project name for testing';
    expect(shortenName(name)).toBe('An unusually long project n...');
    expect(shortenName('B'.repeat(31))).toBe(`${'B'.repeat(27)}...`);
  });

  it('never cuts a character made of two code units', () => {
    const name = `${'x'.repeat(26)}😀😀😀😀😀`;
    expect(shortenName(name)).toBe(`${'x'.repeat(26)}😀...`);
  });
});

describe('summarizeList', () => {
  const tools = ['React', 'Node.js', 'Docker', 'Figma', 'Jira', 'Slack', 'Git'];

  it('uses the display counts of the specification', () => {
    expect(CARD_DISPLAY_COUNTS).toEqual({
      projectType: 2,
      locations: 2,
      productType: 3,
      reward: 3,
      compensationBasis: 3,
      tools: 4,
    });
  });

  it('shows the first items and keeps the rest for the tooltip', () => {
    const summary = summarizeList(tools, CARD_DISPLAY_COUNTS.tools);
    expect(summary).toEqual({
      shown: ['React', 'Node.js', 'Docker', 'Figma'],
      hidden: ['Jira', 'Slack', 'Git'],
    });
    expect(moreHint(summary.hidden)).toBe('+3 more');
    expect(summaryText(summary)).toBe('React, Node.js, Docker, Figma, +3 more');
  });

  it('hides even a single item beyond the count', () => {
    const summary = summarizeList(
      ['Business', 'Start Up', 'Hackathon Project'],
      CARD_DISPLAY_COUNTS.projectType,
    );
    expect(summaryText(summary)).toBe('Business, Start Up, +1 more');
  });

  it('writes out a list that fits, with no hint', () => {
    const summary = summarizeList(['Salary', 'Equity Grant'], CARD_DISPLAY_COUNTS.reward);
    expect(summary.hidden).toEqual([]);
    expect(moreHint(summary.hidden)).toBe('');
    expect(summaryText(summary)).toBe('Salary, Equity Grant');
  });

  it('reads "Not specified" for an empty or missing list', () => {
    expect(summaryText(summarizeList([], 3))).toBe(NOT_SPECIFIED);
    expect(summaryText(summarizeList(undefined, 3))).toBe('Not specified');
  });
});

describe('footerPlace', () => {
  it('prefers the locations, two of them shown', () => {
    expect(footerPlace({ locations: ['Poland', 'Germany', 'Spain'], workingTypeRemote: true })).toEqual({
      shown: ['Poland', 'Germany'],
      hidden: ['Spain'],
    });
  });

  it('says Remote for remote work without a location, otherwise nothing', () => {
    expect(footerPlace({ locations: [], workingTypeRemote: true })).toBe('Remote');
    expect(footerPlace({ workingTypeRemote: false })).toBeNull();
    expect(footerPlace({})).toBeNull();
  });
});

describe('detail texts', () => {
  it('writes availability as hours per week, and nothing when unset', () => {
    expect(hoursPerWeek(20)).toBe('20 hours per week');
    expect(hoursPerWeek(undefined)).toBeNull();
  });

  it('writes the availability range with its unit', () => {
    expect(
      availabilityRangeText({ availabilityFrom: 10, availabilityTo: 15, availabilityType: 'Monthly' }),
    ).toBe('10–15 hours per month');
    expect(availabilityRangeText({ availabilityFrom: 5, availabilityTo: 8, availabilityType: 'week' })).toBe(
      '5–8 hours per week',
    );
    expect(availabilityRangeText({ availabilityFrom: 4 })).toBe('From 4 hours per month');
    expect(availabilityRangeText({})).toBeNull();
  });

  it('writes collaboration months', () => {
    expect(monthsText(1)).toBe('1 month');
    expect(monthsText(24)).toBe('24 months');
    expect(monthsText(undefined)).toBeNull();
  });
});
