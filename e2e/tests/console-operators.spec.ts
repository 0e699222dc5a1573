import { readFileSync } from 'node:fs';
import { expectNoSeriousViolations } from '../support/axe.ts';
import {
  codeAt,
  createOperatorFromCommandLine,
  CONSOLE_LANGUAGES as LANGUAGES,
  CONSOLE_PASSWORD as PASSWORD,
  STEP_MS,
  serverClockOf,
  signIn,
} from '../support/console.ts';
import { expect, test, text, waitForMail } from '../support/fixtures.ts';

test.describe('the operator console (issue 36)', () => {
  for (const locale of LANGUAGES) {
    test(`the first operator sets up from the command line's link, signs in with TOTP, invites an operator and finds both changes in the audit log (${locale})`, async ({
      page,
      request,
    }) => {
      const stamp = `${locale.replace('_', '-')}-${Date.now()}`;
      const email = `first-${stamp}@riderdesk.test`;
      const link = createOperatorFromCommandLine(email);
      await page.addInitScript((language) => window.localStorage.setItem('riderdesk-language', language), locale);

      // The link: a password, then the authenticator app from the QR code (or its key), then the recovery codes.
      await page.goto(new URL(link).pathname + new URL(link).hash);
      await expect(page).toHaveURL(/\/console\/set-up$/);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ur_alt' ? 'rtl' : 'ltr');
      await expect(page.getByText(email)).toBeVisible();
      await page.getByLabel(text(locale, 'console.set-up.password'), { exact: true }).fill(PASSWORD);
      await page.getByLabel(text(locale, 'console.set-up.confirmation'), { exact: true }).fill(PASSWORD);
      const setUp = page.waitForResponse((response) => response.url().endsWith('/api/v1/console/set-up'));
      await page.getByRole('button', { name: text(locale, 'console.set-up.submit') }).click();
      const serverNow = await serverClockOf(setUp);
      await expect(page.getByRole('img', { name: text(locale, 'console.enrol.qr-label') })).toBeVisible();
      const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      await page.getByText(text(locale, 'console.enrol.uri')).click();
      await expect(page.getByTestId('otpauth-uri')).toContainText(`secret=${secret}`);
      await expectNoSeriousViolations(page);
      const enrolStep = Math.floor(serverNow() / STEP_MS);
      await page.getByRole('textbox', { name: text(locale, 'console.enrol.code') }).fill(codeAt(secret, enrolStep));
      await page.getByRole('button', { name: text(locale, 'console.enrol.confirm') }).click();
      await expect(page.getByTestId('recovery-code')).toHaveCount(10);
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: text(locale, 'console.recovery.kept') }).click();
      // The console opens on the first section an admin may open.
      await expect(page).toHaveURL(/\/console\/support$/);

      // Signed out, then in again: the password and the app's next code.
      await page.getByRole('button', { name: text(locale, 'console.nav.sign-out') }).click();
      await expect(page).toHaveURL(/\/console\/sign-in/);
      await signIn(page, locale, email, secret, enrolStep);
      await expect(page).toHaveURL(/\/console\/support$/);
      const nav = page.getByRole('navigation', { name: text(locale, 'console.nav.label') });
      await expect(nav.getByRole('link')).toHaveText(
        ['support', 'settings', 'operators', 'audit-log', 'board', 'riders', 'vendors', 'vouchers'].map((id) =>
          text(locale, `console.nav.${id}`),
        ),
      );
      await nav.getByRole('link', { name: text(locale, 'console.nav.operators') }).click();
      await expect(page).toHaveURL(/\/console\/operators$/);

      // An invitation: the operator is listed as invited, and the link is in their mail.
      const invitee = `invited-${stamp}@riderdesk.test`;
      await page.getByRole('button', { name: text(locale, 'console.operators.invite') }).click();
      const dialog = page.getByRole('dialog', { name: text(locale, 'console.operators.invite') });
      await dialog.getByLabel(text(locale, 'console.operators.email')).fill(invitee);
      await dialog.getByLabel(text(locale, 'console.operators.name')).fill('Bilal Ahmed');
      await dialog.getByRole('combobox', { name: text(locale, 'console.operators.role') }).click();
      await page.getByRole('option', { name: text(locale, 'console.role.operations') }).click();
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: text(locale, 'console.operators.send-invitation') }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByTestId('operator-row').filter({ hasText: invitee });
      await expect(row).toContainText(text(locale, 'console.status.invited'));
      await expect(row).toContainText(text(locale, 'console.role.operations'));
      const mail = await waitForMail(request, invitee, /\/console\/set-up#token=/);
      expect(mail.text).toContain('Ayesha Khan invited you');
      await expectNoSeriousViolations(page);

      // The audit log: the command line's creation of the first operator, and their invitation of the second.
      await nav.getByRole('link', { name: text(locale, 'console.nav.audit-log') }).click();
      await expect(page).toHaveURL(/\/console\/audit-log$/);
      const entries = page.getByTestId('audit-row');
      const invited = entries.filter({ hasText: text(locale, 'console.audit.action.operator.invite') }).first();
      await expect(invited).toContainText('Ayesha Khan');
      await expect(invited).toContainText(invitee);
      await expect(invited).toContainText('operations');
      await page.getByLabel(text(locale, 'console.audit.target-type')).fill('operator');
      await page.getByRole('combobox', { name: text(locale, 'console.audit.action-label') }).click();
      await page.getByRole('option', { name: text(locale, 'console.audit.action.operator.create') }).click();
      await page.getByRole('button', { name: text(locale, 'console.audit.search') }).click();
      const created = entries.filter({ hasText: email });
      await expect(created).toHaveCount(1);
      await expect(created).toContainText(text(locale, 'console.audit.command-line'));
      await expect(entries.filter({ hasText: text(locale, 'console.audit.action.operator.invite') })).toHaveCount(0);
      await expectNoSeriousViolations(page);

      // The same search as CSV.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: text(locale, 'console.audit.export') }).click();
      const csv = readFileSync((await (await downloading).path()) ?? '', 'utf8');
      expect(csv.split('\n')[0]).toBe(
        '\uFEFFat,operator_id,operator_email,operator_name,action,target_type,target_id,before,after',
      );
      expect(csv).toContain(email);
      expect(csv).not.toContain('operator.invite');
    });
  }
});
