import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, type TestApp } from './support/app.ts';
import {
  auditEntriesOf,
  CONSOLE_API,
  createOperator,
  setUpOperator,
  signInOperator,
  type TestOperator,
} from './support/console.ts';
import { outbox, PASSWORD, uniqueId } from './support/factories.ts';

/** The console's Operators page (issue 36): admins invite, change roles, deactivate; every change audited. */
describe.each(databases())('console operators on %s', (kind) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await buildTestApp({ kind });
    admin = await createOperator(t, { role: 'admin', name: 'Ayesha Admin' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    who: Pick<TestOperator, 'headers'>,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url: `${CONSOLE_API}${url}`, headers: who.headers, payload });
  const keyOf = (response: { json(): unknown }) =>
    (response.json() as { errors: { meta: { translation_key: string } }[] }).errors[0]?.meta.translation_key;
  const me = (who: Pick<TestOperator, 'headers'>) => call('GET', '/me', who).then((response) => response.statusCode);

  async function invite(role: 'admin' | 'operations' | 'support' | 'finance', name = 'Invited Operator') {
    const email = `${uniqueId('invitee')}@riderdesk.test`;
    const response = await call('POST', '/operators', admin, { email_address: email, name, role });
    expect(response.statusCode).toBe(201);
    const [mail] = await outbox(t.app, email);
    const link = /https?:\/\/\S+\/console\/set-up#token=[\w-]+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error('no set-up link in the invitation');
    return { id: response.json().id as string, email, name, role, link };
  }

  it('invites an operator by e-mail, who sets up from the link; the invitation is audited', async () => {
    const email = `${uniqueId('Sana')}@Riderdesk.test`;
    const response = await call('POST', '/operators', admin, {
      email_address: email,
      name: '  Sana Operations ',
      role: 'operations',
    });
    expect(response.statusCode).toBe(201);
    const invited = response.json();
    expect(invited).toMatchObject({
      email: email.toLowerCase(),
      name: 'Sana Operations',
      role: 'operations',
      status: 'invited',
      has_second_factor: false,
      last_sign_in_at: null,
    });
    const [mail] = await outbox(t.app, email.toLowerCase());
    expect(mail?.subject).toMatch(/invited to the .+ operator console/);
    expect(mail?.text).toContain('Ayesha Admin invited you');
    const link = /http:\/\/riderdesk\.test\/console\/set-up#token=[\w-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();

    const [entry] = await auditEntriesOf(t, admin, { type: 'operator', id: invited.id });
    expect(entry).toMatchObject({
      action: 'operator.invite',
      operator: { id: admin.id, email: admin.email, name: 'Ayesha Admin' },
      before: null,
      after: { email: email.toLowerCase(), name: 'Sana Operations', role: 'operations', status: 'invited' },
    });

    const sana = await setUpOperator(t, {
      id: invited.id,
      email: email.toLowerCase(),
      name: 'Sana Operations',
      role: 'operations',
      password: PASSWORD,
      link: link!,
    });
    expect(await me(sana)).toBe(200);
    const listed = (await call('GET', '/operators', admin)).json().operators;
    expect(listed.find((operator: { id: string }) => operator.id === invited.id)).toMatchObject({
      status: 'active',
      has_second_factor: true,
    });

    const again = await call('POST', '/operators', admin, { email_address: email, name: 'Again', role: 'support' });
    expect(again.statusCode).toBe(409);
    expect(keyOf(again)).toBe('console.error.operator-exists');
  });

  it('refuses an invitation with a bad e-mail, name or role, and changes nothing', async () => {
    const before = (await call('GET', '/operators', admin)).json().operators.length;
    for (const payload of [
      { email_address: 'not-an-email', name: 'X', role: 'support' },
      { email_address: `${uniqueId('x')}@riderdesk.test`, name: '   ', role: 'support' },
      { email_address: `${uniqueId('x')}@riderdesk.test`, name: 'X', role: 'owner' },
      { email_address: `${uniqueId('x')}@riderdesk.test`, name: 'X'.repeat(101), role: 'support' },
    ]) {
      expect((await call('POST', '/operators', admin, payload)).statusCode).toBe(400);
    }
    expect((await call('GET', '/operators', admin)).json().operators).toHaveLength(before);
  });

  it('sends an invitation again, the earlier link no longer working', async () => {
    const invited = await invite('finance');
    const response = await call('POST', `/operators/${invited.id}/invitation`, admin);
    expect(response.statusCode).toBe(200);
    const mails = await outbox(t.app, invited.email);
    expect(mails).toHaveLength(2);
    const token = (link: string) => new URLSearchParams(new URL(link).hash.slice(1)).get('token');
    const first = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/set-up/inspect`,
      payload: { token: token(invited.link) },
    });
    expect(first.statusCode).toBe(404);
    const [entry] = await auditEntriesOf(t, admin, { type: 'operator', id: invited.id });
    expect(entry).toMatchObject({ action: 'operator.reinvite', operator: { id: admin.id } });

    const active = await createOperator(t, { role: 'support' });
    const refused = await call('POST', `/operators/${active.id}/invitation`, admin);
    expect(refused.statusCode).toBe(409);
    expect(keyOf(refused)).toBe('console.error.operator-set-up');
  });

  it('changes a role: the operator’s sessions end, and they act with the new role after signing in', async () => {
    const operator = await createOperator(t, { role: 'support' });
    const other = await signInOperator(t, operator);
    const response = await call('PUT', `/operators/${operator.id}/role`, admin, { role: 'finance' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: operator.id, role: 'finance', status: 'active' });
    expect(await me(operator)).toBe(401);
    expect(await me(other)).toBe(401);
    const again = await signInOperator(t, operator);
    expect((await call('GET', '/me', again)).json().operator.role).toBe('finance');

    const [entry] = await auditEntriesOf(t, admin, { type: 'operator', id: operator.id }).then((entries) =>
      entries.filter((candidate) => candidate.action === 'operator.change-role'),
    );
    expect(entry).toMatchObject({
      operator: { id: admin.id },
      before: { role: 'support', status: 'active' },
      after: { role: 'finance', status: 'active' },
    });

    // The same role again changes nothing and writes nothing.
    const before = (await auditEntriesOf(t, admin, { type: 'operator', id: operator.id })).length;
    expect((await call('PUT', `/operators/${operator.id}/role`, admin, { role: 'finance' })).statusCode).toBe(200);
    expect(await me(again)).toBe(200);
    expect(await auditEntriesOf(t, admin, { type: 'operator', id: operator.id })).toHaveLength(before);
  });

  it('deactivates an operator: their sessions end, they cannot sign in, their link does not work', async () => {
    const operator = await createOperator(t, { role: 'operations' });
    const response = await call('POST', `/operators/${operator.id}/deactivate`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('deactivated');
    expect(await me(operator)).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/sign-in`,
      payload: { email_address: operator.email, password: operator.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect(keyOf(signIn)).toBe('console.error.sign-in-failed');
    const [entry] = await auditEntriesOf(t, admin, { type: 'operator', id: operator.id });
    expect(entry).toMatchObject({
      action: 'operator.deactivate',
      before: { status: 'active' },
      after: { status: 'deactivated' },
    });
    // Again: nothing changes, nothing is written; no new role for a deactivated operator.
    expect((await call('POST', `/operators/${operator.id}/deactivate`, admin)).statusCode).toBe(200);
    expect(await auditEntriesOf(t, admin, { type: 'operator', id: operator.id })).toHaveLength(5);
    const role = await call('PUT', `/operators/${operator.id}/role`, admin, { role: 'support' });
    expect(role.statusCode).toBe(409);
    expect(keyOf(role)).toBe('console.error.operator-deactivated');

    const invited = await invite('support');
    expect((await call('POST', `/operators/${invited.id}/deactivate`, admin)).statusCode).toBe(200);
    const setUp = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE_API}/set-up`,
      payload: { token: new URLSearchParams(new URL(invited.link).hash.slice(1)).get('token'), password: PASSWORD },
    });
    expect(setUp.statusCode).toBe(404);
  });

  it('never leaves the console without an active admin, and an admin does not change themselves', async () => {
    const own = await call('PUT', `/operators/${admin.id}/role`, admin, { role: 'support' });
    expect(own.statusCode).toBe(409);
    expect(keyOf(own)).toBe('console.error.not-yourself');
    expect(keyOf(await call('POST', `/operators/${admin.id}/deactivate`, admin))).toBe('console.error.not-yourself');

    // Two admins: one may demote the other.
    const second = await createOperator(t, { role: 'admin', name: 'Second Admin' });
    for (const other of (await call('GET', '/operators', admin)).json().operators) {
      if (other.role !== 'admin' || other.status === 'deactivated' || [admin.id, second.id].includes(other.id))
        continue;
      expect((await call('POST', `/operators/${other.id}/deactivate`, admin)).statusCode).toBe(200);
    }
    expect((await call('PUT', `/operators/${admin.id}/role`, second, { role: 'operations' })).statusCode).toBe(200);
    expect((await call('GET', '/operators', await signInOperator(t, admin))).statusCode).toBe(403);

    // The demoted admin's request that passed the guard just before (a race): the last admin stays.
    const stale = { id: admin.id, email: admin.email, name: admin.name, role: 'admin' as const, sessionId: 'stale' };
    await expect(t.services.operators.changeRole(stale, second.id, 'support')).rejects.toMatchObject({
      statusCode: 409,
      message: 'console.error.last-admin',
    });
    await expect(t.services.operators.deactivateOperator(stale, second.id)).rejects.toMatchObject({
      message: 'console.error.last-admin',
    });

    expect((await call('PUT', `/operators/${admin.id}/role`, second, { role: 'admin' })).statusCode).toBe(200);
    admin = await signInOperator(t, admin);
    expect((await call('GET', '/operators', admin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown operator', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    for (const [method, url, payload] of [
      ['PUT', `/operators/${unknown}/role`, { role: 'support' }],
      ['POST', `/operators/${unknown}/deactivate`, undefined],
      ['POST', `/operators/${unknown}/invitation`, undefined],
    ] as const) {
      const response = await call(method, url, admin, payload);
      expect(response.statusCode).toBe(404);
      expect(keyOf(response)).toBe('console.error.operator-not-found');
    }
    expect((await call('PUT', '/operators/not-a-uuid/role', admin, { role: 'support' })).statusCode).toBe(400);
  });

  it('ends sessions on every instance: a deactivation on one is refused at once on another', async () => {
    const other = await buildTestApp({ db: t.db });
    try {
      const operator = await createOperator(t, { role: 'support' });
      const onOther = () =>
        other.app
          .inject({ method: 'GET', url: `${CONSOLE_API}/me`, headers: operator.headers })
          .then((r) => r.statusCode);
      expect(await onOther()).toBe(200);
      expect((await call('POST', `/operators/${operator.id}/deactivate`, admin)).statusCode).toBe(200);
      expect(await onOther()).toBe(401);
    } finally {
      await other.close();
    }
  });
});
