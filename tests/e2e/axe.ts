import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations of the page (or of the part matching `include`), one line each
 * with the elements it found, so a failing test says where to look.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
