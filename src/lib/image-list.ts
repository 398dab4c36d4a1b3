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
