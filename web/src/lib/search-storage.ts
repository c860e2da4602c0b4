import { readStorage, writeStorage } from './local-storage';

/** The home search hands its text and tab to the find screen through local storage. */
export const SEARCH_TEXT_KEY = 'searchText';
export const SEARCH_TAB_KEY = 'searchTab';

export const SEARCH_TABS = ['Teammate', 'Project'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export const readSearchText = (): string => readStorage(SEARCH_TEXT_KEY) ?? '';

export const readSearchTab = (): SearchTab => {
  const stored = readStorage(SEARCH_TAB_KEY);
  return SEARCH_TABS.find((tab) => tab === stored) ?? 'Teammate';
};

export const saveSearch = (text: string, tab: SearchTab): void => {
  writeStorage(SEARCH_TEXT_KEY, text);
  writeStorage(SEARCH_TAB_KEY, tab);
};
