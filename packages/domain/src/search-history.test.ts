import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_SIZE } from './constants.ts';
import { matchesOrderSearch, pushSearchTerm } from './search-history.ts';

describe('pushSearchTerm', () => {
  it.each([
    ['into an empty list', [], 'abc', ['abc']],
    ['a new term first', ['b', 'a'], 'c', ['c', 'b', 'a']],
    ['a repeated term to the front once', ['b', 'a', 'c'], 'a', ['a', 'b', 'c']],
    ['a term with spaces trimmed', ['a'], '  b ', ['b', 'a']],
    ['nothing for a blank term', ['a'], '   ', ['a']],
    ['case-distinct terms separately', ['ABC'], 'abc', ['abc', 'ABC']],
    [
      'the oldest term out of a full list',
      ['9', '8', '7', '6', '5', '4', '3', '2', '1', '0'],
      'new',
      ['new', '9', '8', '7', '6', '5', '4', '3', '2', '1'],
    ],
  ])('pushes %s', (_name, list, term, expected) => {
    expect(pushSearchTerm(list, term)).toEqual(expected);
  });

  it('does not modify the given list', () => {
    const list = Object.freeze(['a', 'b']);
    pushSearchTerm(list, 'c');
    expect(list).toEqual(['a', 'b']);
  });

  it('keeps the last ten unique non-blank terms, newest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', ' ', 'm ')),
        (terms) => {
          const history = terms.reduce<string[]>(pushSearchTerm, []);
          const expected: string[] = [];
          for (const term of [...terms].reverse().map((t) => t.trim())) {
            if (term !== '' && !expected.includes(term)) expected.push(term);
          }
          expect(history).toEqual(expected.slice(0, SEARCH_HISTORY_SIZE));
        },
      ),
    );
  });
});

describe('matchesOrderSearch', () => {
  const order = { order_id: 'PK-12 345', customer: { name: 'Ayesha Khan', phone_number: '+92 300 1234567' } };

  it.each([
    ['order id without its space', 'pk-12345', true],
    ['partial order id', '2 34', true],
    ['phone without spaces', '+923001234567', true],
    ['partial phone', '300123', true],
    ['name ignoring case and spaces', 'ayeshakhan', true],
    ['name with extra spaces', ' AYESHA   KHAN ', true],
    ['an empty term', '', true],
    ['an unrelated term', 'bilal', false],
    ['a phone in another format', '03001234567', false],
  ])('%s (%j) → %s', (_name, term, expected) => {
    expect(matchesOrderSearch(order, term)).toBe(expected);
  });

  it('matches on the order id when the customer is missing', () => {
    expect(matchesOrderSearch({ order_id: 'X-1', customer: null }, 'x-1')).toBe(true);
    expect(matchesOrderSearch({ order_id: 'X-1', customer: { name: null } }, 'ayesha')).toBe(false);
  });

  it('finds an order by any substring of its id, whatever spaces are inserted', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9-]{1,12}$/), fc.nat(), fc.nat(), fc.nat(), (id, i, j, k) => {
        const start = i % id.length;
        const end = start + 1 + (j % (id.length - start));
        const slice = id.slice(start, end);
        const at = k % (slice.length + 1);
        const term = `${slice.slice(0, at)} ${slice.slice(at)}`.toLowerCase();
        expect(matchesOrderSearch({ order_id: id }, term)).toBe(true);
      }),
    );
  });
});
