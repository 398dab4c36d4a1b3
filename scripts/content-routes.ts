/**
 * The content routes a reader reads (docs/decisions/0010-islands-on-interaction.md), with ids the demo
 * content has: home, article, archives, category, tag, the article list of a category and of a tag, talk,
 * albums, photos, bangumi, links, resources, sites, the guestbook's list and a message. The assets bench
 * measures each and tests/e2e/script-budget.spec.ts holds each to the JavaScript budget.
 */
export const CONTENT_ROUTES = [
  '/home',
  '/article?id=3',
  '/archives',
  '/category',
  '/tag',
  '/articleList?id=1&type=category',
  '/articleList?id=1&type=tag',
  '/talk',
  '/photoAlbum',
  '/photos?id=1',
  '/bangumi',
  '/link/list',
  '/resources/front',
  '/resources/back',
  '/siteList',
  '/message/list',
  '/message/detail?id=1',
];
