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
  createdAt: string;
  updatedAt: string;
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
