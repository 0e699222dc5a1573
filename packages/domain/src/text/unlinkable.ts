/**
 * A name a merchant chose, made unreadable as a link or an address in an e-mail: mail clients turn
 * `pay.example.com/verify` or `www.example.com` into a link wherever they find one, in a subject as in a body,
 * so an outlet named like that would make our mail carry someone else's link. As identity providers do with
 * user-chosen names in their messages, the characters a linkifier needs — the dot, the slash, the colon and
 * the at sign — are swapped for look-alikes no linkifier reads as such; everything else stays as typed.
 */
const LOOK_ALIKES: Record<string, string> = {
  '.': '\u2024', // ONE DOT LEADER
  '/': '\u2215', // DIVISION SLASH
  '\\': '\u2216', // SET MINUS
  ':': '\uA789', // MODIFIER LETTER COLON
  '@': '\uFF20', // FULLWIDTH COMMERCIAL AT
};

export function unlinkable(text: string): string {
  return text.replace(/[./\\:@]/g, (char) => LOOK_ALIKES[char] ?? char);
}
