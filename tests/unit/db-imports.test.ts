import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const DB_DIR = path.join(SRC, 'server/db');
/** What the database layer may use: itself, the pure code of src/lib, and the checked config. */
const ALLOWED = [DB_DIR + path.sep, path.join(SRC, 'lib') + path.sep, path.join(SRC, 'server/config.ts')];

describe('src/server/db', () => {
  // The direction is services → db: the database layer knows nothing above it (the bootstrap that
  // migrates, creates the admin and seeds lives in src/server/boot/).
  it('imports nothing from services, the seed, the bootstrap or any other server part', () => {
    const files = readdirSync(DB_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(path.join(DB_DIR, file), 'utf8');
      for (const m of text.matchAll(/\bfrom\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'/g)) {
        const spec = m[1] ?? m[2];
        const target = path.resolve(path.dirname(path.join(DB_DIR, file)), spec);
        expect(
          ALLOWED.some((a) => target === a || target.startsWith(a)),
          `${file} imports ${spec}`,
        ).toBe(true);
      }
    }
  });
});
