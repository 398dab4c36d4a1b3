/**
 * The user detail of docs/api/public.md#users-and-sign-in: never the password or IP; the username (and email)
 * only to the user themselves.
 */
export type PublicUser = {
  id: number;
  nick_name: string;
  avatar: string;
  role: number;
  qq: string;
  createdAt: string;
  username?: string;
  email?: string;
  /** Only to the user themselves: whether they sign in with a second step. */
  otp_enabled?: boolean;
  /** Only to the user themselves, with 2FA on: recovery codes still unused. */
  recovery_left?: number;
};

/** POST /api/user/login's answer. */
export type LoginResult = { token: string; id: number; username: string; role: number };

/**
 * PUT /api/user/updatePassword's and POST /api/user/2fa/disable's answer: a fresh token (the older ones
 * of the user have ended).
 */
export type FreshToken = { token: string };

/** GET /api/user/getOwnStatistic: the user's own comments, guestbook messages and likes. */
export type OwnStatistic = { commentCount: number; messageCount: number; likeCount: number };

/** POST /api/user/2fa/setup: the pending secret (base32, for typing in) and its otpauth:// address (the QR code). */
export type OtpSetup = { secret: string; otpauth_url: string };

/** The ten one-time recovery codes, shown once. */
export type RecoveryCodes = { recovery_codes: string[] };

/** POST /api/user/2fa/enable: the recovery codes and a fresh token (the older ones of the user have ended). */
export type OtpEnabled = RecoveryCodes & FreshToken;

/** POST /api/user/login with 2FA on and no (or a wrong) code: code 100 and this result. */
export type NeedOtp = { need_otp: true };
