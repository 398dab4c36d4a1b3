import { isSafeUrl } from './article.ts';
import type { SiteProfile } from './contract/site.ts';

/**
 * The site profile's fields as the console edits them (POST /api/config/update): label, kind and
 * the limits the server checks (src/server/api/site.ts), with the Chinese message of each rule so
 * the form says what is wrong before anything is sent.
 */
type Kind = 'text' | 'textarea' | 'image' | 'link';
export type ProfileField = {
  key: keyof SiteProfile;
  label: string;
  kind: Kind;
  max: number;
  required?: true;
  hint?: string;
};

export type ProfileGroup = { title: string; fields: ProfileField[] };

const link = (key: keyof SiteProfile, label: string, hint?: string): ProfileField => ({
  key,
  label,
  kind: 'link',
  max: 500,
  hint,
});
const image = (key: keyof SiteProfile, label: string, hint?: string): ProfileField => ({
  key,
  label,
  kind: 'image',
  max: 500,
  hint,
});

export const PROFILE_GROUPS: ProfileGroup[] = [
  {
    title: '基本资料',
    fields: [
      { key: 'blog_name', label: '博客名称', kind: 'text', max: 50, required: true },
      image('blog_avatar', '博主头像'),
      image('avatar_bg', '资料卡背景'),
      { key: 'personal_say', label: '个性签名', kind: 'text', max: 200, hint: '首页横幅与资料卡上的一句话' },
      { key: 'blog_notice', label: '公告', kind: 'textarea', max: 2000, hint: '显示在资料卡下方' },
    ],
  },
  {
    title: '社交链接',
    fields: [
      link('github_link', 'GitHub'),
      link('git_ee_link', 'Gitee'),
      link('bilibili_link', '哔哩哔哩'),
      link('qq_link', 'QQ'),
      link('we_chat_link', '微信'),
    ],
  },
  {
    title: '二维码图片',
    fields: [
      image('we_chat_group', '微信群'),
      image('qq_group', 'QQ 群'),
      image('we_chat_pay', '微信收款码'),
      image('ali_pay', '支付宝收款码'),
    ],
  },
  {
    title: '其他',
    fields: [
      link('admin_url', '后台地址', '站内通知（友链申请）打开的地址，默认 /admin'),
      {
        key: 'icp_number',
        label: 'ICP 备案号',
        kind: 'text',
        max: 50,
        hint: '页脚显示并链接到工信部备案系统；留空则不显示',
      },
    ],
  },
  {
    title: '搜索引擎（SEO）',
    fields: [
      {
        key: 'seo_title_suffix',
        label: '标题后缀',
        kind: 'text',
        max: 50,
        hint: '每页标题“文章名 - 后缀”的后半；留空则用博客名称',
      },
      { key: 'seo_keywords', label: '站点关键词', kind: 'text', max: 200, hint: '以逗号分隔' },
      {
        key: 'seo_description',
        label: '站点描述',
        kind: 'textarea',
        max: 300,
        hint: '首页与列表页的描述；留空则用个性签名',
      },
    ],
  },
];

export const PROFILE_FIELDS: ProfileField[] = PROFILE_GROUPS.flatMap((g) => g.fields);

/**
 * An address the site config and the page banners may hold: http(s), or a path of this site (an
 * upload; not `//host` or `/\host`: the rule of article links, isSafeUrl). Anything else (`javascript:`,
 * `data:`, `vbscript:`, any other scheme) is refused on input,
 * by the console's forms and by the server (src/server/api/site.ts), with this message.
 */
export const isSiteAddress = (value: string): boolean =>
  /^\S+$/.test(value.trim()) && isSafeUrl(value.trim());
export const SITE_ADDRESS_MESSAGE = '请填写以 http://、https:// 或 / 开头的地址';

/** The message of the first rule `value` breaks, or '' when it keeps them all. */
export function checkProfileField(field: ProfileField, value: string): string {
  const v = value.trim();
  if (field.required && !v) return `请填写${field.label}`;
  if (v.length > field.max) return `${field.label}不能超过 ${field.max} 个字`;
  if (v && field.kind !== 'text' && field.kind !== 'textarea' && !isSiteAddress(v))
    return SITE_ADDRESS_MESSAGE;
  return '';
}

/** Every broken rule of the form, by field (empty when the form can be saved). */
export function checkProfile(form: SiteProfile): Partial<Record<keyof SiteProfile, string>> {
  const errors: Partial<Record<keyof SiteProfile, string>> = {};
  for (const field of PROFILE_FIELDS) {
    const message = checkProfileField(field, form[field.key] ?? '');
    if (message) errors[field.key] = message;
  }
  return errors;
}
