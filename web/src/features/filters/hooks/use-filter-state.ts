import { useReducer } from 'react';
import { filterReducer, initialPanelState } from '../utils/filter-state';

/**
 * The filter panel's state (docs/web-app.md): what is picked, what was last applied, and whether that
 * search failed. One reducer, so a delayed Apply always takes the filters of that moment.
 */
export const useFilterState = (textSearch = '') => {
  const [state, dispatch] = useReducer(filterReducer, textSearch, initialPanelState);
  return { ...state, dispatch };
};

export type FilterStateHandle = ReturnType<typeof useFilterState>;
