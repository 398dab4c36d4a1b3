/**
 * A comment export's threads (docs/owner-guide.md#导入与导出), worked out before anything is written:
 * whom each comment answers once the ones left out are passed over, the thread it belongs to, and an
 * order by time in which a parent always comes before its replies (by its clock a reply can look
 * older than what it answers: a tool's import, a server's clock).
 */

export type Node = {
  id: string;
  /** The comment it answers, as the export names it. */
  parent?: string;
  /** Milliseconds, or NaN when the export has no readable time. */
  time: number;
  /** Left out (a deleted Disqus post): its replies answer its own parent instead. */
  dropped?: boolean;
};

export type Placed = {
  id: string;
  /** The kept comment it answers, or undefined for a thread's first comment. */
  parent?: string;
  /** The thread's first comment (itself for one). */
  root: string;
  /** Its parent is not in the file: it starts a thread of its own. */
  orphan?: boolean;
  /** It is part of a loop of replies (a broken export): it cannot be placed. */
  loop?: boolean;
};

export function placeThreads(nodes: Node[]): Placed[] {
  const byId = new Map<string, Node>();
  for (const n of nodes) if (!byId.has(n.id)) byId.set(n.id, n);
  const placed = new Map<string, Placed>();

  /** Where `n` goes; `seen` holds the ids on the way up (a loop comes back to one). */
  const place = (n: Node, seen: Set<string>): Placed => {
    const known = placed.get(n.id);
    if (known) return known;
    if (seen.has(n.id)) return { id: n.id, root: n.id, loop: true };
    seen.add(n.id);
    let up = n.parent ? byId.get(n.parent) : undefined;
    const orphan = Boolean(n.parent && !up);
    let result: Placed;
    // A left-out comment is passed over: the reply answers the nearest kept one above it.
    while (up?.dropped && up.parent && !seen.has(up.id)) {
      seen.add(up.id);
      up = byId.get(up.parent);
    }
    if (up?.dropped) up = undefined;
    if (!up) result = { id: n.id, root: n.id, orphan: orphan || undefined };
    else {
      const above = place(up, seen);
      result = above.loop
        ? { id: n.id, root: n.id, loop: true }
        : { id: n.id, parent: up.id, root: above.root };
    }
    placed.set(n.id, result);
    return result;
  };

  // By time (those without one keep their place after the timed ones), then parents first.
  const index = new Map(nodes.map((n, i) => [n, i]));
  const timed = [...nodes].sort((a, b) => {
    const ta = Number.isNaN(a.time) ? Number.POSITIVE_INFINITY : a.time;
    const tb = Number.isNaN(b.time) ? Number.POSITIVE_INFINITY : b.time;
    return ta - tb || (index.get(a) ?? 0) - (index.get(b) ?? 0);
  });
  const out: Placed[] = [];
  const emitted = new Set<string>();
  const emit = (n: Node) => {
    if (emitted.has(n.id)) return;
    emitted.add(n.id);
    const p = place(n, new Set());
    const parent = p.parent ? byId.get(p.parent) : undefined;
    if (parent) emit(parent);
    out.push(p);
  };
  for (const n of timed) if (!n.dropped && byId.get(n.id) === n) emit(n);
  return out;
}
