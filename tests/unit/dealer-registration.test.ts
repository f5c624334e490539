import { describe, expect, it } from 'vitest';
import {
  dealerRegistrationBody,
  dealerRegistrationDefaults,
  dealerRegistrationErrors,
  isPdfOrTiff,
} from '../../src/domain/dealer-registration';
import { completeDealerRegistration, fflPdf } from '../support/dealer-registration';

/** catalogue-and-content.md sections 3, 5 and 7: messages, conditional blocks, the multipart body. */

const complete = completeDealerRegistration;
const pdf = fflPdf();

describe('dealer registration rules', () => {
  it('an empty form: Required for every required field and the captcha message', () => {
    const errors = dealerRegistrationErrors({ ...dealerRegistrationDefaults, country: '' });
    for (const field of ['company', 'website', 'phone', 'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'streetAddress', 'city', 'state', 'postalCode', 'country']) {
      expect(errors[field], field).toBe('Required');
    }
    expect(errors.captcha).toBe('Please complete the reCAPTCHA');
    expect(errors.billingStreetAddress).toBeUndefined();
    expect(errors.fflNumber).toBeUndefined();
  });

  it('format messages and the password match', () => {
    expect(
      dealerRegistrationErrors({ ...complete, website: 'not a site', phone: '12345', email: 'nope', confirmPassword: 'other' }),
    ).toEqual({
      website: 'Website must be a valid URL',
      phone: 'Phone must be a valid phone number',
      email: 'Email must be a valid email address',
      confirmPassword: 'Password values must match',
    });
    expect(dealerRegistrationErrors(complete)).toEqual({});
  });

  it('billing, locator and FFL blocks are required only when revealed', () => {
    const errors = dealerRegistrationErrors({ ...complete, useForBillingAddress: false, useThisAddressInDealerLocator: false, hasFflSot: true });
    expect(Object.keys(errors).sort()).toEqual(
      ['billingCity', 'billingPostalCode', 'billingState', 'billingStreetAddress', 'locatorCity', 'locatorPostalCode', 'locatorState', 'locatorStreetAddress', 'fflNumber', 'fflDocument'].sort(),
    );
    // The countries default to United States; SOT fields stay optional.
    expect(errors.billingCountry).toBeUndefined();
    expect(errors.sotEin).toBeUndefined();
    expect(dealerRegistrationErrors({ ...complete, appearInDealerLocator: false, useThisAddressInDealerLocator: false })).toEqual({});
  });

  it('documents must be PDF or TIFF', () => {
    expect(isPdfOrTiff(pdf)).toBe(true);
    expect(isPdfOrTiff(new File(['II*'], 'scan.TIF'))).toBe(true);
    expect(isPdfOrTiff(new File(['x'], 'license.docx', { type: 'application/msword' }))).toBe(false);
    expect(
      dealerRegistrationErrors({ ...complete, hasFflSot: true, fflNumber: '1-23-456-78-9A-12345', fflDocument: new File(['x'], 'ffl.png', { type: 'image/png' }) }),
    ).toEqual({ fflDocument: 'FFL document must be a PDF or TIFF file' });
  });

  it('the body: files as files, text as text, empties skipped, no captcha, shipping copied', () => {
    const body = dealerRegistrationBody({ ...complete, website: '  https://gemstate.example ', sotEin: '', hasFflSot: true, fflNumber: '1-23', fflDocument: pdf, sotDocument: null });
    expect(body.get('captcha')).toBeNull();
    expect(body.get('sotEin')).toBeNull();
    expect(body.get('sotDocument')).toBeNull();
    expect(body.get('website')).toBe('https://gemstate.example');
    expect(body.get('hasFflSot')).toBe('true');
    expect(body.get('fflDocument')).toBeInstanceOf(File);
    expect((body.get('fflDocument') as File).name).toBe('ffl.pdf');
    expect(body.get('billingStreetAddress')).toBe('12 Range Road');
    expect(body.get('locatorPostalCode')).toBe('83702');
    expect(body.get('locatorCountry')).toBe('United States');
  });

  it('the body leaves out FFL values when the switch is off and the locator block when not listed', () => {
    const body = dealerRegistrationBody({ ...complete, appearInDealerLocator: false, fflNumber: '1-23', fflDocument: pdf });
    expect(body.get('fflNumber')).toBeNull();
    expect(body.get('fflDocument')).toBeNull();
    expect(body.get('locatorStreetAddress')).toBeNull();
    expect(body.get('appearInDealerLocator')).toBe('false');
  });
});
