/**
 * SQLite runs a read whose LIMIT is a bound parameter several times slower than the same read with the
 * number written in (an article page's previous/next seeks: 79 µs against 13 µs; its comments' first
 * page 41 µs against 5 µs; docs/performance.md#cheap-misses), and Kysely binds every LIMIT. The SQLite
 * adapter (connection.ts) therefore writes a whole-number LIMIT into the statement it runs: a few more
 * distinct statements in its cache (one per page size), each much cheaper. Other parameters, OFFSET
 * included, stay bound.
 */

/** A statement cut at each of its parameters, and which of those (by index) are a LIMIT's. */
export type LimitSlots = { pieces: string[]; limits: Set<number> };

/**
 * The statement cut at each `?` (outside quoted names and strings), and which of those are a LIMIT's;
 * undefined when none is.
 */
export function limitSlots(sql: string): LimitSlots | undefined {
  const pieces: string[] = [];
  const limits = new Set<number>();
  let start = 0;
  let quote = '';
  let count = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '?') {
      const piece = sql.slice(start, i);
      if (/\blimit\s+$/i.test(piece)) limits.add(count);
      pieces.push(piece);
      start = i + 1;
      count++;
    }
  }
  if (limits.size === 0) return undefined;
  pieces.push(sql.slice(start));
  return { pieces, limits };
}

/** The statement with each LIMIT that is a whole number written in, and the parameters left to bind. */
export function inlineLimits(
  slots: LimitSlots,
  params: ReadonlyArray<unknown>,
): { sql: string; params: unknown[] } {
  let sql = slots.pieces[0];
  const rest: unknown[] = [];
  for (let i = 0; i < slots.pieces.length - 1; i++) {
    const value = params[i];
    const written = slots.limits.has(i) && Number.isSafeInteger(value) && (value as number) >= 0;
    if (written) sql += String(value);
    else {
      sql += '?';
      rest.push(value);
    }
    sql += slots.pieces[i + 1];
  }
  return { sql, params: rest };
}
