import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** A stylesheet at most this long is written into index.html instead of linked. */
export const INLINE_STYLESHEET_LIMIT = 4096;

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * The app's own stylesheet (the fonts' faces and a few global rules, under 2 kB) is written into index.html.
 * A first visit asked for seven files at once (the scripts, two stylesheets, the translations and, on a
 * tracking page, the order's answer), one more than a browser opens connections to one server over HTTP/1.1,
 * so one of them waited a whole round trip for a free connection before the first screen (bench/LOG.md,
 * lighthouse). Mantine's stylesheet stays a file: it is large, and cached across visits.
 */
export function inlineEntryStyles(limit = INLINE_STYLESHEET_LIMIT): Plugin {
  return {
    name: 'riderdesk:inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => (context.bundle ? inlineSmallStylesheets(html, context.bundle, limit) : html),
    },
  };
}

export function inlineSmallStylesheets(html: string, bundle: OutputBundle, limit: number): string {
  return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
    const asset = bundle[fileName];
    if (asset?.type !== 'asset') return link;
    const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
    // A stylesheet that could close the element it is written into stays a file.
    if (css.length > limit || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>`;
  });
}
