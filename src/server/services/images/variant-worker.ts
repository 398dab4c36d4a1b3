import os from 'node:os';
import type { VariantJob, VariantReply } from './variant-process.ts';

/**
 * The picture process (variant-process.ts says why): makes the variants of one upload at a time and
 * answers what variants.ts made, or why it could not.
 *
 * Lowered before sharp loads: Linux keeps a niceness per thread and a new thread takes its creator's,
 * so the libuv and libvips threads started later (where the pictures are decoded and encoded) are
 * niced too. The parent lowers it as soon as it has the pid as well; whichever comes first counts.
 */
const NICE = Number(process.argv[2] ?? 19);
try {
  os.setPriority(NICE);
} catch {
  // Not allowed here (some containers): the work still runs, at the server's priority.
}
const sharp = (await import('sharp')).default;
const { makeVariants } = await import('./variants.ts');
// One libvips thread and no operation cache, as in the server (process.ts): a picture at a time.
sharp.concurrency(1);
sharp.cache(false);

const send = (reply: VariantReply) => process.send?.(reply);

async function onJob(job: VariantJob) {
  try {
    send({ id: job.id, made: await makeVariants(job.uploadsDir, job.url) });
  } catch (err) {
    send({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
}

process.on('message', (job: VariantJob) => void onJob(job));
// The server is gone (or ended us): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
send({ ready: true });
