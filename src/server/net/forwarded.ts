/**
 * The X-Forwarded-* headers a proxy in front adds. Callers read them only behind a trusted proxy
 * (TRUST_PROXY): anyone else can write them.
 */

/** The first entry of X-Forwarded-Host or -Proto: what the client asked the first proxy for. */
export const firstForwarded = (v: string | string[] | undefined): string | undefined =>
  (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined;

/**
 * The address our proxy saw: the right-most X-Forwarded-For entry. Entries to its left come from the
 * client itself, so trusting the left-most one would let anyone pick an address per request and slip
 * past the per-address limits.
 */
export function proxiedAddress(header: string | undefined): string | undefined {
  return header?.split(',').at(-1)?.trim() || undefined;
}
