/**
 * An import's report (docs/api/admin.md#audit-log-backups-and-the-music-library): what the CLI prints
 * and the console's 导入与导出 shows, for a dry run and a run alike.
 */

export type SourceFormat =
  | 'wxr'
  | 'markdown'
  | 'mysql'
  | 'archive'
  | 'typecho'
  | 'waline'
  | 'twikoo'
  | 'artalk'
  | 'disqus';

export const FORMAT_NAME: Record<SourceFormat, string> = {
  wxr: 'WordPress 导出文件（WXR）',
  markdown: 'Markdown 文件夹（Hexo / Hugo / Jekyll）',
  mysql: '原项目的 MySQL 数据库',
  archive: '本站的全站归档',
  typecho: 'Typecho 数据库（MySQL 或 SQLite）',
  waline: 'Waline 评论导出（JSON）',
  twikoo: 'Twikoo 评论导出（JSON）',
  artalk: 'Artalk 评论导出（Artrans JSON）',
  disqus: 'Disqus 评论导出（XML）',
};

/** The Chinese name of a kind of item (the report's lines). */
export const KIND_NAME: Record<string, string> = {
  article: '文章',
  category: '分类',
  tag: '标签',
  comment: '评论',
  guest: '访客',
  attachment: '附件',
  user: '用户',
  talk: '说说',
  album: '相册',
  photo: '照片',
  message: '留言',
  link: '友链',
  like: '点赞',
  header: '页面背景',
  config: '网站设置',
  notify: '通知',
  chat: '聊天记录',
  table: '数据表',
  file: '文件',
  site: '推荐网站',
};

export type ReportLine = { kind: string; label: string; where: string; reason: string };

export type ImportReport = {
  format: SourceFormat;
  formatName: string;
  dryRun: boolean;
  notes: string[];
  /** Per kind: how many were (or, in a dry run, would be) created. */
  created: Record<string, number>;
  /** What a dry run would create, at most the first 200 lines. */
  toCreate: ReportLine[];
  /** Per kind: how many imported rows were brought up to date (an edited Markdown file). */
  updated: Record<string, number>;
  /** Per kind: how many were imported by an earlier run and so left alone. */
  already: Record<string, number>;
  skipped: ReportLine[];
  failed: ReportLine[];
  ms: number;
};
