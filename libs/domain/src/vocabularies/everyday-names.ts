import { nameWords } from './label-order';
import { EVERYDAY_CUES } from './everyday-cues';
import type { VocabularyKey } from './vocabulary-keys';

type NamesByLabel = Readonly<Partial<Record<VocabularyKey, Readonly<Record<string, readonly string[]>>>>>;

/**
 * Everyday names, abbreviations and paraphrases people type for labels, per vocabulary: label → names. A
 * name may stand for several labels ("equity" for both Equity Grant and Stock Options). `/ml` matches them
 * like the labels themselves (ignoring case, accents and a plural s), with and without a model: a sentence
 * model reads short phrases by their commonest word ("phone app" pulls towards every kind of app), and a
 * static one cannot bridge "startup" and "Start Up" at all.
 */
const LABEL_NAMES: NamesByLabel = {
  projectType: {
    'Start Up': ['startup', 'start-up', 'new venture', 'early-stage company'],
    Freelancing: ['freelance', 'freelancer', 'freelance gig', 'gig', 'contract work', 'contractor'],
    'University Project': [
      'university course project',
      'university course',
      'course project',
      'uni project',
      'college project',
      'class project',
      'coursework',
    ],
    'Side Project': ['side hustle', 'weekend project'],
    'Open Source Project': ['open source', 'open-source', 'oss'],
    'Hackathon Project': ['hackathon'],
    'Non-Profit': ['nonprofit', 'non profit', 'charity', 'ngo'],
    Thesis: ['dissertation', 'masters thesis', 'phd thesis'],
  },
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
    Website: [
      'web site',
      'homepage',
      'home page',
      'simple site',
      'small site',
      'our site',
      'my site',
      'a site where',
    ],
    'Minimum Viable Product': ['mvp', 'prototype'],
    'AI Model': ['ai', 'artificial intelligence'],
  },
  role: {
    'Backend Developer': [
      'backend engineer',
      'back-end developer',
      'server-side developer',
      'backend dev',
      'backend',
      'back-end',
      'back end',
    ],
    'Frontend Developer': [
      'frontend engineer',
      'front-end developer',
      'frontend dev',
      'frontend',
      'front-end',
      'front end',
    ],
    'Full Stack Developer': [
      'fullstack developer',
      'full-stack developer',
      'full stack engineer',
      'full stack',
      'fullstack',
      'full-stack',
    ],
    'Co-Founder': ['cofounder', 'co founder', 'cofounders'],
    'DevOps Engineer': ['devops'],
    'Site Reliability Engineer': ['sre'],
    'Game Developer': ['game dev', 'gamedev'],
    'Data Scientist': ['data science'],
    'UI Designer': ['ui'],
    'Mobile Developer': ['app developer', 'mobile engineer'],
    'UX Designer': ['ux', 'user experience designer'],
    'Graphic Designer': ['designer'],
    'Chief Financial Officer': ['cfo'],
    'Chief Technology Officer': ['cto'],
    'QA Engineer': ['qa', 'tester'],
    'Machine Learning Engineer': ['ml engineer'],
  },
  industry: {
    Agriculture: ['farming', 'farmers', 'farms', 'agricultural'],
    Healthcare: ['health care', 'patients', 'medical'],
    Education: ['schools', 'students', 'teaching'],
    'Artificial Intelligence': ['ai', 'deep learning', 'neural networks', 'neural nets', 'llm', 'llms'],
    'Machine Learning': ['ml', 'deep learning'],
    Hospitality: ['hotels', 'hotel'],
    'Climate Tech': [
      'climate change',
      'climate',
      'carbon',
      'decarbonisation',
      'decarbonization',
      'net zero',
      'cleantech',
      'clean tech',
    ],
    'Renewable Energy': ['renewables', 'green energy', 'clean energy'],
    Healthtech: ['health tech', 'digital health', 'medtech', 'health app'],
    Fintech: ['fin tech', 'financial technology', 'payments'],
    Cryptocurrency: ['crypto', 'web3', 'defi'],
    Blockchain: ['web3'],
    'Legal Tech': ['legaltech', 'lawtech', 'law tech'],
    Edtech: ['ed tech', 'education technology'],
    'Video Games': ['gaming'],
    'Mental Health': ['wellbeing', 'well-being', 'therapy'],
  },
  reward: {
    'Equity Grant': ['equity', 'shares', 'equity only', 'sweat equity'],
    'Stock Options': ['equity', 'stock', 'equity only', 'stock option'],
    'Hourly Pay': ['hourly rate', 'per hour', 'hourly', 'paid hourly', 'paid by the hour', 'paid per hour'],
    Salary: ['salaried', 'monthly pay', 'wage', 'paid monthly', 'monthly salary'],
    'Fixed Fee': ['fixed price', 'paid per project', 'flat fee'],
  },
  compensationBasis: {
    Time: ['hourly', 'paid hourly', 'per hour', 'by the hour', 'hourly rate', 'time spent', 'hours worked'],
    Milestone: ['milestones', 'per milestone'],
    'Project Completion': ['on completion', 'when done', 'fixed price'],
  },
};

/** Both tables by label: a label's cues (EVERYDAY_CUES) after its names. */
const merged = (first: NamesByLabel, second: NamesByLabel): NamesByLabel => {
  const keys = new Set([...Object.keys(first), ...Object.keys(second)] as VocabularyKey[]);
  return Object.fromEntries(
    [...keys].map((key) => {
      const labels = new Set([...Object.keys(first[key] ?? {}), ...Object.keys(second[key] ?? {})]);
      return [
        key,
        Object.fromEntries(
          [...labels].map((label) => [
            label,
            [...new Set([...(first[key]?.[label] ?? []), ...(second[key]?.[label] ?? [])])],
          ]),
        ),
      ];
    }),
  );
};

/**
 * Everyday names, abbreviations and descriptions people type for labels, per vocabulary: label → names.
 */
export const EVERYDAY_NAMES: NamesByLabel = merged(LABEL_NAMES, EVERYDAY_CUES);

/**
 * Vocabularies whose cues describe the work or the problem people bring ("keep hackers out", "jar label")
 * rather than name the label another way.
 */
const WORK_DESCRIBED: readonly VocabularyKey[] = ['role', 'industry', 'productType'];

/** Two words alike enough to be one trade's: equal, or sharing their first five letters ("animation", "animator"). */
const sameTradeWord = (a: string, b: string): boolean =>
  a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));

/** Whether a cue repeats a word of its label's name: "3d modelling" names the 3D Artist's trade. */
const namesTheTrade = (label: string, cue: string): boolean => {
  const labelWords = nameWords(label);
  return nameWords(cue).some((word) => labelWords.some((labelWord) => sameTradeWord(word, labelWord)));
};

/**
 * The names a part of a text that rules labels out is read by: EVERYDAY_NAMES without the cues of the
 * vocabularies that describe work, but for the cues that repeat a word of the label's name. People rule out
 * what they name ("not full stack", "no 3d modelling needed"), but a described problem is still what they
 * need: "we do not want to get hacked" rules out no Security Engineer.
 */
export const NAMES_WHEN_RULED_OUT: NamesByLabel = Object.fromEntries(
  Object.entries(EVERYDAY_NAMES).map(([key, labels]) => [
    key,
    WORK_DESCRIBED.includes(key as VocabularyKey)
      ? Object.fromEntries(
          Object.entries(labels).map(([label, names]) => [
            label,
            [
              ...new Set([
                ...(LABEL_NAMES[key as VocabularyKey]?.[label] ?? []),
                ...names.filter((name) => namesTheTrade(label, name)),
              ]),
            ],
          ]),
        )
      : labels,
  ]),
);
