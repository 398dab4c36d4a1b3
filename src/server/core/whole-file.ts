import { randomBytes } from 'node:crypto';
import { link, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files written whole or not at all (docs/decisions/0014-whole-files-and-full-disk.md). Written straight to
 * their name, a file cut short by a full disk (or a crash) stays behind as a 0-byte or partial file that is
 * served, listed and backed up as if it were good. So it is written under a partial name beside the target
 * (same folder, same filesystem), flushed, and only then given its name; any failure removes the partial
 * file.
 */

const PARTIAL = '.partial-';

/**
 * Whether a file is one being written (or left by a crash): a hidden name no upload route serves and
 * the music scan skips.
 */
export const isPartialFile = (file: string) => path.basename(file).startsWith(PARTIAL);

/** Where a file that may be replaced cannot be linked (no hard links there): give up the no-replace. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Writes `target` whole or not at all: `write` fills the partial file whose path it is given, then it
 * takes the target's name. An existing target is never replaced (EEXIST, as the 'wx' flag) unless
 * `replace`. Throws what failed, with nothing left behind.
 */
export async function placeWhole(
  target: string,
  write: (partial: string) => Promise<void> | void,
  opts: { replace?: boolean } = {},
): Promise<void> {
  const partial = path.join(path.dirname(target), `${PARTIAL}${randomBytes(8).toString('hex')}`);
  try {
    await write(partial);
    if (opts.replace) await rename(partial, target);
    else {
      // A hard link takes the name only if it is free (rename would replace a file made meanwhile).
      await link(partial, target).catch((err: NodeJS.ErrnoException) => {
        if (!NO_LINKS.has(err.code ?? '')) throw err;
        return rename(partial, target);
      });
    }
  } catch (err) {
    await rm(partial, { force: true }).catch(() => {});
    throw err;
  }
  // After a link the partial name is a second name of the finished file; removing it needs no space.
  await rm(partial, { force: true }).catch(() => {});
}

/**
 * Writes `bytes` to `target` whole or not at all (placeWhole), flushed to the disk before it takes the
 * name: some filesystems (NFS, quotas) report a full disk only when the data is flushed.
 */
export const writeWhole = (target: string, bytes: Uint8Array | string, opts: { replace?: boolean } = {}) =>
  placeWhole(
    target,
    async (partial) => {
      const file = await open(partial, 'wx');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
    },
    opts,
  );

/** Flushes a file another writer made (SQLite's VACUUM INTO) to the disk, for placeWhole's `write`. */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
