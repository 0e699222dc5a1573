import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ForgotPasswordFormSchema,
  LoginFormSchema,
  type RegisterForm,
  RegisterFormSchema,
  ResetPasswordFormSchema,
} from './account-forms.ts';

/** Each failing field with its message. */
const failures = (schema: z.ZodType, value: unknown) =>
  Object.fromEntries(
    (schema.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const GOOD_PASSWORD = 'Riderdesk#2026';

describe('account forms (spec §5)', () => {
  it('checks nothing at login or when asking for a reset code', () => {
    expect(failures(LoginFormSchema, { email: '', password: '' })).toEqual({});
    expect(failures(ForgotPasswordFormSchema, { email: 'not an address' })).toEqual({});
  });

  it('names every reset failure at once: code, password rules, confirmation', () => {
    expect(failures(ResetPasswordFormSchema, { code: '12345', password: 'short', confirmation: 'other' })).toEqual({
      code: 'reset.error.code',
      password: 'register.error.password',
      confirmation: 'password.mismatch',
    });
    expect(
      failures(ResetPasswordFormSchema, { code: '123456', password: GOOD_PASSWORD, confirmation: GOOD_PASSWORD }),
    ).toEqual({});
  });

  const registration = (overrides: Partial<RegisterForm>): RegisterForm => ({
    registrationType: 'PV',
    vendorCode: '',
    vendorEmail: '',
    businessName: '',
    mobileNumber: '',
    vatNumber: '',
    email: '',
    password: GOOD_PASSWORD,
    confirmation: GOOD_PASSWORD,
    ...overrides,
  });

  it('registers with any other field left to the server', () => {
    expect(failures(RegisterFormSchema, registration({}))).toEqual({});
    expect(failures(RegisterFormSchema, registration({ registrationType: 'NPV', vatNumber: 'PK123456' }))).toEqual({});
  });

  it('names the password first and alone, then the VAT number of a business', () => {
    const business = registration({ registrationType: 'NPV', vatNumber: 'PK1' });
    expect(failures(RegisterFormSchema, { ...business, password: 'short' })).toEqual({
      password: 'register.error.password',
    });
    expect(failures(RegisterFormSchema, business)).toEqual({ vatNumber: 'register.error.vat' });
    // A vendor-code registration has no VAT number to check.
    expect(failures(RegisterFormSchema, { ...business, registrationType: 'PV' })).toEqual({});
  });

  it('asks for the same password twice (spec §5 "the two passwords must match")', () => {
    expect(failures(RegisterFormSchema, registration({ confirmation: 'Riderdesk#2025' }))).toEqual({
      confirmation: 'password.mismatch',
    });
  });
});
