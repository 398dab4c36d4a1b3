/** API.md user detail: never the password or IP; the username (and email) only to the user themselves. */
export type PublicUser = {
  id: number;
  nick_name: string;
  avatar: string;
  role: number;
  qq: string;
  createdAt: string;
  username?: string;
  email?: string;
};

/** POST /api/user/login's answer. */
export type LoginResult = { token: string; id: number; username: string; role: number };

/** PUT /api/user/updatePassword's answer: a fresh token (the older ones of the user have ended). */
export type FreshToken = { token: string };

/** GET /api/user/getOwnStatistic: the user's own comments, guestbook messages and likes. */
export type OwnStatistic = { commentCount: number; messageCount: number; likeCount: number };
