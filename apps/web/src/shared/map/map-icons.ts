import L from 'leaflet';

// Drawn inline (no image files, no CDN): Leaflet's default icon loads PNGs by URL.
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const pin = (fill: string, glyph: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="47" viewBox="0 0 40 52" aria-hidden="true">
    <path d="M20 51c-1.2 0-2-1-2.6-2C11 39.6 2 31 2 20 2 10 10 2 20 2s18 8 18 18c0 11-9 19.6-15.4 29-.6 1-1.4 2-2.6 2z"
      fill="${fill}" stroke="#fff" stroke-width="2.5"/>${glyph}</svg>`;

const STORE_GLYPH = '<path d="M12 16h16l-1.5-4h-13zM12.5 17.5h15V27h-4v-5h-7v5h-4z" fill="#fff"/>';
const HOME_GLYPH = '<path d="M20 11l9 8h-2.5v9h-4.5v-6h-4v6h-4.5v-9H11z" fill="#fff"/>';
const SCOOTER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 24 24" fill="none"
  stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">
  <circle cx="5" cy="16" r="3"/><circle cx="19" cy="16" r="3"/><path d="M7.5 14h5l2-5h3l-1.5 7"/>
  <path d="M19 7h2"/><path d="M12 5h3l1 4"/></svg>`;

export type MapPlace = 'outlet' | 'destination';

export function placeIcon(kind: MapPlace, label: string): L.DivIcon {
  return L.divIcon({
    className: 'rd-map-pin',
    html: `<span role="img" aria-label="${escapeAttribute(label)}">${pin(
      kind === 'destination' ? 'var(--mantine-primary-color-filled)' : '#1f2937',
      kind === 'destination' ? HOME_GLYPH : STORE_GLYPH,
    )}</span>`,
    iconSize: [36, 47],
    iconAnchor: [18, 46],
  });
}

export function riderIcon(label: string): L.DivIcon {
  return L.divIcon({
    className: 'rd-map-rider',
    html: `<span role="img" aria-label="${escapeAttribute(label)}" class="rd-map-rider__dot">${SCOOTER_SVG}</span>`,
    iconSize: [40, 40],
    iconAnchor: [20, 20],
  });
}
