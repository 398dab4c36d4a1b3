import { isSafeUrl } from './article.ts';
import type { BRAND_ICONS } from './brand-icons.ts';

/** The profile card's social links, in their order, each named by its service and drawn by its brand icon. */
const SOCIALS = [
  { key: 'github_link', label: 'GitHub', icon: 'github' },
  { key: 'git_ee_link', label: 'Gitee', icon: 'gitee' },
  { key: 'bilibili_link', label: '哔哩哔哩', icon: 'bilibili' },
  { key: 'qq_link', label: 'QQ', icon: 'qq' },
  { key: 'we_chat_link', label: '微信', icon: 'wechat' },
] as const satisfies readonly { key: string; label: string; icon: keyof typeof BRAND_ICONS }[];

type SocialKey = (typeof SOCIALS)[number]['key'];

/** The links a site config fills with a safe address: the home page's card and the console's preview. */
export const socialLinks = (site: Record<SocialKey, string>) =>
  SOCIALS.map((s) => ({ ...s, url: site[s.key] })).filter((s) => s.url && isSafeUrl(s.url));
