/** Text for XML (feeds, sitemaps): the five special characters escaped, control characters dropped. */
export function xmlEscape(text: string): string {
  // Characters XML 1.0 does not allow (C0 controls other than tab, newline and carriage return).
  const allowed = [...text].filter((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return code >= 0x20 || code === 0x9 || code === 0xa || code === 0xd;
  });
  return allowed
    .join('')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
    );
}
