import {
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

// "Riderdesk Arabic" (styles.css) covers Arabic code points only: Latin text falls through to the system fonts.
const LATIN_STACK =
  "'Riderdesk Arabic', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

/** The palette shade the theme draws the primary colour in (the loading dots in index.html use the light one). */
export const PRIMARY_SHADE = { light: 7, dark: 5 } as const;

/**
 * brand.primaryColor is a Mantine colour name, or a CSS colour for brands outside the palette. closeLabel is the
 * translated accessible name of every dialog's and drawer's close button (an icon without text otherwise).
 */
export function createAppTheme(primaryColor: string, closeLabel = 'Close') {
  const isPaletteColour = primaryColor in DEFAULT_THEME.colors;
  const colors: Record<string, MantineColorsTuple> = isPaletteColour ? {} : { brand: colorsTuple(primaryColor) };
  return createTheme({
    primaryColor: isPaletteColour ? primaryColor : 'brand',
    primaryShade: PRIMARY_SHADE,
    colors,
    fontFamily: LATIN_STACK,
    headings: { fontFamily: LATIN_STACK, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Paper: { defaultProps: { radius: 'md' } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

// WCAG 2 AA (1.4.3) for text under 18.66 px bold: dimmed captions, badges and timestamps are all smaller.
const MIN_TEXT_CONTRAST = 4.5;

/** The colour, darkened no more than needed to be readable as small text on every background. */
export function readableOn(colour: string, backgrounds: readonly string[]): string {
  // Darkening cannot help on a dark background; such a background brings its own text colour.
  const light = backgrounds.filter((background) => luminance(background) > 0.4);
  let result = colour;
  for (
    let amount = 0.02;
    amount <= 1 && light.some((b) => contrastRatio(result, b) < MIN_TEXT_CONTRAST);
    amount += 0.02
  ) {
    result = darken(colour, amount);
  }
  return result;
}

/**
 * Mantine's light scheme sets dimmed text in gray 6 (3.3:1 on white) and light variants (badges) in
 * shade 9 on shade 1 (4.3:1 for teal, 3.6:1 for orange); both fail WCAG AA for the small text they
 * carry. Each is darkened just enough for the backgrounds it sits on: the page, grey panels and the
 * brand's light tint (the selected order in the tracking list).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const { white, colors } = theme;
  const brandTint = colors[theme.primaryColor]![1];
  const surfaces = [white, colors.gray[0], colors.gray[1], brandTint];
  const lightColors = Object.fromEntries(
    Object.entries(colors).map(([name, shades]) => [
      `--mantine-color-${name}-light-color`,
      readableOn(shades[9], [white, shades[1]]),
    ]),
  );
  return {
    variables: {},
    light: {
      ...lightColors,
      '--mantine-color-dimmed': readableOn(colors.gray[6], surfaces),
      // Success text (the live indicator, a rider close by, a password rule met) appears on the same surfaces.
      '--mantine-color-success': readableOn(colors.teal[8], surfaces),
    },
    dark: {},
  };
};
