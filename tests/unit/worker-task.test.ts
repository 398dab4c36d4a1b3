import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { workerTask } from '../../src/server/core/worker-task.ts';

/** A worker that answers its workerData doubled, as the demo music worker answers its count. */
const DOUBLER = new URL(
  `data:text/javascript,${encodeURIComponent(
    "import { parentPort, workerData } from 'node:worker_threads'; parentPort.postMessage(workerData * 2);",
  )}`,
);

describe('a worker that answers once', () => {
  it('resolves with its answer', async () => {
    const ended = (code: number) => new Error(`ended ${code}`);
    await expect(workerTask<number>(DOUBLER, 21, { ended })).resolves.toBe(42);
  });

  it('rejects when stopped before it was even online (it ends with code 0 and no answer)', async () => {
    let worker: Worker | undefined;
    const codes: number[] = [];
    const task = workerTask<number>(DOUBLER, 21, {
      started: (w) => {
        worker = w;
      },
      ended: (code) => {
        codes.push(code);
        return new Error('stopped');
      },
    });
    // At once, in the turn that made it: the server's close can come this early (a start just begun).
    await worker?.terminate();
    await expect(task).rejects.toThrow('stopped');
    expect(codes).toHaveLength(1);
  });

  it('rejects with the error of a worker that throws', async () => {
    const thrower = new URL(`data:text/javascript,${encodeURIComponent("throw new Error('坏了');")}`);
    await expect(workerTask(thrower, null, { ended: () => new Error('ended') })).rejects.toThrow('坏了');
  });
});
