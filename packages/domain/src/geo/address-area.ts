/**
 * The part of an address a person who is not its resident may see: the area and the city, never the flat,
 * house or building (public tracking and receipt pages). Addresses are comma-separated from the most
 * precise part to the least ("unit, building, street, area, city, province, country"); the trailing
 * country and regions are dropped first so what is left ends with the area and the city.
 */
export function addressArea(address: string | null | undefined, broaderPlaces: readonly string[]): string {
  const broader = new Set(broaderPlaces.map((place) => place.trim().toLowerCase()));
  const parts = (address ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  while (parts.length > 2 && broader.has(parts[parts.length - 1]!.toLowerCase())) parts.pop();
  return parts.slice(-2).join(', ');
}

/**
 * The places broader than a city in a country's addresses: the country's name and the regions the
 * gazetteer knows, so addressArea keeps the area and the city.
 */
export function broaderPlacesOf(countryName: string, regions: readonly string[]): string[] {
  return [countryName, ...new Set(regions)];
}
