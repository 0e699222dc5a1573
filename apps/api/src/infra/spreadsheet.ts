/** A spreadsheet column's letters from its zero-based index: 0 is A, 25 is Z, 26 is AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

// Unicode's Bidi_Control characters: the Arabic letter mark, the left-to-right and right-to-left marks, the
// embeddings, overrides and isolates. In a cell they reorder what is shown, so "\u202Egpj.exe" reads "exe.jpg"
// (CVE-2021-42574, "Trojan Source"). Urdu text needs none of them: a right-to-left sheet reads from the right.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Text for an exported cell: the bidi controls a client could have typed into it are left out. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
