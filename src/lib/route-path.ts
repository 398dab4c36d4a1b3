/**
 * The path an /api or /wapi request is routed by (docs/api/README.md#conventions: paths under /api and /wapi
 * match without regard to case, and repeated slashes collapse). The original backend's Koa router ignored
 * case and its nginx merged slashes, so clients of it call `/api/Category/getCategoryDictionary` and
 * `/wapi//song/detail`. Only the static segments of the route that matches take the route's spelling: path
 * parameters (a search text, a tag name) keep theirs, so the path is never lower-cased.
 */

/** `//a///b` → `/a/b`. */
export const collapseSlashes = (path: string): string => path.replace(/\/{2,}/g, '/');

/** Which app answers a pathname: `api`, `wapi` (any case, repeated slashes allowed), or null. */
export function serviceOf(pathname: string): 'api' | 'wapi' | null {
  const m = /^\/+(w?api)(?:\/|$)/i.exec(pathname);
  return m ? (m[1].toLowerCase() as 'api' | 'wapi') : null;
}

export type RouteLike = { method: string; path: string };

/** A route pattern by segment: a static spelling, a parameter (null), or a trailing `*` (rest). */
type Pattern = { method: string; segments: (string | null)[]; lower: (string | null)[]; rest: boolean };

function compile(route: RouteLike): Pattern {
  const parts = route.path.split('/');
  const rest = parts[parts.length - 1] === '*';
  if (rest) parts.pop();
  // `:name` is a parameter; this router has no regex or optional parameters, and `*` only at the end.
  const segments = parts.map((p) => (p.startsWith(':') || p === '*' ? null : p));
  return { method: route.method, segments, lower: segments.map((s) => s?.toLowerCase() ?? null), rest };
}

/** Static segments a request path matches case-insensitively (-1 when it does not match). */
function score(p: Pattern, lower: readonly string[]): number {
  if (p.rest ? lower.length < p.segments.length : lower.length !== p.segments.length) return -1;
  let statics = 0;
  for (let i = 0; i < p.segments.length; i++) {
    const want = p.lower[i];
    if (want === null) {
      if (!lower[i]) return -1; // a parameter is never empty
    } else if (want !== lower[i]) return -1;
    else statics++;
  }
  return statics;
}

const sameMethod = (route: string, asked: string) =>
  route === 'ALL' || route === asked || (asked === 'HEAD' && route === 'GET');

/**
 * From an app's route list (Hono's `app.routes`), the function giving a request path its routed form:
 * slashes collapsed, and the static segments of the best matching route (the most static segments, the
 * first registered on a tie) in the route's spelling. A path already in the right spelling is returned
 * after one lookup per segment; one no route matches keeps its spelling (and gets the app's 404).
 */
export function routeCanon(routes: readonly RouteLike[]): (method: string, path: string) => string {
  const patterns = routes.map(compile);
  // Every static spelling by its lower case: a segment whose lower case is not here, or is here in its
  // own spelling, never needs rewriting.
  const spelling = new Map<string, string>();
  for (const p of patterns) for (const s of p.segments) if (s !== null) spelling.set(s.toLowerCase(), s);
  return (method, raw) => {
    const path = collapseSlashes(raw);
    const segments = path.split('/');
    const lower = segments.map((s) => s.toLowerCase());
    if (lower.every((l, i) => (spelling.get(l) ?? segments[i]) === segments[i])) return path;
    let best: Pattern | undefined;
    let bestScore = -1;
    for (const p of patterns) {
      if (!sameMethod(p.method, method)) continue;
      const s = score(p, lower);
      if (s > bestScore) [best, bestScore] = [p, s];
    }
    if (!best) return path;
    const chosen = best;
    return segments.map((s, i) => (i < chosen.segments.length ? (chosen.segments[i] ?? s) : s)).join('/');
  };
}
