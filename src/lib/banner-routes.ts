/**
 * The page banners the console edits: each route name of the page-header list (docs/api/public.md#site, the
 * server's ROUTE_NAMES) with the page that shows it. tests/unit/banner-routes.test.ts keeps the two in step.
 */
export const BANNER_ROUTES = [
  { route: 'Home', label: '首页', path: '/home' },
  { route: 'Archives', label: '归档', path: '/archives' },
  { route: 'ArticleList', label: '文章列表', path: '/articleList' },
  { route: 'Category', label: '分类', path: '/category' },
  { route: 'Tag', label: '标签', path: '/tag' },
  { route: 'Talk', label: '说说', path: '/talk' },
  { route: 'PhotoAlbum', label: '相册', path: '/photoAlbum' },
  { route: 'Bangumi', label: '追番', path: '/bangumi' },
  { route: 'Front', label: '前端资源', path: '/resources/front' },
  { route: 'Back', label: '后端资源', path: '/resources/back' },
  { route: 'SiteList', label: '网站导航', path: '/siteList' },
  { route: 'LinkList', label: '友链', path: '/link/list' },
  { route: 'MessageList', label: '留言板', path: '/message/list' },
  { route: 'PublishMessage', label: '发布留言', path: '/message/publish' },
  { route: 'MessageDetail', label: '留言详情', path: '/message/list' },
  { route: 'UserCenter', label: '个人中心', path: '/userCenter' },
] as const;
