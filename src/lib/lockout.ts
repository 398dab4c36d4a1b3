/**
 * How long a lockout lasts (the two-factor code step of an account, the password of an article): the
 * first for `baseMs`, each further one twice as long as the one before, never longer than `capMs`.
 * `level` is the lockout's number among those not yet forgotten (1 for the first).
 */
export function lockoutMs(level: number, baseMs: number, capMs: number): number {
  if (level <= 1) return Math.min(baseMs, capMs);
  // 2 ** 40 is far past any cap: the exponent stays small so the product stays a finite number.
  return Math.min(capMs, baseMs * 2 ** Math.min(level - 1, 40));
}

/** The lockouts' lengths, level by level, up to the first that reaches the cap (the cap then repeats). */
export function lockoutSteps(baseMs: number, capMs: number): number[] {
  const steps: number[] = [];
  for (let level = 1; ; level++) {
    const ms = lockoutMs(level, baseMs, capMs);
    steps.push(ms);
    if (ms >= capMs || steps.length >= 40) return steps;
  }
}

/** A wait in whole minutes for a message (至少 1 分钟). */
export const waitMinutes = (ms: number): number => Math.max(1, Math.ceil(ms / 60_000));
