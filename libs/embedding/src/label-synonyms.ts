import { foldLabel, type VocabularyKey } from '@skillers/domain';

/**
 * Everyday names of labels, matched like tool aliases. Short phrases such as "phone app" are dominated by
 * their commonest word in a sentence model ("app" pulls towards every kind of app), so the plain names
 * people use for the commonest labels are listed here.
 */
const SYNONYMS: Partial<Record<VocabularyKey, Record<string, readonly string[]>>> = {
  productType: {
    'Mobile Application': [
      'mobile app',
      'phone app',
      'smartphone app',
      'ios app',
      'android app',
      'app for phones',
    ],
    'Web Application': ['web app', 'webapp', 'browser app'],
    'E-commerce Store': ['online shop', 'online store', 'web shop', 'webshop', 'e-shop'],
    'Video Game': ['game', 'computer game', 'pc game', 'indie game'],
    Website: ['web site', 'homepage', 'home page'],
    'Minimum Viable Product': ['mvp', 'prototype'],
    'AI Model': ['ai', 'artificial intelligence'],
  },
  role: {
    'Backend Developer': ['backend engineer', 'back-end developer', 'server-side developer', 'backend dev'],
    'Frontend Developer': ['frontend engineer', 'front-end developer', 'frontend dev'],
    'Full Stack Developer': ['fullstack developer', 'full-stack developer', 'full stack engineer'],
    'Mobile Developer': ['app developer', 'mobile engineer'],
    'UX Designer': ['ux', 'user experience designer'],
    'Graphic Designer': ['designer'],
  },
  industry: {
    Agriculture: ['farming', 'farmers', 'farms', 'agricultural'],
    Healthcare: ['health care', 'patients', 'medical'],
    Education: ['schools', 'students', 'teaching'],
  },
};

const lookups: ReadonlyMap<VocabularyKey, ReadonlyMap<string, string>> = new Map(
  Object.entries(SYNONYMS).map(([key, labels]) => [
    key as VocabularyKey,
    new Map(
      Object.entries(labels).flatMap(([label, names]) => names.map((name) => [foldLabel(name), label])),
    ),
  ]),
);

/** The label an everyday name stands for, if it is one. */
export const findSynonym = (key: VocabularyKey, phrase: string): string | undefined =>
  lookups.get(key)?.get(foldLabel(phrase));
