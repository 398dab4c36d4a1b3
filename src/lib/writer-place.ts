/**
 * What a comment or guestbook message shows of where it was written from (docs/owner-guide.md#访客与评论):
 * the IP 属地 (a province for an address in China, else the country) and the browser · system, each a
 * short text kept at write time, shown as one small line under the name.
 */

/** The suffixes a province's full name carries in the IP database (广东省, 广西壮族自治区, 香港特别行政区). */
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/**
 * The 属地 of a lookup: the province (short) inside China, `中国` when the database knows no province,
 * the country elsewhere, '' for a private, local or unknown address.
 */
export function regionName(found: { country: string; province: string } | null): string {
  if (!found) return '';
  const country = found.country.trim();
  if (country === '中国') return found.province.trim().replace(PROVINCE_SUFFIX, '') || country;
  return country;
}

/** Longest stored browser · system (a parser's odd name must not fill the card). */
export const DEVICE_MAX = 40;

/** `Chrome · Windows` from a parser's names, either may be missing; '' when both are. */
export function deviceName(browser: string | undefined, os: string | undefined): string {
  return [browser, os]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' · ')
    .slice(0, DEVICE_MAX);
}

/** The line under the name: `来自 广东 · Chrome · Windows`, or what of it is known; '' for nothing. */
export function placeLine(ipAddress: string, userAgent: string): string {
  return [ipAddress && `来自 ${ipAddress}`, userAgent].filter(Boolean).join(' · ');
}
