import { post } from './client.ts';

/**
 * Ends `token` on the server (its version is raised): sent without waiting, outliving the page,
 * silent (the visitor is signed out at once whatever the answer). Apart from the account calls
 * (users.ts): the session store imports it on every page, and they load only with the islands that
 * use them. A dynamic import of users.ts did that before, but the console imports users.ts statically
 * too, so the bundler kept it in place and warned (INEFFECTIVE_DYNAMIC_IMPORT).
 */
export const logout = (token: string) =>
  post<null>('/api/user/logout', {}, { token, quiet: true, keepalive: true }).catch(() => {});
