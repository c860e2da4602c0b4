export * from './active-filters.schema';
export * from './filter-keys';
export * from './match-explanation';
export * from './reference-filter';
export * from './saved-filtering.schema';
export * from './search-document';
export * from './search-query';
export * from './similarity.schema';
