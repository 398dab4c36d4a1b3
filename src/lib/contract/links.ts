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
