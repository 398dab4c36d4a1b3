import { parentPort, workerData } from 'node:worker_threads';
import { writeDemoLibrary } from './demo.ts';

// Synthesizing the demo songs takes a CPU-second: done here so the server keeps answering.
parentPort?.postMessage(writeDemoLibrary(workerData as string));
