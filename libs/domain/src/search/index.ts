export * from './active-filters.schema';
export * from './reference-filter';
export * from './saved-filtering.schema';
export * from './search-analytics-report';
export * from './search-click.schema';
export * from './search-document';
export * from './search-query';
export * from './similarity.schema';
