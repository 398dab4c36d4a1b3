/**
 * `BENCH_BASE=<git ref>`: the commit the parts that opt in (bench/run.ts) are measured at too, in the
 * same run and on the same machine, so a figure of this tree sits beside the previous main's rather
 * than beside one taken on another day under another load. The commit is checked out beside this
 * one (`git worktree add --detach`), given node_modules and built like this tree; each part then
 * starts its server from there once and from here once.
 *
 * The checkout goes to `bench/.base-<sha>/` (git-ignored) and is removed at the end; with
 * `BENCH_BASE_KEEP=1` it stays, built, for the next run at the same commit. It is inside this checkout
 * because the build needs it there: Astro resolves the symlinked node_modules' components against the
 * project root, and from a folder outside this tree (a temporary one) the build fails ("No cached
 * compile metadata found for …/node_modules/astro/components/ClientRouter.astro").
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ROOT } from './lib.ts';

export type Base = {
  /** The checkout's folder: what a part's run(root) starts the server from. */
  root: string;
  sha: string;
  short: string;
  /** The column's title in the saved table. */
  label: string;
  /** Removes the checkout, unless it is kept for reuse. */
  remove: () => void;
};

const git = (args: string[], cwd = ROOT) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/** The commit at the checkout `root`, or undefined when it is none. */
function headOf(root: string): string | undefined {
  try {
    return git(['rev-parse', 'HEAD'], root);
  } catch {
    return undefined;
  }
}

/**
 * The base's node_modules: this tree's (a symlink) when both lock files are the same, which is the
 * usual case and costs nothing; otherwise its own, installed from its lock file.
 */
function nodeModules(root: string): void {
  const target = path.join(root, 'node_modules');
  const lock = (dir: string) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (lock(root) === lock(ROOT)) {
    if (!existsSync(target)) symlinkSync(path.join(ROOT, 'node_modules'), target);
    return;
  }
  // A symlink left by a run whose lock matched cannot serve a different lock.
  if (existsSync(target) && lstatSync(target).isSymbolicLink()) rmSync(target);
  if (existsSync(target)) return;
  console.log(`  the base's package-lock.json differs from this tree's: npm ci in ${root}`);
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm ci in ${root} failed (exit ${r.status})`);
}

/** Checks out and builds `ref` (a commit, branch or tag) beside this tree. */
export async function prepareBase(ref: string): Promise<Base> {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const short = git(['rev-parse', '--short', sha]);
  const keep = process.env.BENCH_BASE_KEEP === '1';
  const root = path.join(ROOT, 'bench', `.base-${short}`);
  if (headOf(root) !== sha) {
    // A kept folder deleted by hand (or by a crash) is still listed by git until pruned.
    git(['worktree', 'prune']);
    if (existsSync(root)) git(['worktree', 'remove', '--force', root]);
    console.log(`  checking out ${ref} (${short}) in ${root}`);
    git(['worktree', 'add', '--detach', root, sha]);
  } else console.log(`  reusing ${root} (${short})`);
  const remove = () => {
    if (keep) return;
    git(['worktree', 'remove', '--force', root]);
  };
  try {
    nodeModules(root);
    await ensureBuilt(root);
  } catch (err) {
    remove();
    throw err;
  }
  return { root, sha, short, label: `previous main (${short})`, remove };
}
