/**
 * The body code of an API envelope as a number. The original backend sent the code as text
 * ("100"), so "100" and 100 (and "0" and 0) mean the same; anything else that is not a
 * whole number in digits (missing, "", null, true) is NaN, never mistaken for 0.
 */
export function bodyCode(body: unknown): number {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  if (typeof code === 'number') return Number.isInteger(code) ? code : Number.NaN;
  if (typeof code === 'string' && /^\s*-?\d{1,9}\s*$/.test(code)) return Number(code);
  return Number.NaN;
}

/** Code 0: the call succeeded. */
export const isOk = (body: unknown): boolean => bodyCode(body) === 0;

/** Code 100: the server's own warning, shown as 温馨提示 (docs/product.md#failed-calls). */
export const isWarning = (body: unknown): boolean => bodyCode(body) === 100;
