import { describe, expect, it } from 'vitest';
import { escapeAttribute, type PinKind, pinHtml, pinIcon, riderHtml } from './markers.ts';

// A branch or a customer is named by people: the names below would break out of the attribute or add markup.
const NAMES = [
  `Chai & Co`,
  `<b>Bold</b> Bakery`,
  `Ayesha's "Best" Kitchen`,
  `"><img src=x onerror="alert(1)">`,
  `' onmouseover='alert(1)`,
  'کراچی & <سی ویو>',
];

function rendered(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

describe('map markers', () => {
  it('escapes every markup character of a label', () => {
    expect(escapeAttribute(`& < > " '`)).toBe('&amp; &lt; &gt; &quot; &#39;');
    expect(escapeAttribute('plain text')).toBe('plain text');
    expect(escapeAttribute('&amp;')).toBe('&amp;amp;');
  });

  it.each(NAMES)('names a pin and the rider exactly as given, with no markup of the name: %s', (name) => {
    for (const kind of ['outlet', 'destination', 'collection-point'] as PinKind[]) {
      const pin = rendered(pinHtml(kind, name));
      expect(pin.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(name);
      expect(pin.querySelectorAll('img, b, [onerror], [onmouseover]')).toHaveLength(0);
    }
    const rider = rendered(riderHtml(name));
    expect(rider.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(name);
    expect(rider.querySelectorAll('img, b, [onerror], [onmouseover]')).toHaveLength(0);
  });

  it('anchors a pin at its tip, whatever its height', () => {
    for (const height of [40, 47, 52, 65]) {
      const { iconSize, iconAnchor } = pinIcon('outlet', 'Pickup', height).options;
      const [width, tall] = iconSize as [number, number];
      expect(tall).toBe(height);
      expect(iconAnchor).toEqual([width / 2, height - 1]);
    }
  });
});
