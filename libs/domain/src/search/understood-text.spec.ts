import { describe, expect, it } from 'vitest';
import { keepCarriedLabels, keepLabels, type UnderstoodText, withoutDismissed } from './understood-text';

const understood: UnderstoodText = {
  labels: { toolsExperience: ['React Native', 'Flutter'], locations: ['Spain'] },
  not: { hardSkills: ['Full Stack Developer'] },
  places: ['madrid'],
  words: ['react', 'native', 'flutter', 'madrid'],
};

describe('understood labels', () => {
  it('keeps the labels a test holds for, dropping filters left empty', () => {
    expect(keepLabels(understood.labels, (_filter, label) => label !== 'Flutter')).toEqual({
      toolsExperience: ['React Native'],
      locations: ['Spain'],
    });
    expect(keepLabels(understood.labels, (filter) => filter !== 'locations')).toEqual({
      toolsExperience: ['React Native', 'Flutter'],
    });
  });

  it('leaves the dismissed labels out of both sides, and the places and words as they were', () => {
    expect(
      withoutDismissed(understood, { locations: ['Spain'], hardSkills: ['Full Stack Developer'] }),
    ).toEqual({ ...understood, labels: { toolsExperience: ['React Native', 'Flutter'] }, not: {} });
    expect(withoutDismissed(understood)).toEqual(understood);
  });

  it('puts a carried role of its family where a named role no record carries stood, and drops other labels none carries', () => {
    const carried = new Set(['Content Writer', 'Copywriter', 'Editor', 'React Native', 'Mobile Developer']);
    const carries = (_filter: string, label: string) => carried.has(label);
    expect(
      keepCarriedLabels(
        { hardSkills: ['Journalist', 'Mobile Developer'], toolsExperience: ['React Native', 'Flutter'] },
        carries,
      ),
    ).toEqual({ toolsExperience: ['React Native'], hardSkills: ['Content Writer', 'Mobile Developer'] });
    // A stand-in the text asked for already keeps its place, and no role comes twice.
    expect(keepCarriedLabels({ hardSkills: ['Content Writer', 'Journalist'] }, carries).hardSkills).toEqual([
      'Content Writer',
      'Copywriter',
    ]);
    // A role only close in meaning to the text, not named in it, has no stand-in.
    expect(
      keepCarriedLabels({ hardSkills: ['Journalist'] }, carries, (role) => role !== 'Journalist'),
    ).toEqual({});
    // With no carried role in its family, the role is dropped like any label none carries.
    expect(keepCarriedLabels({ hardSkills: ['Journalist'] }, () => false)).toEqual({});
  });
});
