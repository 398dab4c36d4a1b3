/** A user's role (the `user.role` column, and the `role` of the login answer): 1 the blogger, 2 everyone else. */
export const ROLE = { admin: 1, user: 2 } as const;
