import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORD,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_CONTAINS_EMAIL,
  accountEmailSchema,
  accountRegistrationSchema,
  containsEmail,
  isCommonPassword,
  passwordChangeSchema,
  passwordResetSchema,
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
    const result = accountRegistrationSchema.safeParse({ ...registration, firstName: ' Riley ', email: ' riley@example.com ', password: ' pass word 42 ', confirmPassword: ' pass word 42 ' });
    expect(result).toEqual({ success: true, data: { ...registration, password: ' pass word 42 ', confirmPassword: ' pass word 42 ' } });
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

  it('asks a password of 12 to 200 characters, confirmed', () => {
    expect([MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH]).toEqual([12, 200]);
    const withPassword = (password: string, confirmPassword = password) => accountRegistrationSchema.safeParse({ ...registration, password, confirmPassword });
    const long = (length: number) => 'tr41l-h34d#'.repeat(20).slice(0, length);
    expect(messages(withPassword(long(11)))).toEqual({ password: 'Password must be at least 12 characters' });
    expect(withPassword(long(12)).success).toBe(true);
    expect(withPassword(long(200)).success).toBe(true);
    expect(messages(withPassword(long(201)))).toEqual({ password: 'Password must be at most 200 characters' });
    // Spaces count: a password is taken as typed.
    expect(withPassword('  trail 42  ').success).toBe(true);
    expect(messages(withPassword('  trail 42 '))).toEqual({ password: 'Password must be at least 12 characters' });
    expect(messages(withPassword('long enough now', 'long enough now '))).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(messages(withPassword('long enough now', ''))).toEqual({ confirmPassword: 'Please confirm your password' });
    // No mismatch without a password: only the password is reported.
    expect(messages(withPassword('', 'long enough now'))).toEqual({ password: 'Password is required' });
  });

  it('refuses a common password and one containing the email, with their messages', () => {
    const withPassword = (password: string, email = registration.email) =>
      accountRegistrationSchema.safeParse({ ...registration, email, password, confirmPassword: password });
    expect(messages(withPassword('Password1234'))).toEqual({ password: 'This password is too common. Choose another.' });
    expect(messages(withPassword('my-RILEY-password'))).toEqual({ password: 'Password must not contain your email address' });
    // The email as typed, even when it is not a valid address (its own message says so).
    expect(messages(withPassword('my-RILEY-password', 'riley'))).toEqual({
      email: 'Email must be a valid email address',
      password: 'Password must not contain your email address',
    });
    // Length first, then the email, then the list: one message.
    expect(messages(withPassword('riley1234'))).toEqual({ password: 'Password must be at least 12 characters' });
    expect(messages(withPassword('riley-password1'))).toEqual({ password: 'Password must not contain your email address' });
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
    expect(messages(change('short'))).toEqual({ newPassword: 'Password must be at least 12 characters' });
    expect(messages(change('qwertyuiop12'))).toEqual({ newPassword: COMMON_PASSWORD });
    expect(messages(change('x'.repeat(201)))).toEqual({ newPassword: 'Password must be at most 200 characters' });
    expect(messages(change('second-password', 'other-password'))).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(change('second-password')).toEqual({
      success: true,
      data: { currentPassword: 'first-password', newPassword: 'second-password', confirmPassword: 'second-password' },
    });
  });

  it("refuses a new password containing the account's email when it is given", () => {
    const values = { currentPassword: 'first-password', newPassword: 'sam.smith-2024!', confirmPassword: 'sam.smith-2024!' };
    expect(passwordChangeSchema({ askCurrent: true }).safeParse(values).success).toBe(true);
    expect(messages(passwordChangeSchema({ askCurrent: true, email: 'Sam.Smith@example.com' }).safeParse(values))).toEqual({ newPassword: PASSWORD_CONTAINS_EMAIL });
  });
});

describe('password reset', () => {
  const reset = (newPassword: string, confirmPassword = newPassword, email = 'sam@example.com') =>
    passwordResetSchema({ email }).safeParse({ newPassword, confirmPassword });

  it('asks the new password twice under the password rule', () => {
    expect(messages(passwordResetSchema({ email: 'sam@example.com' }).safeParse({}))).toEqual({
      newPassword: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(messages(reset('short'))).toEqual({ newPassword: 'Password must be at least 12 characters' });
    expect(messages(reset('sunshine2024!'))).toEqual({ newPassword: COMMON_PASSWORD });
    expect(messages(reset('i-am-sam-i-am!'))).toEqual({ newPassword: PASSWORD_CONTAINS_EMAIL });
    expect(messages(reset('a-fresh-password', 'a-fresh-passw0rd'))).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(reset('a-fresh-password')).toEqual({ success: true, data: { newPassword: 'a-fresh-password', confirmPassword: 'a-fresh-password' } });
  });

  it('asks a valid email address for the link', () => {
    expect(messages(accountEmailSchema.safeParse({}))).toEqual({ email: 'Email is required' });
    expect(messages(accountEmailSchema.safeParse({ email: 'nope' }))).toEqual({ email: 'Email must be a valid email address' });
    expect(accountEmailSchema.safeParse({ email: ' sam@example.com ' })).toEqual({ success: true, data: { email: 'sam@example.com' } });
  });
});

describe('the password rule', () => {
  it('knows common passwords, whatever their case', () => {
    for (const common of ['password1234', 'PASSWORD1234', 'qwertyuiop123', '1qaz2wsx3edc', 'iloveyouiloveyou', 'Football', 'letmein']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
  });

  it('also when a common one is only padded with digits or symbols', () => {
    for (const padded of ['Sunshine2024!', '1234dragon5678', '!!monkey!!!!', 'Baseball#1986', 'trustno1trustno1'.slice(0, 8) + '2020!!']) {
      expect(isCommonPassword(padded), padded).toBe(true);
    }
  });

  it('and a short pattern repeated, or a run of digits', () => {
    for (const pattern of ['aaaaaaaaaaaa', 'abcabcabcabc', 'xy12xy12xy12', '123456789012', '987654321098', '0123456789012345']) {
      expect(isCommonPassword(pattern), pattern).toBe(true);
    }
  });

  it('leaves other passwords alone', () => {
    for (const fine of ['correct horse battery', 'Trail-ab12cd34-9', 'ridge-line-lever-7', 'sunshine on the ridge', '1357924680135', 'abcdabcdabcx', 'qz!tr4w#pl0m']) {
      expect(isCommonPassword(fine), fine).toBe(false);
    }
  });

  it('finds the email, its local part or the local part before a + tag, case-insensitively, from 3 characters', () => {
    expect(containsEmail('x-Sam.Smith+shop@Example.com-x', 'sam.smith+shop@example.com')).toBe(true);
    expect(containsEmail('i-am-SAM.SMITH+SHOP', 'sam.smith+shop@example.com')).toBe(true);
    expect(containsEmail('i-am-sam.smith', 'sam.smith+shop@example.com')).toBe(true);
    expect(containsEmail('bob-loves-trail-runs', 'bob@example.com')).toBe(true);
    // A local part of 1 or 2 characters is too likely by chance; the whole address still counts.
    expect(containsEmail('jo-loves-trail-runs', 'jo@example.com')).toBe(false);
    expect(containsEmail('mine:jo@example.com', 'jo@example.com')).toBe(true);
    expect(containsEmail('example.com-password', 'jo@example.com')).toBe(false);
    expect(containsEmail('anything at all', '')).toBe(false);
  });
});
