import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, expect, it } from 'vitest';

/**
 * Processes starting at once on one MUSIC_DIR (a cluster's shared volume) may all write the
 * demo library; each writes its own hidden folder and moves whole folders in, so all succeed and the
 * library is whole. (Worker threads here, the way the server writes it.)
 */

const dir = mkdtempSync(path.join(tmpdir(), 'blog-demo-music-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WORKER = path.resolve(import.meta.dirname, '../../src/server/services/music/demo-worker.ts');

function write(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: dir });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

it('three writers at once all succeed and leave one whole demo library, nothing half-written', async () => {
  expect(await Promise.all([write(), write(), write()])).toEqual([6, 6, 6]);
  const entries = readdirSync(dir);
  expect(entries.filter((e) => e.startsWith('.'))).toEqual([]);
  const wavs = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.wav'));
  expect(wavs.length).toBe(6);
}, 60_000);
