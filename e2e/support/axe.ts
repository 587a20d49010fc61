import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** axe-core in the page (evaluated through the browser protocol, so the app's CSP does not apply). */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run: (c: object, o: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    return (await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] }))
      .violations;
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
