import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { BRANDS } from '@riderdesk/domain/config';
import { describe, expect, it } from 'vitest';
import { contrastRatio, createAppTheme, cssVariablesResolver } from './theme.ts';

describe('theme colours meet WCAG AA for small text', () => {
  for (const brand of Object.values(BRANDS)) {
    it(`${brand.id}: dimmed, success and light-variant text on the surfaces they sit on`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme(brand.primaryColor));
      const light = cssVariablesResolver(theme).light as Record<string, string>;
      const { white, colors } = theme;
      const surfaces = [white, colors.gray[0], colors.gray[1], colors[theme.primaryColor]![1]];
      for (const surface of surfaces) {
        expect(contrastRatio(light['--mantine-color-dimmed']!, surface), `dimmed on ${surface}`).toBeGreaterThanOrEqual(
          4.5,
        );
        expect(
          contrastRatio(light['--mantine-color-success']!, surface),
          `success on ${surface}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
      for (const [name, shades] of Object.entries(colors)) {
        const text = light[`--mantine-color-${name}-light-color`]!;
        expect(contrastRatio(text, shades[1]), `${name} light variant`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(text, white), `${name} subtle variant`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('keeps a colour that already passes as it is', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, createAppTheme('pink'));
    expect(cssVariablesResolver(theme).light?.['--mantine-color-pink-light-color']).toBe(theme.colors.pink[9]);
  });
});
