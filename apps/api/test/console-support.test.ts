import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, IN_SERVICE_HOURS, type TestApp } from './support/app.ts';
import { auditEntriesOf, CONSOLE_API, operatorOfEachRole, type TestOperator } from './support/console.ts';
import { createMerchant, type Merchant, outbox } from './support/factories.ts';
import { placeOrder } from './support/orders.ts';

/** The console's Support page (issue 36, decision 182): the help centre's tickets as a queue. */
describe.each(databases())('console support on %s', (kind) => {
  let t: TestApp;
  let merchant: Merchant;
  let orderId: string;
  let operators: Record<'admin' | 'operations' | 'support' | 'finance', TestOperator>;

  beforeAll(async () => {
    t = await buildTestApp({ kind, ...IN_SERVICE_HOURS });
    merchant = await createMerchant(t);
    orderId = await placeOrder(t, merchant);
    operators = await operatorOfEachRole(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Pick<TestOperator, 'headers'>, payload?: object) =>
    t.app.inject({ method, url: `${CONSOLE_API}${url}`, headers: who.headers, payload });
  const keyOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key;

  async function frameToken(who: Merchant): Promise<string> {
    const token = (
      await t.app.inject({ method: 'GET', url: `/api/v1/vendor/${who.vendorId}/hc_jwt_token`, headers: who.headers })
    ).json().result as string;
    const [user] = await t.db.query<{ id: string }>('select id from users where email = $1', [who.email]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/help-centre/conditions-api/v1/init',
      payload: {
        user_id: user!.id,
        email: who.email,
        guest: false,
        name: 'Test Vendor',
        brand: t.config.deployment.brand.id,
        global_entity_id: `ODR_${t.config.deployment.country.code}`,
        country: t.config.deployment.country.code,
        locale: 'en',
        app_version: 'test',
        verification_token: token,
        bridge: true,
        service_type: 'on_demand_rider',
      },
    });
    expect(response.statusCode).toBe(200);
    return new URL(response.json().url, 'http://x').hash.replace('#token=', '');
  }

  async function openTicket(message: string): Promise<{ ticket: string; frame: string }> {
    const frame = await frameToken(merchant);
    const response = await t.app.inject({
      method: 'POST',
      url: '/help-centre/api/tickets',
      headers: { authorization: `Bearer ${frame}` },
      payload: { order_id: orderId, message },
    });
    expect(response.statusCode).toBe(200);
    return { ticket: response.json().result.ticket_number as string, frame };
  }

  it('queues a new ticket as open, for support and admins only', async () => {
    const { ticket } = await openTicket('Where is my rider?');
    const queue = await call('GET', '/tickets?status=OPEN', operators.support);
    expect(queue.statusCode).toBe(200);
    const row = queue.json().tickets.find((one: { ticket_number: string }) => one.ticket_number === ticket);
    expect(row).toMatchObject({ status: 'OPEN', order_id: orderId, vendor_id: merchant.vendorId, assigned_to: null });
    expect(queue.json().counts.OPEN).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/tickets', operators.admin)).statusCode).toBe(200);
    for (const role of ['operations', 'finance'] as const) {
      const refused = await call('GET', '/tickets', operators[role]);
      expect(refused.statusCode).toBe(403);
      expect(keyOf(refused)).toBe('console.error.forbidden');
      const reply = await call('POST', `/tickets/${ticket}/replies`, operators[role], { body: 'hello' });
      expect(reply.statusCode).toBe(403);
    }
    expect((await call('GET', '/tickets?status=CLOSED', operators.support)).statusCode).toBe(400);
  });

  it('assigns, replies by e-mail and in the help centre, keeps notes internal, solves; each change audited', async () => {
    const { ticket, frame } = await openTicket('The parcel arrived damaged.');

    const refused = await call('PUT', `/tickets/${ticket}/assignee`, operators.support, {
      operator_id: operators.finance.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(keyOf(refused)).toBe('console.support.error.assignee-invalid');

    const assigned = await call('PUT', `/tickets/${ticket}/assignee`, operators.support, {
      operator_id: operators.support.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'ASSIGNED', assigned_to: { id: operators.support.id } });
    // The order the ticket is about, as the merchant's screens show it.
    expect(assigned.json().order).toMatchObject({ order_id: orderId, vendor_id: merchant.vendorId });

    const note = await call('POST', `/tickets/${ticket}/notes`, operators.support, { body: 'Check the rider photo.' });
    expect(note.statusCode).toBe(200);
    const replied = await call('POST', `/tickets/${ticket}/replies`, operators.support, {
      body: '  We are sorry: a refund is on its way.  ',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().status).toBe('WAITING_ON_MERCHANT');
    expect(replied.json().messages.map((m: { kind: string; body: string }) => [m.kind, m.body])).toEqual([
      ['NOTE', 'Check the rider photo.'],
      ['REPLY', 'We are sorry: a refund is on its way.'],
    ]);

    const mail = (await outbox(t.app, merchant.email)).find(
      (m) => m.subject.includes(`${ticket} about`) && m.subject.includes('reply'),
    );
    expect(mail?.text).toContain('We are sorry: a refund is on its way.');
    expect(mail?.text).not.toContain('Check the rider photo.');

    const seen = await t.app.inject({
      method: 'GET',
      url: '/help-centre/api/tickets',
      headers: { authorization: `Bearer ${frame}` },
    });
    expect(seen.statusCode).toBe(200);
    const mine = seen.json().result.tickets.find((one: { ticket_number: string }) => one.ticket_number === ticket);
    expect(mine).toMatchObject({
      status: 'WAITING_ON_MERCHANT',
      replies: [{ body: 'We are sorry: a refund is on its way.' }],
    });
    expect(JSON.stringify(seen.json())).not.toContain('Check the rider photo.');

    const solved = await call('PUT', `/tickets/${ticket}/status`, operators.admin, { status: 'SOLVED' });
    expect(solved.json()).toMatchObject({ status: 'SOLVED', assigned_to: { id: operators.support.id } });
    const reopened = await call('PUT', `/tickets/${ticket}/status`, operators.admin, { status: 'OPEN' });
    expect(reopened.json()).toMatchObject({ status: 'OPEN', assigned_to: null });

    const entries = await auditEntriesOf(t, operators.admin, { type: 'ticket', id: ticket });
    expect(entries.map((entry) => entry.action)).toEqual([
      'ticket.change-status',
      'ticket.change-status',
      'ticket.reply',
      'ticket.note',
      'ticket.assign',
    ]);
    expect(entries[4]).toMatchObject({
      operator: { id: operators.support.id },
      before: { status: 'OPEN', assigned_to: null },
      after: { status: 'ASSIGNED', assigned_to: operators.support.id },
    });
    expect(entries[2]?.after).toMatchObject({ status: 'WAITING_ON_MERCHANT' });
  });

  it('answers an unknown ticket 404 and refuses an empty reply', async () => {
    const missing = await call('GET', '/tickets/HC-999999', operators.support);
    expect(missing.statusCode).toBe(404);
    expect(keyOf(missing)).toBe('console.support.error.ticket-not-found');
    const { ticket } = await openTicket('Another question.');
    expect((await call('POST', `/tickets/${ticket}/replies`, operators.support, { body: '   ' })).statusCode).toBe(400);
    expect((await call('GET', '/tickets/not-a-ticket', operators.support)).statusCode).toBe(400);
  });
});
