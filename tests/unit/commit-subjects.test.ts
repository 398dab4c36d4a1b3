import { describe, expect, it } from 'vitest';
import { MAX_SUBJECT, subjectProblem } from '../../scripts/check-commits.ts';

describe('commit subjects', () => {
  it('accepts a subject of at most 72 characters, counted as characters, with any body', () => {
    expect(
      subjectProblem('Footer: 运行时间, RSS link\n\nThe detail, as long as it likes. '.repeat(3)),
    ).toBeNull();
    expect(subjectProblem('汉'.repeat(MAX_SUBJECT))).toBeNull();
  });
  it('refuses a longer or an empty subject', () => {
    expect(subjectProblem(`${'a'.repeat(MAX_SUBJECT + 1)}\n\nbody`)).toMatch(/73 characters/);
    expect(subjectProblem('\nbody only')).toMatch(/empty/);
  });
});
