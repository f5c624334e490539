import { describe, expect, it } from 'vitest';
import { CAPTCHA_REQUIRED } from '../../src/domain/form-messages';
import {
  createProductRegistrationSchema,
  EARLY_PURCHASE_DATE,
  FUTURE_PURCHASE_DATE,
  INVALID_PHONE,
  INVALID_PURCHASE_DATE,
  INVALID_SERIAL_NUMBER,
  INVALID_ZIP,
  isIsoDate,
  localIsoDate,
} from '../../src/domain/product-registration';

/** The product registration rules (docs/decisions/023), with a fixed "today". */
const schema = createProductRegistrationSchema(() => '2025-06-15');
const messages = (input: unknown) =>
  Object.fromEntries((schema.safeParse(input).error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

const valid = {
  documentId: 'rk-15-carbine',
  serialNumber: 'rk15-004211',
  purchaseDate: '2025-06-15',
  purchasedFrom: 'Cascade Outfitters',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  zip: '97701',
  optInNotices: 'on',
  captcha: 'solved',
};

describe('product registration rules', () => {
  it('names every required field with the generic message, and the captcha with its own', () => {
    expect(messages({})).toEqual({
      documentId: 'Product model is required',
      serialNumber: 'Serial number is required',
      purchaseDate: 'Purchase date is required',
      purchasedFrom: 'Purchased from is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      zip: 'Zip code is required',
      captcha: CAPTCHA_REQUIRED,
    });
    expect(messages({ ...valid, serialNumber: '   ', purchasedFrom: ' ', email: 'dana@example' })).toEqual({
      serialNumber: 'Serial number is required',
      purchasedFrom: 'Purchased from is required',
      email: 'Email must be a valid email address',
    });
  });

  it('accepts a full registration: serial upper-cased, the checkbox a boolean, an empty phone left out', () => {
    const result = schema.safeParse({ ...valid, phone: '  ' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ serialNumber: 'RK15-004211', optInNotices: true });
    expect(result.data?.phone).toBeUndefined();
    expect(schema.safeParse({ ...valid, optInNotices: undefined }).data?.optInNotices).toBe(false);
    expect(schema.safeParse({ ...valid, optInNotices: false }).data?.optInNotices).toBe(false);
    expect(schema.safeParse({ ...valid, optInNotices: true }).data?.optInNotices).toBe(true);
  });

  it('serial number: 3 to 20 letters, digits or dashes', () => {
    for (const ok of ['ABC', 'a1-b2-c3', '12345678901234567890', ' rk1 ']) expect(messages({ ...valid, serialNumber: ok })).toEqual({});
    for (const bad of ['AB', '123456789012345678901', 'RK 15', 'RK_15', 'RK15#', 'ÄBC']) {
      expect(messages({ ...valid, serialNumber: bad })).toEqual({ serialNumber: INVALID_SERIAL_NUMBER });
    }
  });

  it('purchase date: a real date, from 2000 up to today', () => {
    expect(messages({ ...valid, purchaseDate: '2000-01-01' })).toEqual({});
    expect(messages({ ...valid, purchaseDate: '1999-12-31' })).toEqual({ purchaseDate: EARLY_PURCHASE_DATE });
    expect(messages({ ...valid, purchaseDate: '2025-06-16' })).toEqual({ purchaseDate: FUTURE_PURCHASE_DATE });
    for (const bad of ['2025-02-30', '15/06/2025', '2025-6-1', 'yesterday']) {
      expect(messages({ ...valid, purchaseDate: bad })).toEqual({ purchaseDate: INVALID_PURCHASE_DATE });
    }
  });

  it('phone is optional but must be a US number; zip is 5 digits', () => {
    expect(messages({ ...valid, phone: '(541) 555-0123' })).toEqual({});
    expect(messages({ ...valid, phone: '+1 541.555.0123' })).toEqual({});
    expect(messages({ ...valid, phone: '555-0123' })).toEqual({ phone: INVALID_PHONE });
    for (const bad of ['9770', '97701-1234', 'ABCDE']) expect(messages({ ...valid, zip: bad })).toEqual({ zip: INVALID_ZIP });
  });

  it('date helpers: calendar dates only, today in local time', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(localIsoDate(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});
