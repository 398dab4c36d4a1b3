/**
 * Rules of a list of images a form holds in order (a talk's nine pictures): moving one, and which files
 * of a drop or a paste are taken.
 */

/** `list` with the item at `from` moved to index `to` (clamped to the list); the same list if neither moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/**
 * Where a handle's key moves the item at `i` of `n` (arrows one place, Home and End to the ends), or
 * undefined for a key that does not move it: the keyboard's way of ordering a list that is dragged.
 */
export function movedBy(key: string, i: number, n: number): number | undefined {
  const to: Record<string, number> = {
    ArrowLeft: i - 1,
    ArrowUp: i - 1,
    ArrowRight: i + 1,
    ArrowDown: i + 1,
    Home: 0,
    End: n - 1,
  };
  return Object.hasOwn(to, key) ? to[key] : undefined;
}

/** The files of a drop or a paste that are images, in their order (other files and text are left). */
export function imageFiles(files: ArrayLike<File> | null | undefined): File[] {
  return Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));
}

/**
 * Of `files`, those that fit beside `have` images under `max`, and how many were left out.
 */
export function fitting<T>(files: readonly T[], have: number, max: number): { taken: T[]; left: number } {
  const room = Math.max(0, max - have);
  return { taken: files.slice(0, room), left: Math.max(0, files.length - room) };
}
