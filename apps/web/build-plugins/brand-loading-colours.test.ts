import { DEFAULT_THEME } from '@mantine/core';
import { BRANDS } from '@riderdesk/domain/config';
import { describe, expect, it } from 'vitest';
import { brandLoadingColours, brandLoadingRules } from './brand-loading-colours.ts';

describe("the loading dots in the brand's colour", () => {
  it("has a rule for every brand's colour, in the theme's primary shade", () => {
    const rules = brandLoadingRules();
    expect(rules).toContain('html[data-brand-colour="pink"] .app-loading span { background: #d6336c; }');
    for (const brand of Object.values(BRANDS)) {
      expect(rules).toContain(
        `html[data-brand-colour="${brand.primaryColor}"] .app-loading span { background: ${DEFAULT_THEME.colors[brand.primaryColor][7]}; }`,
      );
    }
  });

  it('writes no rule whose name or colour could break out of it', () => {
    const shades = (colour: string) => Array.from({ length: 10 }, () => colour);
    const rules = brandLoadingRules({ teal: shades('#0ca678'), 'x"] body': shades('#000000'), red: shades('red}') });
    expect(rules).toBe('html[data-brand-colour="teal"] .app-loading span { background: #0ca678; }');
  });

  it("adds the rules inside index.html's inline style", () => {
    const transform = brandLoadingColours().transformIndexHtml as { handler: (html: string) => string };
    const html = transform.handler('<head><style>.app-loading { display: flex; }</style></head>');
    expect(html).toMatch(/<style>\.app-loading \{ display: flex; \}html\[data-brand-colour="\w+"\][^<]*<\/style>/);
  });
});
