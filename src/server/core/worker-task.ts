import { Worker } from 'node:worker_threads';

/**
 * Runs a worker that answers once (posts one message, then ends): resolves with that message, and
 * rejects when it fails or ends without answering. A worker terminated before it was online ends with
 * code 0 and no message, so "exited with a non-zero code" is not enough to know it will never answer:
 * every end without an answer rejects (`ended` says which error), else its caller waits forever.
 */
export function workerTask<T>(
  url: URL,
  workerData: unknown,
  hooks: { started?: (worker: Worker) => void; ended: (code: number) => Error },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(url, { workerData });
    hooks.started?.(worker);
    // A message posted before the end is delivered before 'exit': after it, the reject is a no-op.
    worker.once('message', (answer: T) => resolve(answer));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(hooks.ended(code)));
  });
}
