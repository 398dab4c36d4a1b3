/**
 * `npm test -- lint` runs this: every commit since the check began has a subject of at most 72
 * characters (the detail goes in the body), so `git log --oneline`, GitHub and `git shortlog` show
 * whole subjects. Older history is left as it was: rewriting published commits would break clones.
 * `.githooks/commit-msg` runs the same rule before a commit is made (CONTRIBUTING.md says how to
 * turn it on).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MAX_SUBJECT = 72;
/** The last commit made before the rule: only what follows it is checked. */
const SINCE = 'f198416';

/** The problem with one commit message's subject (its first line), or null when it is fine. */
export function subjectProblem(message: string): string | null {
  const subject = message.split('\n', 1)[0].trimEnd();
  if (!subject.trim()) return 'the subject is empty';
  const length = [...subject].length;
  if (length > MAX_SUBJECT) return `the subject has ${length} characters (at most ${MAX_SUBJECT})`;
  return null;
}

function git(args: string[]): { ok: boolean; out: string } {
  const r = spawnSync('git', args, { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8' });
  return { ok: r.status === 0, out: r.stdout ?? '' };
}

function main(): void {
  const file = process.argv[2];
  if (file) {
    // As the commit-msg hook: the message being written.
    const problem = subjectProblem(readFileSync(file, 'utf8'));
    if (problem) {
      console.error(`✖ commit message: ${problem}; put the detail in the body after a blank line`);
      process.exit(1);
    }
    return;
  }
  // Outside a git clone (an unpacked archive) or a shallow one without the starting commit there is
  // no history to check.
  if (!git(['cat-file', '-e', `${SINCE}^{commit}`]).ok) {
    console.log('✓ commit subjects: no history to check here');
    return;
  }
  const log = git(['log', '--format=%h%x00%s', `${SINCE}..HEAD`]).out.trim();
  const problems = log
    ? log.split('\n').flatMap((line) => {
        const [hash, subject] = line.split('\0');
        const problem = subjectProblem(subject);
        return problem ? [`${hash} ${problem}: ${subject}`] : [];
      })
    : [];
  if (problems.length) {
    console.error(`✖ commit subjects (CONTRIBUTING.md):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`✓ commit subjects: every one since ${SINCE} is at most ${MAX_SUBJECT} characters`);
}

if (import.meta.filename === process.argv[1]) main();
