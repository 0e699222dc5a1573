import { DEFAULT_THEME } from '@mantine/core';
import type { Plugin } from 'vite';
import { PRIMARY_SHADE } from '../src/app/theme.ts';

// The loading dots are drawn before the colour scheme is known; the light scheme is the page's default.
const SHADE = PRIMARY_SHADE.light;

/** One rule a palette colour: the loading dots in that colour where the server names it as the brand's. */
export function brandLoadingRules(palette: Record<string, readonly string[]> = DEFAULT_THEME.colors): string {
  return Object.entries(palette)
    .filter(([name, shades]) => /^[a-z]+$/.test(name) && /^#[0-9a-f]{6}$/i.test(shades[SHADE] ?? ''))
    .map(([name, shades]) => `html[data-brand-colour="${name}"] .app-loading span { background: ${shades[SHADE]}; }`)
    .join('\n');
}

/**
 * index.html's loading dots are drawn before any of the app's styles, so they cannot take the brand's colour
 * from the theme. The build writes one small rule per palette colour into their inline style, and the server
 * names the deployment's brand colour on `<html data-brand-colour>` (apps/api/src/plugins/web.ts). A brand
 * colour outside the palette keeps grey dots.
 */
export function brandLoadingColours(): Plugin {
  return {
    name: 'riderdesk:brand-loading-colours',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('</style>')) throw new Error('index.html has no inline style for the loading dots');
        return html.replace('</style>', `${brandLoadingRules()}\n</style>`);
      },
    },
  };
}
