/**
 * Mantine `attributes` that put dir="auto" on an input itself (Mantine's own `dir` prop lands on the wrapper,
 * which an input's text does not follow): typed text takes the direction of its first strong letter, so a Latin
 * address in a right-to-left page keeps its beginning in view and is cut, if at all, at its end.
 */
export const AUTO_DIRECTION = { input: { dir: 'auto' } } as const;
