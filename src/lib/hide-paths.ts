/**
 * What an answer may say about a file on the server: its name, never where it is. `text` with every
 * path under one of `roots` (the data folder, the temporary folder…) cut to the file's last name part,
 * and a root named alone removed. A root of one character (`/`) is ignored.
 */
export function hidePaths(text: string, roots: readonly string[]): string {
  const kept = [...new Set(roots.map((r) => r.replace(/[/\\]+$/, '')))].filter((r) => r.length > 1);
  // The longest first: a folder inside another is cut as itself.
  kept.sort((a, b) => b.length - a.length);
  let out = text;
  for (const root of kept) {
    const escaped = root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The path goes on up to a space, a quote, a bracket or Chinese punctuation.
    const pattern = new RegExp(`${escaped}(?:[/\\\\][^\\s'"\`<>()（）［］【】，。；：、]*|(?![\\w.-]))`, 'g');
    out = out.replace(
      pattern,
      (found) => found.slice(root.length).split(/[/\\]/).filter(Boolean).pop() ?? '',
    );
  }
  return out;
}

/** `value` (an answer: text, lists, plain objects) with hidePaths applied to every string in it. */
export function hidePathsIn<T>(value: T, roots: readonly string[]): T {
  if (typeof value === 'string') return hidePaths(value, roots) as T;
  if (Array.isArray(value)) return value.map((v) => hidePathsIn(v, roots)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hidePathsIn(v, roots)])) as T;
  return value;
}
