import { waitMinutes } from '../../lib/lockout.ts';
import { logger } from '../core/log.ts';
import { MSG } from '../core/messages.ts';
import { SharedHold, SharedLockout } from '../core/shared-lockout.ts';
import type { ApiContext } from '../http/context.ts';
import { isTotpForm, noteOtpLocked, spendCode } from '../services/two-factor.ts';
import { AUDIT_EVENTS } from './audit-actions.ts';
import { auditEvent } from './audit-events.ts';

/**
 * Every check of a second-step code (the sign-in's, turning 2FA off) goes through here
 * (docs/security.md#rate-limits). The per-address limits alone let many addresses guess an account's
 * 6-digit code side by side; so, per account, whatever the address:
 *
 * - one check at a time: a second one while another is being checked is refused at once;
 * - wrong codes counted (before the check, given back when right), apart from wrong passwords: 10 in
 *   15 minutes lock the 6-digit code step for 15 minutes, each further lockout twice as long (at most a
 *   day; forgotten a day after the last one ended). Recovery codes (60 random bits each) are still
 *   taken meanwhile, so the owner gets in;
 * - at the lockout the owner is told (a notification, a mail) and the audit log has a row.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const OTP_MAX_FAILURES = 10;

/** Wrong second-step codes per account (its id). */
export const otpFailures = new SharedLockout('otp', {
  max: OTP_MAX_FAILURES,
  windowMs: 15 * MINUTE,
  baseMs: 15 * MINUTE,
  capMs: DAY,
  forgetMs: DAY,
});

/** One second-step check in flight per account; a hold outlives a process that died mid-check by 10 s. */
export const otpChecks = new SharedHold('otp', 10_000);

const otpLockedMessage = (seconds: number) =>
  `两步验证码错误次数过多，验证码已暂停使用，请 ${waitMinutes(seconds * 1000)} 分钟后再试，或改用恢复码`;

export type SecondStep =
  | { ok: true; kind: 'totp' | 'recovery' }
  | { ok: false; reason: 'wrong' }
  /** Not checked: another check of the account is in flight, or its code step is locked. */
  | { ok: false; reason: 'busy' | 'locked'; message: string; retryAfter: number };

/**
 * Checks and spends a second-step code of an account with 2FA on (services/two-factor.ts spendCode) under
 * the rules above. `label` names the account in the audit log.
 */
export async function checkSecondStep(
  c: ApiContext,
  account: { id: number; label: string },
  code: string,
): Promise<SecondStep> {
  const key = String(account.id);
  const release = await otpChecks.take(key);
  if (!release) return { ok: false, reason: 'busy', message: MSG.otpBusy, retryAfter: 1 };
  try {
    const wait = await otpFailures.take(key);
    if (wait) {
      if (isTotpForm(code))
        return { ok: false, reason: 'locked', message: otpLockedMessage(wait), retryAfter: wait };
      // Locked: only a recovery code is checked, and a wrong one is not counted (the lockout is on).
      const spent = await spendCode(account.id, code, { totp: false });
      return spent ? { ok: true, kind: spent } : { ok: false, reason: 'wrong' };
    }
    const spent = await spendCode(account.id, code);
    if (spent) {
      await otpFailures.refund(key);
      return { ok: true, kind: spent };
    }
    const lockedMs = await otpFailures.failed(key);
    if (lockedMs) await locked(c, account, lockedMs);
    return { ok: false, reason: 'wrong' };
  } finally {
    await release();
  }
}

async function locked(c: ApiContext, account: { id: number; label: string }, ms: number): Promise<void> {
  const minutes = waitMinutes(ms);
  logger.warn({ userId: account.id, minutes }, 'two-factor code step locked: too many wrong codes');
  auditEvent(c, AUDIT_EVENTS.otpLocked, {
    ids: [account.id],
    label: `${account.label} · 暂停 ${minutes} 分钟`,
  });
  try {
    await noteOtpLocked(account.id, minutes);
  } catch (err) {
    // The lockout holds whether or not the owner could be told.
    logger.error({ err, userId: account.id }, 'two-factor lockout: telling the owner failed');
  }
}
