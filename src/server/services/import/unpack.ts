import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import * as yauzl from 'yauzl';
import { config } from '../../config.ts';
import { asDiskFull, isDiskFull } from '../../core/disk-full.ts';
import { MSG } from '../../core/messages.ts';
import { UnpackRefused } from './refused.ts';

/**
 * An import's archive unpacked (docs/security.md#import-archives): a zip of Markdown (markdown.ts) or the
 * site's .tar.gz (archive/import.ts), into a folder of its own under DATA_DIR/imports/ (the data
 * disk, whose full disk is answered 507 like any other write, decision 0014), at most
 * IMPORT_MAX_UNPACKED_MB and MAX_ENTRIES files. The bytes counted are those actually inflated, not
 * what the archive says of itself: a zip's central directory is read first (its sizes refuse an
 * honest bomb before anything is written), and a size it lies about stops at the limit all the same.
 * Nothing is inflated in memory beyond a stream's buffers.
 */

/** The most files an archive may hold (a blog's posts and pictures; node_modules and the like skipped). */
export const MAX_ENTRIES = 20_000;

const MB = 1024 * 1024;

const tooLarge = (name: string) =>
  new UnpackRefused(`${name}：压缩包解压后超过 ${config.importMaxUnpackedMb} MB，已拒绝导入`);
const tooMany = (name: string) =>
  new UnpackRefused(`${name}：压缩包里的文件超过 ${MAX_ENTRIES.toLocaleString('en')} 个，已拒绝导入`);

/** A new empty folder under DATA_DIR/imports for one archive's files; whoever asked removes it. */
export async function unpackFolder(): Promise<string> {
  const root = path.join(config.dataDir, 'imports');
  try {
    await mkdir(root, { recursive: true });
    return await mkdtemp(path.join(root, 'unpack-'));
  } catch (err) {
    throw asDiskFull(err, MSG.diskFullImport);
  }
}

/** What an archive has unpacked so far, refused past the limits. */
class Budget {
  private bytes = 0;
  private entries = 0;
  private readonly maxBytes = config.importMaxUnpackedMb * MB;
  private readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  entry(): void {
    if (++this.entries > MAX_ENTRIES) throw tooMany(this.name);
  }
  add(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) throw tooLarge(this.name);
  }
  /** A stream counting what passes through it. */
  counter(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        try {
          this.add(chunk.length);
          done(null, chunk);
        } catch (err) {
          done(err as Error);
        }
      },
    });
  }
}

/** Why the file system refused a file, in words (never its path). */
const FS_REASON: Record<string, string> = {
  ENAMETOOLONG: '文件名太长',
  // A folder wanted where a file of that name is (mkdir's EEXIST, a path through it: ENOTDIR)…
  ENOTDIR: '与同名的文件冲突',
  EEXIST: '与同名的文件冲突',
  // …and a file where a folder is.
  EISDIR: '与同名的文件夹冲突',
  EACCES: '没有写入权限',
  EPERM: '没有写入权限',
};

const shortName = (entry: string) => (entry.length > 100 ? `${entry.slice(0, 97)}…` : entry);

/** An error's words without the server's folders: a file system's by its code, any other's message. */
function reasonOf(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.syscall) return FS_REASON[e.code ?? ''] ?? e.code ?? '读写失败';
  return err instanceof Error ? err.message : String(err);
}

/**
 * An error met writing `entry`, as it may be told: a refusal and a full disk as they are, a file
 * system's error by its code (its message names the server's folders), a damaged stream by its message.
 */
function writeError(err: unknown, name: string, entry: string): unknown {
  if (err instanceof UnpackRefused) return err;
  if (isDiskFull(err)) return asDiskFull(err, MSG.diskFullImport);
  return new Error(`${name}：无法解开其中的 ${shortName(entry)}（${reasonOf(err)}）`);
}

/** Where `entry` goes in `dir`; refused when its name would lead outside. */
function inside(dir: string, entry: string, name: string): string {
  const target = path.resolve(dir, entry);
  if (!target.startsWith(dir + path.sep)) throw new Error(`${name}：文件名不安全：${shortName(entry)}`);
  return target;
}

/** `source` into the file `target` (its folders made), through `counter` when given; `signal` abandons it. */
async function writeFrom(
  source: Readable,
  target: string,
  { counter, signal }: { counter?: Transform; signal?: AbortSignal } = {},
): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  // The same name twice: the later one wins, as it did when the whole zip was read at once.
  if (counter) await pipeline(source, counter, createWriteStream(target), { signal });
  else await pipeline(source, createWriteStream(target), { signal });
}

/** yauzl's refusals of a name that would lead outside the folder. */
const UNSAFE_NAME = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/s;

function notAZip(name: string, err: unknown): Error {
  const message = err instanceof Error ? err.message : String(err);
  const unsafe = UNSAFE_NAME.exec(message);
  if (unsafe) return new Error(`${name}：文件名不安全：${shortName(unsafe[1])}`);
  return new Error(`${name}：不是有效的 zip 文件（${message}）`);
}

/**
 * Unpacks the zip `file` (shown as `name`) into `dir`: every file but folders and those `skip` says
 * (a blog's node_modules, .git…: neither unpacked nor counted).
 */
export async function unzipTo(
  file: string,
  dir: string,
  name: string,
  skip: (entry: string) => boolean = () => false,
): Promise<void> {
  const budget = new Budget(name);
  const zip = await yauzl
    .openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: false,
      strictFileNames: false,
    })
    .catch((err: unknown) => {
      throw notAZip(name, err);
    });
  try {
    // The central directory first: what it says the files are refuses an honest bomb at once.
    const wanted: yauzl.Entry[] = [];
    const declared = new Budget(name);
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName.endsWith('/') || skip(entry.fileName)) continue;
        declared.entry();
        declared.add(entry.uncompressedSize);
        wanted.push(entry);
      }
    } catch (err) {
      throw err instanceof UnpackRefused ? err : notAZip(name, err);
    }
    for (const entry of wanted) {
      const target = inside(dir, entry.fileName, name);
      try {
        // Counted as inflated: sizes the directory lied about stop at the limit too.
        await writeFrom(await zip.openReadStreamPromise(entry), target, { counter: budget.counter() });
      } catch (err) {
        throw writeError(err, name, entry.fileName);
      }
    }
  } finally {
    zip.close();
  }
}

/** The entry types a file is written for; links, devices and the like are skipped. */
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Unpacks the .tar.gz `file` (shown as `name`) into `dir`, regular files only (the site's archive holds
 * nothing else). It returns, or throws, only once every file it began is written or abandoned: the
 * folder can then be removed whole.
 */
export async function untarTo(file: string, dir: string, name: string): Promise<void> {
  const budget = new Budget(name);
  const stop = new AbortController();
  let failure: unknown;
  const fail = (err: unknown) => {
    if (failure) return;
    failure = err;
    stop.abort(err);
  };
  const writes = new Set<Promise<void>>();
  const write = async (entry: ReadEntry) => {
    if (failure) return;
    budget.entry();
    if (!FILE_TYPES.has(entry.type)) return;
    const target = inside(dir, entry.path, name);
    // Its bytes were counted as the gzip inflated them; a failure elsewhere abandons it (the parser
    // is fed no more, so it would wait for the rest of its data forever).
    await writeFrom(entry as unknown as Readable, target, { signal: stop.signal }).catch((err) => {
      throw writeError(err, name, entry.path);
    });
  };
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      const done = write(entry)
        .catch(fail)
        // A skipped (or abandoned) entry is read past: the parser goes on to the next.
        .finally(() => entry.resume());
      writes.add(done);
    },
  });
  parser.on('error', (err: Error) => fail(new Error(`${name}：无法解开归档（${err.message}）`)));
  const ended = once(parser, 'end', { signal: stop.signal });
  ended.catch(() => {}); // awaited below; a failure before that is the failure's
  try {
    await pipeline(createReadStream(file), createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        // Counted before the parser sees it: what the gzip inflates to, headers and all.
        budget.add(chunk.length);
        if (failure) throw failure;
        if (!parser.write(chunk)) await once(parser, 'drain', { signal: stop.signal });
      }
      parser.end();
      await ended;
    });
  } catch (err) {
    fail(err instanceof UnpackRefused ? err : new Error(`${name}：无法解开归档（${reasonOf(err)}）`));
  }
  // Every file begun is finished or abandoned before the caller removes the folder.
  while (writes.size) {
    const now = [...writes];
    await Promise.allSettled(now);
    for (const w of now) writes.delete(w);
  }
  if (failure) throw failure;
}
