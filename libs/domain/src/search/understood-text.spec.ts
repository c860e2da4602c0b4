import { describe, expect, it } from 'vitest';
import { keepLabels, type UnderstoodText, withoutDismissed } from './understood-text';

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
});
