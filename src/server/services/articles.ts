/**
 * Articles, categories and tags: the one door pages, routes and the CLI import. Split by reason to
 * change (articles/): read.ts (lists and one article), related.ts (previous, next, recommended),
 * views.ts (view and reading counters), taxonomy.ts (categories and tags), write.ts (create, update,
 * pin, delete) and rendering.ts (the body rendered when it is written, read by the pages).
 */

export * from './articles/read.ts';
export * from './articles/related.ts';
export * from './articles/taxonomy.ts';
export * from './articles/views.ts';
export * from './articles/write.ts';
// Site search lives in its own service (FTS index, ranking, excerpts).
export { searchArticles } from './search.ts';
