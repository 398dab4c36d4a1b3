/** The demo data other than articles: people, taxonomy, talks, albums, links, guestbook, comments… */

import type { Scene } from './images.ts';

/** 'admin' or the username of a demo user. */
export type UserKey = 'admin' | 'linxiaolu' | 'qiuyu_dev' | 'codecat' | 'afeng2048';

export type DemoUser = {
  username: Exclude<UserKey, 'admin'>;
  nickName: string;
  initial: string;
  email: string;
};

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'linxiaolu', nickName: '林间小鹿', initial: '鹿', email: 'linxiaolu@example.com' },
  { username: 'qiuyu_dev', nickName: '秋雨', initial: '秋', email: 'qiuyu@example.com' },
  { username: 'codecat', nickName: '代码猫', initial: '猫', email: 'codecat@example.com' },
  { username: 'afeng2048', nickName: '阿枫', initial: '枫', email: 'afeng@example.com' },
];

export const CATEGORIES = ['前端开发', '后端技术', '工具效率', '生活随笔'] as const;

export const TAGS = ['TypeScript', 'Node.js', 'CSS', 'Rust', 'Go', '数据库', '效率工具', '随笔'] as const;

export type TalkSeed = {
  content: string;
  daysAgo: number;
  likes: number;
  isTop: 1 | 2;
  photos: readonly Scene[];
};

export const TALKS: readonly TalkSeed[] = [
  {
    content:
      '博客终于用 Astro 重写完了，首页的 JS 从三百多 KB 降到了几十 KB，打开速度肉眼可见地变快。欢迎随便逛逛～',
    daysAgo: 4,
    likes: 36,
    isTop: 1,
    photos: [],
  },
  {
    content: '周末去爬山，山顶的云海比想象中还要壮观。下山的时候腿已经不是自己的了。',
    daysAgo: 9,
    likes: 28,
    isTop: 2,
    photos: ['mountain', 'mountain', 'forest'],
  },
  {
    content: '今天把一个困扰了三天的 bug 修好了，原因是时区。永远不要相信“服务器肯定是东八区”。',
    daysAgo: 15,
    likes: 41,
    isTop: 2,
    photos: [],
  },
  {
    content: '下班路上拍到的城市夜景，灯一盏一盏亮起来的时候，总觉得这座城市也在努力生活。',
    daysAgo: 22,
    likes: 19,
    isTop: 2,
    photos: ['city', 'city'],
  },
  {
    content: '新买的机械键盘到了，茶轴手感刚刚好。写代码的效率有没有提升不知道，但心情确实变好了。',
    daysAgo: 31,
    likes: 12,
    isTop: 2,
    photos: ['forest'],
  },
  {
    content: '读完了《程序员修炼之道》第二版，最喜欢的一句：“你不可能写出完美的软件”。释然了。',
    daysAgo: 44,
    likes: 25,
    isTop: 1,
    photos: [],
  },
  {
    content: '海边的风很大，浪声很好听。手机里存了好多照片，挑几张放上来。',
    daysAgo: 58,
    likes: 33,
    isTop: 2,
    photos: ['sea', 'sea', 'sea', 'mountain'],
  },
  {
    content: '第一次跑完半程马拉松！2 小时 08 分，离目标还差一点，明年继续。',
    daysAgo: 76,
    likes: 57,
    isTop: 2,
    photos: ['city'],
  },
  {
    content: '给自己定个小目标：每个月至少写两篇博客。立个 flag 在这里，欢迎监督。',
    daysAgo: 103,
    likes: 22,
    isTop: 2,
    photos: [],
  },
  {
    content: '雨后的小树林，空气里都是泥土的味道。偶尔停下来走走，比刷手机舒服多了。',
    daysAgo: 137,
    likes: 17,
    isTop: 2,
    photos: ['forest', 'forest'],
  },
];

export type AlbumSeed = { name: string; description: string; daysAgo: number; photos: readonly Scene[] };

export const ALBUMS: readonly AlbumSeed[] = [
  {
    name: '山海之间',
    description: '爬过的山，看过的海，还有路上遇见的风景。',
    daysAgo: 60,
    photos: ['mountain', 'sea', 'mountain', 'sea', 'mountain', 'sea', 'mountain', 'sea'],
  },
  {
    name: '城市夜色',
    description: '下班路上随手拍下的灯火。',
    daysAgo: 90,
    photos: ['city', 'city', 'city', 'city', 'city', 'city'],
  },
  {
    name: '林间日常',
    description: '周末的公园、小树林和慢慢走过的下午。',
    daysAgo: 120,
    photos: ['forest', 'forest', 'mountain', 'forest', 'forest', 'sea', 'forest', 'forest', 'mountain'],
  },
];

export type LinkSeed = {
  name: string;
  desc: string;
  initial: string;
  url: string;
  status: 1 | 2;
  user: UserKey | null;
  daysAgo: number;
};

export const LINKS: readonly LinkSeed[] = [
  {
    name: '阮一峰的网络日志',
    desc: '科技爱好者周刊，每周五更新',
    initial: '阮',
    url: 'https://www.ruanyifeng.com/blog/',
    status: 2,
    user: null,
    daysAgo: 160,
  },
  {
    name: '张鑫旭的个人博客',
    desc: '专注 CSS 与前端技术分享',
    initial: '鑫',
    url: 'https://www.zhangxinxu.com/',
    status: 2,
    user: null,
    daysAgo: 150,
  },
  {
    name: '美团技术团队',
    desc: '美团技术团队的博客',
    initial: '美',
    url: 'https://tech.meituan.com/',
    status: 2,
    user: null,
    daysAgo: 140,
  },
  {
    name: 'V2EX',
    desc: '创意工作者们的社区',
    initial: 'V',
    url: 'https://www.v2ex.com/',
    status: 2,
    user: null,
    daysAgo: 120,
  },
  {
    name: 'Astro',
    desc: '本站使用的 Web 框架',
    initial: 'A',
    url: 'https://astro.build/',
    status: 2,
    user: null,
    daysAgo: 30,
  },
  {
    name: '林间小鹿的小屋',
    desc: '一个喜欢摄影的前端工程师',
    initial: '鹿',
    url: 'https://example.com/linxiaolu',
    status: 2,
    user: 'linxiaolu',
    daysAgo: 40,
  },
  {
    name: '代码猫的笔记本',
    desc: '记录后端开发与运维的点滴',
    initial: '猫',
    url: 'https://example.org/codecat',
    status: 1,
    user: 'codecat',
    daysAgo: 2,
  },
];

export type BangumiSeed = {
  title: string;
  titleCn: string;
  status: 1 | 2 | 3;
  progress: number;
  total: number;
  score: number;
  summary: string;
  daysAgo: number;
};

export const BANGUMI: readonly BangumiSeed[] = [
  {
    title: 'Kusuriya no Hitorigoto',
    titleCn: '药屋少女的呢喃',
    status: 1,
    progress: 0,
    total: 24,
    score: 8.6,
    summary: '被卖进后宫当侍女的药师少女猫猫，凭借药学知识接连解开宫中的怪事。',
    daysAgo: 20,
  },
  {
    title: 'Dungeon Meshi',
    titleCn: '迷宫饭',
    status: 1,
    progress: 0,
    total: 24,
    score: 8.7,
    summary: '为了救回被红龙吞下的妹妹，冒险者一行人决定一边深入迷宫，一边把魔物做成料理。',
    daysAgo: 25,
  },
  {
    title: 'Chainsaw Man',
    titleCn: '电锯人',
    status: 1,
    progress: 0,
    total: 12,
    score: 8.1,
    summary: '背负巨额债务的少年电次与电锯恶魔波奇塔合为一体，成为了恶魔猎人。',
    daysAgo: 33,
  },
  {
    title: 'Sousou no Frieren',
    titleCn: '葬送的芙莉莲',
    status: 2,
    progress: 17,
    total: 28,
    score: 9.2,
    summary: '打倒魔王之后，精灵魔法使芙莉莲踏上了重新认识人类、理解时间的旅程。',
    daysAgo: 6,
  },
  {
    title: 'SPY×FAMILY',
    titleCn: '间谍过家家',
    status: 2,
    progress: 18,
    total: 25,
    score: 8.4,
    summary: '间谍、杀手和超能力者组成了一个假家庭，每个人都藏着不能说的秘密。',
    daysAgo: 14,
  },
  {
    title: 'Bocchi the Rock!',
    titleCn: '孤独摇滚！',
    status: 2,
    progress: 8,
    total: 12,
    score: 9.0,
    summary: '极度社恐的吉他少女后藤独，加入了乐队“纽带乐队”，一点点走上舞台。',
    daysAgo: 18,
  },
  {
    title: 'Cowboy Bebop',
    titleCn: '星际牛仔',
    status: 3,
    progress: 26,
    total: 26,
    score: 9.3,
    summary: '2071 年，赏金猎人斯派克和伙伴们驾驶着 Bebop 号，在太阳系里追逐赏金与过去。',
    daysAgo: 100,
  },
  {
    title: 'Mushishi',
    titleCn: '虫师',
    status: 3,
    progress: 26,
    total: 26,
    score: 9.1,
    summary: '虫师银古游走于山野之间，处理由“虫”引发的种种奇异现象。',
    daysAgo: 140,
  },
  {
    title: 'Violet Evergarden',
    titleCn: '紫罗兰永恒花园',
    status: 3,
    progress: 13,
    total: 13,
    score: 8.9,
    summary: '战争结束后，曾是“武器”的少女薇尔莉特成为代笔人，试图理解“我爱你”的含义。',
    daysAgo: 180,
  },
];

export type LinkItemSeed = { name: string; desc: string; url: string; initial: string };
export type LinkGroupSeed = { category: string; items: readonly LinkItemSeed[] };

export const FRONT_RESOURCES: readonly LinkGroupSeed[] = [
  {
    category: '构建工具',
    items: [
      { name: 'Vite', desc: '下一代前端构建工具，开发服务器秒开', url: 'https://vite.dev/', initial: 'V' },
      { name: 'esbuild', desc: '用 Go 编写的极速打包器', url: 'https://esbuild.github.io/', initial: 'E' },
      { name: 'Rollup', desc: '面向库的 ES 模块打包器', url: 'https://rollupjs.org/', initial: 'R' },
      { name: 'webpack', desc: '老牌的模块打包工具', url: 'https://webpack.js.org/', initial: 'W' },
    ],
  },
  {
    category: '框架与库',
    items: [
      { name: 'React', desc: '用于构建用户界面的 JavaScript 库', url: 'https://react.dev/', initial: 'R' },
      { name: 'Vue', desc: '渐进式 JavaScript 框架', url: 'https://vuejs.org/', initial: 'V' },
      { name: 'Svelte', desc: '编译时框架，没有虚拟 DOM', url: 'https://svelte.dev/', initial: 'S' },
      { name: 'Astro', desc: '以内容为中心的 Web 框架', url: 'https://astro.build/', initial: 'A' },
    ],
  },
  {
    category: '学习文档',
    items: [
      { name: 'MDN', desc: 'Web 技术权威文档', url: 'https://developer.mozilla.org/zh-CN/', initial: 'M' },
      { name: 'web.dev', desc: 'Google 出品的 Web 最佳实践', url: 'https://web.dev/', initial: 'W' },
      { name: 'Can I use', desc: '查询浏览器兼容性', url: 'https://caniuse.com/', initial: 'C' },
    ],
  },
];

export const BACK_RESOURCES: readonly LinkGroupSeed[] = [
  {
    category: '运行时与语言',
    items: [
      { name: 'Node.js', desc: '基于 V8 的 JavaScript 运行时', url: 'https://nodejs.org/', initial: 'N' },
      { name: 'Go', desc: '简单、可靠、高效的编程语言', url: 'https://go.dev/', initial: 'G' },
      { name: 'Rust', desc: '安全与性能兼得的系统语言', url: 'https://www.rust-lang.org/', initial: 'R' },
      {
        name: 'Deno',
        desc: '安全的 JavaScript 与 TypeScript 运行时',
        url: 'https://deno.com/',
        initial: 'D',
      },
    ],
  },
  {
    category: '数据库',
    items: [
      { name: 'SQLite', desc: '嵌入式关系数据库', url: 'https://sqlite.org/', initial: 'S' },
      {
        name: 'PostgreSQL',
        desc: '功能强大的开源关系数据库',
        url: 'https://www.postgresql.org/',
        initial: 'P',
      },
      { name: 'Redis', desc: '内存数据结构存储', url: 'https://redis.io/', initial: 'R' },
    ],
  },
  {
    category: '部署运维',
    items: [
      { name: 'Docker', desc: '容器化应用的事实标准', url: 'https://www.docker.com/', initial: 'D' },
      { name: 'Nginx', desc: '高性能 Web 服务器与反向代理', url: 'https://nginx.org/', initial: 'N' },
      { name: 'Caddy', desc: '自动 HTTPS 的 Web 服务器', url: 'https://caddyserver.com/', initial: 'C' },
    ],
  },
];

export const SITES: readonly LinkGroupSeed[] = [
  {
    category: '开发社区',
    items: [
      { name: 'GitHub', desc: '全球最大的代码托管平台', url: 'https://github.com/', initial: 'G' },
      { name: 'Stack Overflow', desc: '程序员问答社区', url: 'https://stackoverflow.com/', initial: 'S' },
      { name: '掘金', desc: '开发者技术社区', url: 'https://juejin.cn/', initial: '掘' },
    ],
  },
  {
    category: '设计灵感',
    items: [
      { name: 'Dribbble', desc: '设计师作品展示社区', url: 'https://dribbble.com/', initial: 'D' },
      { name: 'Coolors', desc: '快速生成配色方案', url: 'https://coolors.co/', initial: 'C' },
      { name: 'Figma', desc: '在线协作设计工具', url: 'https://www.figma.com/', initial: 'F' },
    ],
  },
  {
    category: '在线工具',
    items: [
      { name: 'regex101', desc: '正则表达式在线调试', url: 'https://regex101.com/', initial: 'R' },
      { name: 'Excalidraw', desc: '手绘风格的白板', url: 'https://excalidraw.com/', initial: 'E' },
      { name: 'Squoosh', desc: '浏览器里的图片压缩', url: 'https://squoosh.app/', initial: 'S' },
    ],
  },
];

export type MessageSeed = {
  message: string;
  tag: string;
  color: string;
  fontSize: number;
  fontWeight: 400 | 500 | 700;
  bgColor: string;
  withBg: boolean;
  likes: number;
  nickName: string;
  user: UserKey | null;
  daysAgo: number;
};

export const MESSAGES: readonly MessageSeed[] = [
  {
    message: '第一次来，博客的设计好清爽，收藏了！',
    tag: '留言',
    color: '#1f2937',
    fontSize: 16,
    fontWeight: 400,
    bgColor: '#fef3c7',
    withBg: false,
    likes: 8,
    nickName: '林间小鹿',
    user: 'linxiaolu',
    daysAgo: 3,
  },
  {
    message: '那篇 TypeScript 类型收窄写得很清楚，终于搞懂可辨识联合了。',
    tag: '技术',
    color: '#ffffff',
    fontSize: 18,
    fontWeight: 500,
    bgColor: '#6366f1',
    withBg: false,
    likes: 12,
    nickName: '秋雨',
    user: 'qiuyu_dev',
    daysAgo: 6,
  },
  {
    message: '建议文章页加一个目录，长文章跳转起来更方便。',
    tag: '建议',
    color: '#0f172a',
    fontSize: 15,
    fontWeight: 400,
    bgColor: '#e0f2fe',
    withBg: false,
    likes: 5,
    nickName: '代码猫',
    user: 'codecat',
    daysAgo: 9,
  },
  {
    message: '博主加油！每个月两篇的 flag 我会盯着的 😄',
    tag: '鼓励',
    color: '#b91c1c',
    fontSize: 20,
    fontWeight: 700,
    bgColor: '#ffe4e6',
    withBg: false,
    likes: 16,
    nickName: '阿枫',
    user: 'afeng2048',
    daysAgo: 12,
  },
  {
    message: '路过留个脚印，音乐播放器里的歌单很好听。',
    tag: '留言',
    color: '#334155',
    fontSize: 14,
    fontWeight: 400,
    bgColor: 'transparent',
    withBg: true,
    likes: 3,
    nickName: '过路的旅人',
    user: null,
    daysAgo: 15,
  },
  {
    message: '请问 node:sqlite 在生产环境稳定吗？有没有遇到什么坑？',
    tag: '技术',
    color: '#065f46',
    fontSize: 16,
    fontWeight: 500,
    bgColor: '#d1fae5',
    withBg: false,
    likes: 7,
    nickName: '代码猫',
    user: 'codecat',
    daysAgo: 20,
  },
  {
    message: '暗色模式好评，晚上看文章眼睛舒服多了。',
    tag: '鼓励',
    color: '#f8fafc',
    fontSize: 17,
    fontWeight: 400,
    bgColor: '#1e293b',
    withBg: false,
    likes: 9,
    nickName: '夜猫子',
    user: null,
    daysAgo: 26,
  },
  {
    message: '希望能多写一些 Rust 的实战文章，比如命令行工具。',
    tag: '建议',
    color: '#7c2d12',
    fontSize: 16,
    fontWeight: 500,
    bgColor: '#ffedd5',
    withBg: false,
    likes: 6,
    nickName: '秋雨',
    user: 'qiuyu_dev',
    daysAgo: 33,
  },
  {
    message: '相册里的海边照片好治愈，是在哪里拍的呀？',
    tag: '留言',
    color: '#1e3a8a',
    fontSize: 22,
    fontWeight: 400,
    bgColor: 'transparent',
    withBg: true,
    likes: 11,
    nickName: '林间小鹿',
    user: 'linxiaolu',
    daysAgo: 41,
  },
  {
    message: '窗口函数那篇的速查表太实用了，已经打印贴在工位上。',
    tag: '技术',
    color: '#4c1d95',
    fontSize: 13,
    fontWeight: 700,
    bgColor: '#ede9fe',
    withBg: false,
    likes: 4,
    nickName: '小周',
    user: null,
    daysAgo: 55,
  },
  {
    message: '坚持写博客真的不容易，默默支持！',
    tag: '鼓励',
    color: '#14532d',
    fontSize: 24,
    fontWeight: 700,
    bgColor: '#dcfce7',
    withBg: false,
    likes: 14,
    nickName: '阿枫',
    user: 'afeng2048',
    daysAgo: 70,
  },
  {
    message: '友链申请已提交，麻烦博主有空审核一下～',
    tag: '留言',
    color: '#374151',
    fontSize: 12,
    fontWeight: 400,
    bgColor: '#f3f4f6',
    withBg: false,
    likes: 1,
    nickName: '代码猫',
    user: 'codecat',
    daysAgo: 2,
  },
];

export type ReplySeed = { from: UserKey; to: UserKey; content: string; thumbs: number; region: string };

export type ThreadSeed = {
  /** An article slug, or the index of a talk / message in TALKS / MESSAGES. */
  target: { type: 1; slug: string } | { type: 2; index: number } | { type: 3; index: number };
  from: UserKey;
  content: string;
  thumbs: number;
  region: string;
  daysAgo: number;
  replies: readonly ReplySeed[];
};

export const THREADS: readonly ThreadSeed[] = [
  {
    target: { type: 1, slug: 'typescript-type-narrowing' },
    from: 'qiuyu_dev',
    content: '用 never 做穷尽检查这个技巧太好用了，之前加新类型总是漏改。',
    thumbs: 6,
    region: '浙江',
    daysAgo: 10,
    replies: [
      {
        from: 'admin',
        to: 'qiuyu_dev',
        content: '是的，配合 lint 规则效果更好～',
        thumbs: 2,
        region: '广东',
      },
      { from: 'codecat', to: 'admin', content: '请问是哪个 lint 规则？', thumbs: 0, region: '北京' },
      {
        from: 'admin',
        to: 'codecat',
        content: 'typescript-eslint 的 switch-exhaustiveness-check。',
        thumbs: 3,
        region: '广东',
      },
    ],
  },
  {
    target: { type: 1, slug: 'typescript-type-narrowing' },
    from: 'afeng2048',
    content: '速查表收藏了，类型谓词那一行的提醒很关键。',
    thumbs: 3,
    region: '四川',
    daysAgo: 8,
    replies: [],
  },
  {
    target: { type: 1, slug: 'rebuild-blog-with-astro' },
    from: 'linxiaolu',
    content: '首屏 JS 降到 40 KB 太夸张了，岛屿之间的状态共享是怎么做的？',
    thumbs: 5,
    region: '上海',
    daysAgo: 4,
    replies: [
      {
        from: 'admin',
        to: 'linxiaolu',
        content: '用的 nanostores，每个岛屿各自订阅需要的 store，不需要 Context。',
        thumbs: 4,
        region: '广东',
      },
    ],
  },
  {
    target: { type: 1, slug: 'node-builtin-sqlite' },
    from: 'codecat',
    content: '试了一下 FTS5 的 trigram 分词器，中文搜索效果确实不错。',
    thumbs: 4,
    region: '北京',
    daysAgo: 30,
    replies: [
      {
        from: 'qiuyu_dev',
        to: 'codecat',
        content: '少于三个字的关键词要怎么处理？',
        thumbs: 1,
        region: '浙江',
      },
      {
        from: 'codecat',
        to: 'qiuyu_dev',
        content: '短关键词退回 LIKE 查询就行。',
        thumbs: 2,
        region: '北京',
      },
    ],
  },
  {
    target: { type: 1, slug: 'notes-on-this-year' },
    from: 'afeng2048',
    content: '跑步那段好真实，我也是因为体检报告才开始运动的 😂',
    thumbs: 7,
    region: '四川',
    daysAgo: 190,
    replies: [
      { from: 'admin', to: 'afeng2048', content: '一起加油，明年争取全马！', thumbs: 3, region: '广东' },
    ],
  },
  {
    target: { type: 1, slug: 'rust-ownership-notes' },
    from: 'admin',
    content: '补充一句：遇到生命周期报错时，先想想能不能直接返回拥有所有权的值。',
    thumbs: 2,
    region: '广东',
    daysAgo: 45,
    replies: [],
  },
  {
    target: { type: 2, index: 0 },
    from: 'linxiaolu',
    content: '新版打开速度真的快了好多！',
    thumbs: 3,
    region: '上海',
    daysAgo: 3,
    replies: [{ from: 'admin', to: 'linxiaolu', content: '谢谢支持～', thumbs: 1, region: '广东' }],
  },
  {
    target: { type: 2, index: 1 },
    from: 'qiuyu_dev',
    content: '云海好美，是哪座山呀？',
    thumbs: 2,
    region: '浙江',
    daysAgo: 8,
    replies: [
      { from: 'admin', to: 'qiuyu_dev', content: '就在城郊，开车一个多小时。', thumbs: 0, region: '广东' },
    ],
  },
  {
    target: { type: 2, index: 7 },
    from: 'afeng2048',
    content: '半马两小时出头已经很厉害了！',
    thumbs: 4,
    region: '四川',
    daysAgo: 75,
    replies: [],
  },
  {
    target: { type: 3, index: 2 },
    from: 'admin',
    content: '好建议，目录已经在计划里了，下个版本上线。',
    thumbs: 5,
    region: '广东',
    daysAgo: 8,
    replies: [{ from: 'codecat', to: 'admin', content: '期待！', thumbs: 1, region: '北京' }],
  },
  {
    target: { type: 3, index: 5 },
    from: 'admin',
    content: '目前跑了几个月没遇到问题，记得开 WAL 和 busy_timeout。',
    thumbs: 3,
    region: '广东',
    daysAgo: 19,
    replies: [],
  },
  {
    target: { type: 3, index: 8 },
    from: 'admin',
    content: '是在南方的一个小海湾，人很少，很适合发呆。',
    thumbs: 2,
    region: '广东',
    daysAgo: 40,
    replies: [{ from: 'linxiaolu', to: 'admin', content: '记下了，下次去看看！', thumbs: 0, region: '上海' }],
  },
];

export const SITE_CONFIG = {
  blog_name: '小站',
  personal_say: '代码写累了，就去看看山和海。',
  blog_notice:
    '欢迎来到小站！这里记录前端、后端和生活里的点点滴滴。当前展示的是演示数据，文章、留言和评论都可以随意浏览。',
  qq_link: '',
  we_chat_link: '',
  github_link: 'https://github.com/',
  git_ee_link: 'https://gitee.com/',
  bilibili_link: 'https://www.bilibili.com/',
  view_time: 4826,
  we_chat_group: '',
  qq_group: '',
  we_chat_pay: '',
  ali_pay: '',
  admin_url: '/userCenter',
};
