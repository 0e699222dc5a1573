import { describe, expect, it } from 'vitest';
import {
  absolute,
  CONSOLE_ROUTE_PATTERNS,
  consolePaths,
  EMBEDDED_HELP_CENTRE,
  editOrderPath,
  paths,
  ROUTE_PATTERNS,
  ROUTE_PREFIXES,
} from './paths.ts';

// An id or token with what a URL gives a meaning to: a space, a slash, a query, a fragment, a percent, Urdu.
const AWKWARD = 'a b/c?d=1&e#f%g ش';
const ENCODED = 'a%20b%2Fc%3Fd%3D1%26e%23f%25g%20%D8%B4';

describe('paths', () => {
  it.each([
    [paths.tracking(AWKWARD), `/tracking/${ENCODED}`],
    [paths.deliveryReceipt(AWKWARD), `/delivery-receipt/${ENCODED}`],
    [paths.trackingC2c(AWKWARD), `/tracking-c2c/${ENCODED}`],
    [paths.requestARider(AWKWARD), `/request-a-rider/${ENCODED}`],
    [paths.orderTracking(AWKWARD), `/order-tracking/${ENCODED}`],
    [paths.history(AWKWARD), `/history/${ENCODED}`],
    [paths.bulkOrder(AWKWARD), `/bulk-order/${ENCODED}`],
    [paths.bulkJob(AWKWARD, 'job/1'), `/bulk-order/${ENCODED}/job%2F1`],
    [paths.helpCentre(AWKWARD), `/helpcenter/${ENCODED}`],
  ])('keeps each parameter one segment: %s', (built, expected) => {
    expect(built).toBe(expected);
    // Read back, the segment is the value given.
    expect(decodeURIComponent(built.split('/')[2] ?? '')).toBe(AWKWARD);
  });

  it('writes the query of the values given, encoded, and leaves out the missing ones', () => {
    expect(paths.orderTracking('pk-1', { order_id: 'PK-1-A&B' })).toBe('/order-tracking/pk-1?order_id=PK-1-A%26B');
    expect(paths.orderTracking('pk-1', { order_id: 'X', payment_error: 'payment.error.declined' })).toBe(
      '/order-tracking/pk-1?order_id=X&payment_error=payment.error.declined',
    );
    expect(paths.history('pk-1', { order_id: null })).toBe('/history/pk-1');
    expect(paths.requestARider('pk-1', { orderID: undefined, retry_order_id: 'R 1', payment_error: null })).toBe(
      '/request-a-rider/pk-1?retry_order_id=R+1',
    );
    expect(new URL(paths.history('v', { order_id: AWKWARD }), 'http://x').searchParams.get('order_id')).toBe(AWKWARD);
  });

  it('puts Settings → Developers and Customer messages under /settings', () => {
    expect(paths.developers()).toBe('/settings/developers');
    expect(paths.customerMessages()).toBe('/settings/customer-messages');
    expect(ROUTE_PREFIXES).toContain('settings');
  });

  it('gives the section itself without a vendor', () => {
    expect(paths.requestARider()).toBe('/request-a-rider');
    expect(paths.orderTracking(null)).toBe('/order-tracking');
    expect(paths.history('')).toBe('/history');
    expect(paths.bulkOrder(undefined)).toBe('/bulk-order');
  });

  it('links the static pages and the landing page with its verification answer', () => {
    expect(paths.landing()).toBe('/');
    expect(paths.landing({ verified: 1 })).toBe('/?verified=1');
    expect(paths.landing({ verified: 0 })).toBe('/?verified=0');
    expect([paths.connect(), paths.register(), paths.forgotPassword(), paths.faq(), paths.terms()]).toEqual([
      '/connect',
      '/register',
      '/forgot-password',
      '/faq',
      '/termsandconditions',
    ]);
    expect([paths.prohibitedItems(), paths.maintenance()]).toEqual(['/prohibiteditems-c2c', '/maintenance']);
  });

  it('keeps the invitation token in the fragment, encoded', () => {
    expect(paths.invitation()).toBe('/invitation');
    expect(paths.invitation('abc_-123')).toBe('/invitation#token=abc_-123');
    const link = new URL(paths.invitation('a+b/c='), 'http://x');
    expect(link.search).toBe('');
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe('a+b/c=');
  });

  it('edits an order on the branch that placed it', () => {
    expect(editOrderPath({ vendor_id: 'pk 2', order_id: 'PK-2-A' })).toBe('/request-a-rider/pk%202?orderID=PK-2-A');
  });

  it('puts a path on a public address, with or without its trailing slash', () => {
    expect(absolute('https://desk.example.pk', paths.tracking('t1'))).toBe('https://desk.example.pk/tracking/t1');
    expect(absolute('https://desk.example.pk/', paths.tracking('t1'))).toBe('https://desk.example.pk/tracking/t1');
  });

  it('builds what the route patterns match, and names each route prefix once', () => {
    expect(ROUTE_PATTERNS.tracking.replace(':orderID', 't1')).toBe(paths.tracking('t1'));
    expect(ROUTE_PATTERNS.helpCentreFrame).toBe(`${EMBEDDED_HELP_CENTRE}/frame`);
    expect(ROUTE_PREFIXES).toContain('order-tracking');
    expect(ROUTE_PREFIXES).not.toContain('');
    expect(new Set(ROUTE_PREFIXES).size).toBe(ROUTE_PREFIXES.length);
  });

  it('builds the console addresses apart from the merchant routes', () => {
    const link = new URL(absolute('https://desk.example.pk', consolePaths.consoleSetUp('a+b/c=')));
    expect(link.pathname).toBe('/console/set-up');
    // The set-up token rides in the fragment: no server's access log holds it.
    expect(link.search).toBe('');
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe('a+b/c=');
    expect(consolePaths.consoleSignIn({ next: '/console/audit-log?x=1' })).toBe(
      '/console/sign-in?next=%2Fconsole%2Faudit-log%3Fx%3D1',
    );
    expect(consolePaths.consoleAuditLog({ target_type: 'operator', target_id: 'a b' })).toBe(
      '/console/audit-log?target_type=operator&target_id=a+b',
    );
    expect(Object.values(ROUTE_PATTERNS)).not.toContain(CONSOLE_ROUTE_PATTERNS.console);
  });
});
