import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanProductRegistration } from '../../server/src/forms/product-registrations';
import { HttpError } from '../../server/src/problem';

/** The server's side of the product registration rules (decision 023). */
const body = {
  documentId: 'rk-15-carbine',
  serialNumber: ' rk15-0042 ',
  purchaseDate: '2025-06-15',
  purchasedFrom: ' Cascade Outfitters ',
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  zip: '97701',
  optInNotices: false,
  captcha: 'never-kept',
};

function refusal(input: typeof body): HttpError {
  try {
    cleanProductRegistration(input);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('accepted');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('cleanProductRegistration', () => {
  it('answers the clean values without the captcha', () => {
    const clean = cleanProductRegistration(body);
    expect(clean).toEqual({ ...body, serialNumber: 'RK15-0042', purchasedFrom: 'Cascade Outfitters', captcha: undefined, phone: undefined });
    expect('captcha' in clean).toBe(false);
  });

  it("takes a purchase date that is already today somewhere (up to UTC+14), not the day after", () => {
    // 20:00 UTC on 15 June is 16 June in Kiribati (UTC+14): a customer there bought it "today".
    vi.useFakeTimers({ now: new Date('2025-06-15T20:00:00Z'), toFake: ['Date'] });
    expect(cleanProductRegistration({ ...body, purchaseDate: '2025-06-16' }).purchaseDate).toBe('2025-06-16');
    const error = refusal({ ...body, purchaseDate: '2025-06-17' });
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([{ field: 'purchaseDate', message: 'Purchase date cannot be in the future' }]);
  });

  it('lists each failing field once, with the browser’s message', () => {
    const error = refusal({ ...body, serialNumber: 'x', zip: '', email: 'nope' });
    expect(error.status).toBe(400);
    expect(error.message).toBe('Serial number must be 3 to 20 letters, digits or dashes; Email must be a valid email address; Zip code is required');
    expect(error.errors?.map((e) => e.field)).toEqual(['serialNumber', 'email', 'zip']);
  });
});
