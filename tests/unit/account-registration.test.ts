import { describe, expect, it } from 'vitest';
import {
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  accountRegistrationSchema,
  passwordChangeSchema,
  signInSchema,
} from '../../src/domain/account-registration';
import { EMAIL_MAX_LENGTH } from '../../src/domain/email';

/** The identity provider's account forms (server/src/identity/interactions.ts): field -> message. */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issues = result.error?.issues ?? [];
  const byField = Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
  // One message per field.
  expect(Object.keys(byField)).toHaveLength(issues.length);
  return byField;
};

const registration = {
  firstName: 'Riley',
  lastName: 'Rancher',
  email: 'riley@example.com',
  phone: '(406) 555-0199',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
};

const emailOfLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('sign in', () => {
  it('requires both fields, reported together', () => {
    expect(messages(signInSchema.safeParse({}))).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(messages(signInSchema.safeParse({ email: '   ', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('trims the email and keeps the password as typed', () => {
    expect(signInSchema.safeParse({ email: ' sam@example.com ', password: '  x ' })).toEqual({
      success: true,
      data: { email: 'sam@example.com', password: '  x ' },
    });
  });
});

describe('registration', () => {
  it('accepts a complete form, trimming the text but not the passwords', () => {
    const result = accountRegistrationSchema.safeParse({ ...registration, firstName: ' Riley ', email: ' riley@example.com ', password: ' pass word ', confirmPassword: ' pass word ' });
    expect(result).toEqual({ success: true, data: { ...registration, password: ' pass word ', confirmPassword: ' pass word ' } });
  });

  it('reports every missing field at once; the phone is optional', () => {
    expect(messages(accountRegistrationSchema.safeParse({}))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(accountRegistrationSchema.safeParse({ ...registration, firstName: '  ', lastName: '\t', email: ' ' }))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    expect(accountRegistrationSchema.safeParse({ ...registration, phone: '' }).success).toBe(true);
    expect(accountRegistrationSchema.safeParse({ ...registration, phone: undefined }).success).toBe(true);
  });

  it('reports every wrong field at once with its message', () => {
    const result = accountRegistrationSchema.safeParse({
      firstName: '',
      lastName: 'Rancher',
      email: 'not-an-email',
      phone: '12345',
      password: 'short',
      confirmPassword: 'different',
    });
    expect(messages(result)).toEqual({
      firstName: 'First name is required',
      email: 'Email must be a valid email address',
      phone: 'Phone must be a valid phone number',
      password: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      confirmPassword: 'Passwords do not match',
    });
  });

  it('uses the one email rule and the contract length bound', () => {
    for (const bad of ['a@b', 'no at.example', 'x y@z.io', '@example.com', emailOfLength(EMAIL_MAX_LENGTH + 1)]) {
      expect(messages(accountRegistrationSchema.safeParse({ ...registration, email: bad })), bad).toEqual({ email: 'Email must be a valid email address' });
    }
    for (const good of ['a@b@c.com', emailOfLength(EMAIL_MAX_LENGTH)]) {
      expect(accountRegistrationSchema.safeParse({ ...registration, email: good }).success, good).toBe(true);
    }
  });

  it('uses the one phone rule', () => {
    for (const good of ['4065550199', '406-555-0199', '+1 406 555 0199', ' (406) 555-0199 ']) {
      expect(accountRegistrationSchema.safeParse({ ...registration, phone: good }).success, good).toBe(true);
    }
    for (const bad of ['12345', '406-555-019', 'call me']) {
      expect(messages(accountRegistrationSchema.safeParse({ ...registration, phone: bad })), bad).toEqual({ phone: 'Phone must be a valid phone number' });
    }
  });

  it('limits the names to 100 characters', () => {
    expect(MAX_NAME_LENGTH).toBe(100);
    const long = 'x'.repeat(MAX_NAME_LENGTH);
    expect(accountRegistrationSchema.safeParse({ ...registration, firstName: long, lastName: long }).success).toBe(true);
    expect(messages(accountRegistrationSchema.safeParse({ ...registration, firstName: `${long}x`, lastName: ` ${long}x ` }))).toEqual({
      firstName: 'First name must be at most 100 characters',
      lastName: 'Last name must be at most 100 characters',
    });
    // Surrounding spaces do not count.
    expect(accountRegistrationSchema.safeParse({ ...registration, firstName: `  ${long}  ` }).success).toBe(true);
  });

  it('asks a password of 8 to 200 characters, confirmed', () => {
    expect([MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH]).toEqual([8, 200]);
    const withPassword = (password: string, confirmPassword = password) => accountRegistrationSchema.safeParse({ ...registration, password, confirmPassword });
    expect(messages(withPassword('x'.repeat(7)))).toEqual({ password: 'Password must be at least 8 characters' });
    expect(withPassword('x'.repeat(8)).success).toBe(true);
    expect(withPassword('x'.repeat(200)).success).toBe(true);
    expect(messages(withPassword('x'.repeat(201)))).toEqual({ password: 'Password must be at most 200 characters' });
    // Spaces count: a password is taken as typed.
    expect(withPassword('  1234  ').success).toBe(true);
    expect(messages(withPassword('long enough', 'long enough '))).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(messages(withPassword('long enough', ''))).toEqual({ confirmPassword: 'Please confirm your password' });
    // No mismatch without a password: only the password is reported.
    expect(messages(withPassword('', 'long enough'))).toEqual({ password: 'Password is required' });
  });
});

describe('password change', () => {
  it('asks the current password unless the customer just signed in, reporting every field at once', () => {
    expect(messages(passwordChangeSchema({ askCurrent: true }).safeParse({}))).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(passwordChangeSchema({ askCurrent: false }).safeParse({}))).toEqual({
      newPassword: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(passwordChangeSchema({ askCurrent: false }).safeParse({ newPassword: 'second-password', confirmPassword: 'second-password' }).success).toBe(true);
  });

  it('applies the new password rules to the new password', () => {
    const change = (newPassword: string, confirmPassword = newPassword) =>
      passwordChangeSchema({ askCurrent: true }).safeParse({ currentPassword: 'first-password', newPassword, confirmPassword });
    expect(messages(change('short'))).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect(messages(change('x'.repeat(201)))).toEqual({ newPassword: 'Password must be at most 200 characters' });
    expect(messages(change('second-password', 'other-password'))).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(change('second-password')).toEqual({
      success: true,
      data: { currentPassword: 'first-password', newPassword: 'second-password', confirmPassword: 'second-password' },
    });
  });
});
