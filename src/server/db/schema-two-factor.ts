import type { Generated } from 'kysely';

/** The two-factor sign-in tables (migration 0021, services/two-factor.ts), apart from schema.ts. */
export interface TwoFactorTables {
  user_otp: UserOtpTable;
  user_recovery_code: UserRecoveryCodeTable;
}

/** A TOTP secret per account (migration 0021, services/two-factor.ts). */
export interface UserOtpTable {
  user_id: number;
  /** The active secret (base32) once enabled, else null. */
  secret: string | null;
  /** Made by setup, active only after enable checks a code from it. */
  pending_secret: string | null;
  /** The newest accepted time step: older and equal steps are refused (a code works once). */
  last_step: Generated<number>;
  enabledAt: string | null;
  updatedAt: string;
}

/** One-time recovery codes, hashed (migration 0021). */
export interface UserRecoveryCodeTable {
  user_id: number;
  code_hash: string;
  usedAt: string | null;
}
