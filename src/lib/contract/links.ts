/** A friend link (API.md getLinksList). */
export type FriendLink = {
  id: number;
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  status: number;
  /** The applicant (null for links the admin added): the original's clients show their own link's edit button by it. */
  user_id: number | null;
  /** Its group on /link/list (issue 31): '' is none. Absent from the original's answers. */
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
