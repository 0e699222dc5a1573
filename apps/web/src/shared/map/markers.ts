import L from 'leaflet';

// The map's pins, drawn inline (no image files, no CDN): Leaflet's default icon loads PNGs by URL.

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text placed in a marker's HTML (a branch or customer name is typed by people): every markup character escaped. */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ATTRIBUTE_ENTITIES[char] ?? char);
}

/** What a pin stands for: a pickup (an outlet), the drop-off, or the collection point being placed. */
export type PinKind = 'outlet' | 'destination' | 'collection-point';

const STORE_GLYPH = '<path d="M12 16h16l-1.5-4h-13zM12.5 17.5h15V27h-4v-5h-7v5h-4z" fill="#fff"/>';
const HOME_GLYPH = '<path d="M20 11l9 8h-2.5v9h-4.5v-6h-4v6h-4.5v-9H11z" fill="#fff"/>';
const PRIMARY = 'var(--mantine-primary-color-filled)';
const DARK = '#1f2937';

const PINS: Record<PinKind, { fill: string; glyph: string }> = {
  outlet: { fill: DARK, glyph: STORE_GLYPH },
  destination: { fill: PRIMARY, glyph: HOME_GLYPH },
  'collection-point': { fill: PRIMARY, glyph: STORE_GLYPH },
};

/** The pin's drawing is 40 × 52; its tip, at the bottom middle, is the place. */
const PIN_RATIO = 40 / 52;
export const PIN_HEIGHT = 47;

/** The HTML of a pin: an image named by its label. */
export function pinHtml(kind: PinKind, label: string, height = PIN_HEIGHT): string {
  const { fill, glyph } = PINS[kind];
  const width = Math.round(height * PIN_RATIO);
  return (
    `<span role="img" aria-label="${escapeAttribute(label)}">` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 40 52" aria-hidden="true">` +
    '<path d="M20 51c-1.2 0-2-1-2.6-2C11 39.6 2 31 2 20 2 10 10 2 20 2s18 8 18 18c0 11-9 19.6-15.4 29-.6 1-1.4 2-2.6 2z"' +
    ` fill="${fill}" stroke="#fff" stroke-width="2.5"/>${glyph}</svg></span>`
  );
}

export function pinIcon(kind: PinKind, label: string, height = PIN_HEIGHT): L.DivIcon {
  const width = Math.round(height * PIN_RATIO);
  return L.divIcon({
    className: 'rd-map-pin',
    html: pinHtml(kind, label, height),
    iconSize: [width, height],
    iconAnchor: [width / 2, height - 1],
  });
}

const SCOOTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none"
  stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
  <circle cx="5" cy="16" r="3"/><circle cx="19" cy="16" r="3"/><path d="M7.5 14h5l2-5h3l-1.5 7"/>
  <path d="M19 7h2"/><path d="M12 5h3l1 4"/></svg>`;

export function riderHtml(label: string): string {
  return `<span role="img" aria-label="${escapeAttribute(label)}" class="rd-map-rider__dot">${SCOOTER_SVG}</span>`;
}

export function riderIcon(label: string): L.DivIcon {
  return L.divIcon({ className: 'rd-map-rider', html: riderHtml(label), iconSize: [40, 40], iconAnchor: [20, 20] });
}

/** A handle on a corner of an area an operator reshapes (the console's approval map): a small ring, named. */
export function cornerIcon(label: string, colour: string): L.DivIcon {
  return L.divIcon({
    className: 'rd-area-corner',
    html:
      `<span role="img" aria-label="${escapeAttribute(label)}" style="display:block;width:14px;height:14px;` +
      `border-radius:50%;background:#fff;border:2px solid ${escapeAttribute(colour)}"></span>`,
    iconSize: [14, 14],
    iconAnchor: [7, 7],
  });
}
