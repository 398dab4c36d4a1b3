/** A user as the owner's list shows it (POST /api/user/getUserList): never the password or raw address. */
export type AdminUserRow = {
  id: number;
  username: string;
  nick_name: string;
  avatar: string;
  qq: string;
  role: number;
  createdAt: string;
  updatedAt: string;
  /** The place of the user's address, 火星 when unknown. */
  ip_address: string;
  /** When the owner disabled the account (ours, issue 20), else null. */
  disabledAt: string | null;
};

/** PUT /api/user/resetPassword/{id}: the new password, given this once (ours, issue 20). */
export type ResetPassword = { password: string };

/** POST /api/user/register's answer (the admin app's register page prefills the login with it). */
export type Registered = { id: number; username: string };
