import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { importFileName } from '../../../lib/import-file-name.ts';
import { config } from '../../config.ts';
import { asDiskFull } from '../../core/disk-full.ts';
import { invalid } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';

/**
 * The console's imports (/admin/import): a file sent for a dry run waits here, in DATA_DIR/imports/<token>/,
 * until the owner runs it — on disk, so any process of the site can run it — and at most a day.
 */

const KEEP_MS = 24 * 3600_000;
const TOKEN = /^[a-f0-9]{32}$/;

const root = () => path.join(config.dataDir, 'imports');

type Staged = { source: string };

/** Files older than a day go (an import prepared and never run). */
async function sweep(): Promise<void> {
  for (const name of await readdir(root()).catch(() => [] as string[])) {
    const info = await stat(path.join(root(), name)).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > KEEP_MS)
      await rm(path.join(root(), name), { recursive: true, force: true });
  }
}

/** The name an uploaded file is kept under: its last part, nothing leading elsewhere (lib/import-file-name.ts). */
function keptName(sent: string): string {
  const named = importFileName(sent);
  if ('error' in named) throw invalid(named.error);
  return named.name;
}

/** Keeps an uploaded file (or a mysql:// address) for a later run; returns its token and where it is. */
export async function stage(
  input: { name: string; bytes: Uint8Array } | { url: string },
): Promise<{ token: string; source: string }> {
  // A name no file can have (`..`, `.`, nothing, too long) is refused before anything is kept.
  const name = 'url' in input ? '' : keptName(input.name);
  await sweep();
  const token = randomBytes(16).toString('hex');
  const dir = path.join(root(), token);
  try {
    await mkdir(dir, { recursive: true });
    let source: string;
    if ('url' in input) source = input.url;
    else {
      source = path.join(dir, name);
      await writeFile(source, input.bytes);
    }
    await writeFile(path.join(dir, 'staged.json'), JSON.stringify({ source } satisfies Staged));
    return { token, source };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw asDiskFull(err, MSG.diskFullUpload);
  }
}

/** What a token stands for; refused when unknown or expired. */
export async function staged(token: string): Promise<string> {
  if (!TOKEN.test(token)) throw invalid('导入编号无效，请重新上传');
  const text = await readFile(path.join(root(), token, 'staged.json'), 'utf8').catch(() => undefined);
  if (!text) throw invalid('导入已过期或不存在，请重新上传');
  return (JSON.parse(text) as Staged).source;
}

export async function unstage(token: string): Promise<void> {
  if (TOKEN.test(token)) await rm(path.join(root(), token), { recursive: true, force: true });
}
