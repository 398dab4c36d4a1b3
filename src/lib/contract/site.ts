import type { ReviewMode, RuleAction } from '../review.ts';

/** A page banner of GET /api/pageHeader/getAll. */
export type PageHeader = { id: number; route_name: string; bg_url: string };

/** PUT /api/config/addView's answer (an addition to the original contract): the site's visits so far. */
export type SiteViews = { view_time: number };

/** GET /api/config: the site's profile, as the visitor pages read it (view_time and createdAt are not editable). */
export type SiteConfig = {
  blog_name: string;
  blog_avatar: string;
  avatar_bg: string;
  personal_say: string;
  blog_notice: string;
  qq_link: string;
  we_chat_link: string;
  github_link: string;
  git_ee_link: string;
  bilibili_link: string;
  we_chat_group: string;
  qq_group: string;
  we_chat_pay: string;
  ali_pay: string;
  admin_url: string;
  /** The ICP filing number the footer shows (an addition to the original contract); empty hides it. */
  icp_number: string;
  /**
   * Every page's head (additions to the original contract, docs/owner-guide.md#seo): what follows a
   * page's title (the blog's name when ""), the site's keywords (comma separated) and description
   * (its 个性签名 when "").
   */
  seo_title_suffix: string;
  seo_keywords: string;
  seo_description: string;
  view_time: number;
  createdAt: string;
} & GuardSwitches;

/**
 * The owner's switches for guests and comments (additions to the original contract): a guest's
 * guestbook message needs a solved proof of work (on by default); comments and messages keep and show
 * the writer's IP 属地 and browser · system (off by default).
 */
export type GuardSwitches = { guest_captcha: boolean; ip_region: boolean; ua_summary: boolean };

/** POST /api/config/update's text fields (the switches are GuardSwitches). */
export type SiteProfile = Omit<SiteConfig, 'view_time' | 'createdAt' | keyof GuardSwitches>;

/**
 * GET /api/config/review and fields of POST /api/config/update (ours): the moderation queue's settings
 * (docs/owner-guide.md#评论审核).
 */
export type ReviewSettings = {
  comment_review: ReviewMode;
  blocked_words: string;
  blocked_words_action: RuleAction;
  /** 0: no limit. */
  max_links_per_comment: number;
  links_action: RuleAction;
  /** Addresses and CIDR ranges, IPv4 or IPv6, one a line. */
  blocked_ips: string;
};
