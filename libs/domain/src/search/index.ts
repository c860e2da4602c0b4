export * from './active-filters.schema';
export * from './reference-filter';
export * from './saved-filtering.schema';
export * from './search-document';
export * from './search-query';
export * from './similarity.schema';
export * from './free-text';
export * from './hybrid-ranking';
