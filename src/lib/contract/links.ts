import { z } from 'zod';
import { LINK_GROUP_MAX } from '../link-groups.ts';
import { choiceFilter, id, loose, num, pageFields, textFilter, timeFilter } from './fields.ts';

/** A friend link (docs/api/public.md#friend-links). */
export type FriendLink = {
  id: number;
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  status: number;
  /** The applicant (null for links the admin added): the original's clients show their own link's edit button by it. */
  user_id: number | null;
  /** Its group on /link/list: '' is none. Absent from the original's answers. */
  category: string;
  createdAt: string;
  updatedAt: string;
};

/**
 * A card of /link/list: the public fields only, and whether the health check finds the site down now
 * (not since when, nor when it was checked: those are the owner's).
 */
export type PublicLink = Pick<
  FriendLink,
  'id' | 'site_name' | 'site_desc' | 'site_avatar' | 'url' | 'category'
> & {
  down: boolean;
};

/**
 * A friend link's health for the owner's console (GET /api/links/getLinkHealth): the background
 * check's last run, the site's last answer, and since when it has not answered (null while it does).
 */
export type LinkHealth = {
  id: number;
  checkedAt: string | null;
  okAt: string | null;
  downAt: string | null;
};

/** POST /api/links/getLinksList: a page of links, by status, a site-name substring and a window. */
export const LinkList = z.object({
  ...pageFields,
  // Pending applications (1) are for the admin's review only; "" or absent is every status for an admin
  // ("all"; the original's tab 所有友链 sends 0, which is the same) and the approved ones (2) for everyone else.
  status: choiceFilter(num(z.literal([1, 2], 'status 只能是 1 或 2'))),
  site_name: textFilter(30),
  time: timeFilter,
});

const text = z.string().trim().default('');
/** POST /api/links/add, a user's application (and, with an id, their edit): the site's fields. */
export const LinkApply = z.object({ site_name: text, site_desc: text, site_avatar: text, url: text });

/** POST /api/links/backUpdate: the console's add (no id) or edit of any link, status included. */
export const LinkSave = LinkApply.extend({
  id: choiceFilter(id()),
  status: choiceFilter(num(z.literal([1, 2], 'status 只能是 1 或 2'))),
  // The group on /link/list, new: absent or null (the original's console) leaves it as it is.
  category: loose<string | undefined>()(
    (v) => (v === null ? undefined : v),
    z.string('分组必须是文字').trim().max(LINK_GROUP_MAX, `分组不能超过${LINK_GROUP_MAX}个字`).optional(),
  ),
});
