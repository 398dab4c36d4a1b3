import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { logger } from '../../core/log.ts';
import { throughGate } from './process.ts';
import { type Made, makeVariants } from './variants.ts';

/**
 * Where the variants are made (docs/decisions/0017-image-variants.md): in a child process of the
 * server, at the lowest priority (nice 19), one picture at a time. The cores are the readers' first:
 * a picture's work, in the server's own process, takes libuv's and libvips's threads at the same
 * priority as the requests, and on two cores a burst of camera photos doubled the pages' p95. A
 * niced process gets the CPU only when the requests leave some; the work is the same, it just waits.
 *
 * The process starts with the first picture (sharp and libvips are not loaded in it before), ends
 * after WORKER_IDLE_MS without one, and is started again for the next. One that dies (sharp crashing
 * on a picture, the kernel ending it for memory) fails the picture under way, which the queue tries
 * again or fails as it does any error (queue.ts); the next picture gets a fresh process. The server's
 * close ends it (startImageQueue registers the stop).
 */

/** The niceness of the picture process: the lowest priority Linux and macOS give. */
export const WORKER_NICE = 19;
/** A burst of uploads shares one process; the next one after a quiet while loads sharp again (≈ 0.2 s). */
export const WORKER_IDLE_MS = 30_000;
/**
 * A picture taking longer than this is given up and its process ended (a decoder stuck in a loop
 * would otherwise hold the queue for good): within the queue's lease (5 min), far above the 2–10 s a
 * camera photo takes at nice 19 on a busy machine.
 */
export const JOB_BUDGET_MS = 4 * 60_000;

/** What the server asks of the picture process: the variants of `url` in `uploadsDir`. */
export type VariantJob = { id: number; uploadsDir: string; url: string };
/** What it answers: ready once loaded, then each job's variants or its error. */
export type VariantReply = { ready?: true; id?: number; made?: Made; error?: string };

/**
 * How the variants are made: `child` is the product; the others are there for the bench that chose
 * it (bench/images-readers.ts), which sets them with setVariantWork.
 */
export type VariantWork = 'child' | 'child-unniced' | 'inline';
let work: VariantWork = 'child';

/** Bench only: makes the variants another way, to measure what the picture process changes. */
export function setVariantWork(way: VariantWork): void {
  work = way;
}

type Pending = {
  job: VariantJob;
  resolve: (made: Made) => void;
  reject: (err: Error) => void;
  deadline?: NodeJS.Timeout;
};
type Port = {
  send: (job: VariantJob) => void;
  end: () => Promise<void>;
  kill: () => void;
  /** Whether the event loop waits for it (only while a picture is asked: the CLI must not exit then). */
  hold: (on: boolean) => void;
  pid?: number;
};

let port: Port | undefined;
let ready = false;
let current: Pending | undefined;
const waiting: Pending[] = [];
let idle: NodeJS.Timeout | undefined;
let nextId = 1;

/** The pid of the picture process alive now (tests), or undefined. */
export const variantWorkerPid = (): number | undefined => port?.pid;

/** Whether the picture process is working on a picture now (tests end it mid-picture). */
export const variantWorkerBusy = (): boolean => Boolean(current);

function open(): Port {
  const url = new URL('./variant-worker.ts', import.meta.url);
  const nice = work === 'child-unniced' ? 0 : WORKER_NICE;
  let opened: Port;
  const onMessage = (msg: VariantReply) => {
    if (port !== opened) return;
    if (msg.ready) ready = true;
    else if (current && msg.id === current.job.id) {
      const done = current;
      current = undefined;
      clearTimeout(done.deadline);
      if (msg.made) done.resolve(msg.made);
      else done.reject(new Error(msg.error ?? 'picture failed'));
    }
    dispatch();
  };
  const onLost = (err: Error) => lost(opened, err);
  // No flags of the parent's (a test runner's, a profiler's): Node runs the .ts module as it is.
  const child: ChildProcess = fork(url, [String(nice)], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    if (child.pid && nice) os.setPriority(child.pid, nice);
  } catch {
    // The child lowers itself too (variant-worker.ts).
  }
  child.unref();
  child.channel?.unref();
  child.on('message', onMessage);
  child.on('error', onLost);
  child.on('exit', (code, signal) => onLost(new Error(`picture process exited (${signal ?? code})`)));
  opened = {
    pid: child.pid,
    send: (job) => child.send(job),
    end: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 2_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        // Its disconnect handler exits; a process stuck in a picture is ended by the timer.
        if (child.connected) child.disconnect();
        else child.kill('SIGTERM');
      }),
    kill: () => void child.kill('SIGKILL'),
    hold: (on) => (on ? child.channel?.ref() : child.channel?.unref()),
  };
  return opened;
}

function lost(gone: Port, err: Error): void {
  if (port !== gone) return; // already replaced or ended
  const started = ready;
  port = undefined;
  ready = false;
  clearTimeout(idle);
  const job = current;
  current = undefined;
  if (job) {
    clearTimeout(job.deadline);
    logger.warn({ err: err.message, url: job.job.url }, 'picture process died in a picture');
    job.reject(err);
  } else if (!started) {
    // One that cannot even start is a broken install, not a picture: fail what waits, start no other.
    logger.error({ err: err.message }, 'picture process failed to start');
    for (const w of waiting.splice(0)) w.reject(err);
  }
  dispatch();
}

function dispatch(): void {
  clearTimeout(idle);
  idle = undefined;
  if (!current && waiting.length) {
    if (!port) {
      port = open();
      ready = false;
    } else if (ready) {
      const next = waiting.shift() as Pending;
      current = next;
      const running = port;
      next.deadline = setTimeout(() => {
        logger.warn({ url: next.job.url, budgetMs: JOB_BUDGET_MS }, 'picture over its budget: process ended');
        running.kill();
      }, JOB_BUDGET_MS);
      next.deadline.unref();
      running.send(next.job);
    }
  }
  const busy = Boolean(current || waiting.length);
  port?.hold(busy);
  if (port && !busy) {
    idle = setTimeout(() => void stopVariantWorker(), WORKER_IDLE_MS);
    idle.unref();
  }
}

/** The variants of the upload `url` (its original in `uploadsDir`), made in the picture process. */
export function makeVariantsAway(uploadsDir: string, url: string): Promise<Made> {
  if (work === 'inline') return makeVariants(uploadsDir, url, throughGate);
  return new Promise<Made>((resolve, reject) => {
    waiting.push({ job: { id: nextId++, uploadsDir, url }, resolve, reject });
    dispatch();
  });
}

/** Ends the picture process (the site's close, after the queue's last picture); pictures still asked fail. */
export async function stopVariantWorker(): Promise<void> {
  const gone = port;
  port = undefined;
  ready = false;
  clearTimeout(idle);
  idle = undefined;
  const left = [...(current ? [current] : []), ...waiting.splice(0)];
  current = undefined;
  for (const p of left) {
    clearTimeout(p.deadline);
    p.reject(new Error('the picture process was stopped'));
  }
  await gone?.end();
}
