import { colorsTuple, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

const LATIN_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

/** brand.primaryColor is a Mantine colour name, or a CSS colour for brands outside the palette. */
export function createAppTheme(primaryColor: string) {
  const isPaletteColour = primaryColor in DEFAULT_THEME.colors;
  const colors: Record<string, MantineColorsTuple> = isPaletteColour ? {} : { brand: colorsTuple(primaryColor) };
  return createTheme({
    primaryColor: isPaletteColour ? primaryColor : 'brand',
    primaryShade: { light: 7, dark: 5 },
    colors,
    fontFamily: LATIN_STACK,
    headings: { fontFamily: LATIN_STACK, fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Paper: { defaultProps: { radius: 'md' } },
    },
  });
}
