import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Runs axe for WCAG 2 A and AA and fails on any serious or critical violation, listing what to fix. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // The e2e server has no map tiles (MAP_TILE_URL is empty) and axe reports nothing inside the Leaflet
  // map, so every part of the page is checked; exclude only `.leaflet-tile-pane` if tiles ever add noise.
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = blocking
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`,
        ...violation.nodes.map((node) => `  ${node.target.join(' ')}`),
      ].join('\n'),
    )
    .join('\n');
  expect(
    blocking.map((violation) => violation.id),
    report,
  ).toEqual([]);
}
