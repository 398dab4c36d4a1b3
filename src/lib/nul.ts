/**
 * NUL characters in input. SQLite's FTS5 reads a NUL in a query as the end of the string
 * ("unterminated string", a 500) and PostgreSQL refuses NUL in any text, so every text input that
 * holds one is refused with this message before it reaches a service.
 */
export const NUL_MESSAGE = '内容包含非法字符';

/** True when a string, or any key or string inside arrays and objects (parsed JSON), holds a NUL. */
export function hasNul(value: unknown): boolean {
  // A loop, not recursion (deep nesting), and no spread (a 2 MB body may hold a million items).
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item) stack.push(inner);
    } else if (typeof item === 'object' && item !== null)
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        stack.push(inner);
      }
  }
  return false;
}

/** True when a URL (path or query) carries an encoded NUL: `%00`, the only way one can be sent. */
export const urlHasNul = (url: string): boolean => /%00/.test(url);
