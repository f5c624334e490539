import { describe, expect, it } from 'vitest';
import { registrationBody, toFormData } from '../../machines/dealer-registration/dealer-registration.actors';
import {
  DEALER_REGISTRATION_MAX_LENGTH,
  dealerRegistrationDefaults,
  dealerRegistrationErrors,
  dealerRegistrationFields,
  isPdfOrTiff,
} from '../../src/domain/dealer-registration';
import { completeDealerRegistration, fflPdf, formValues } from '../support/dealer-registration';
import { readContract } from '../../server/src/contract/contract';

/** catalogue-and-content.md sections 3, 5 and 7: messages, conditional blocks, the multipart body. */

const complete = completeDealerRegistration;
const pdf = fflPdf();
const dealerRegistrationBody = (values: typeof complete) => toFormData(registrationBody(values));

describe('dealer registration rules', () => {
  it('an empty form: Required for every required field and the captcha message', () => {
    const errors = dealerRegistrationErrors(formValues({ ...dealerRegistrationDefaults, country: '' }));
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

  it('the address rules: a US state, a real zip of that state, the offered country', () => {
    expect(dealerRegistrationErrors({ ...complete, postalCode: '1234' })).toEqual({ postalCode: 'Postal code must be a valid zip code' });
    expect(dealerRegistrationErrors({ ...complete, postalCode: '90001' })).toEqual({ postalCode: 'This zip code is not in Idaho' });
    expect(dealerRegistrationErrors({ ...complete, state: 'XX' })).toEqual({ state: 'State must be a US state code, e.g. TX' });
    expect(dealerRegistrationErrors({ ...complete, country: 'Canada' })).toEqual({ country: 'Country must be United States' });
    // A billing block of its own gets the same rules, in its own words.
    expect(dealerRegistrationErrors({ ...complete, useForBillingAddress: false, billingStreetAddress: '1 Main St', billingCity: 'Austin', billingState: 'TX', billingPostalCode: '83702', billingCountry: 'United States' })).toEqual({
      billingPostalCode: 'This zip code is not in Texas',
    });
  });

  it('the account password policy (issue 39), and lengths the contract allows', () => {
    expect(dealerRegistrationErrors({ ...complete, password: 'short1', confirmPassword: 'short1' })).toEqual({ password: 'Password must be at least 12 characters' });
    // The common-password list is the server's (kept out of the browser's bundle; the API test checks it).
    expect(dealerRegistrationErrors({ ...complete, password: 'passwordpassword', confirmPassword: 'passwordpassword' })).toEqual({});
    const local = complete.email.split('@')[0];
    expect(dealerRegistrationErrors({ ...complete, password: `${local}-range-day-2024`, confirmPassword: `${local}-range-day-2024` })).toEqual({ password: 'Password must not contain your email address' });
    expect(dealerRegistrationErrors({ ...complete, company: 'x'.repeat(201) })).toEqual({ company: 'Company must be at most 200 characters' });
    // A block that is not sent is not measured.
    expect(dealerRegistrationErrors({ ...complete, billingCity: 'x'.repeat(500) })).toEqual({});
  });

  it('the schema and the contract name the same fields, required fields and lengths', () => {
    const contract = readContract() as { components: { schemas: { DealerRegistration: { properties: Record<string, { maxLength?: number }>; required: string[] } } } };
    const registration = contract.components.schemas.DealerRegistration;
    expect(Object.keys(registration.properties).sort()).toEqual(Object.keys(dealerRegistrationFields.shape).sort());
    for (const [field, max] of Object.entries(DEALER_REGISTRATION_MAX_LENGTH)) expect(registration.properties[field].maxLength, field).toBe(max);
    // Every field the contract requires is one the rules require (billing is copied when not typed).
    const empty = dealerRegistrationErrors(formValues({ useForBillingAddress: false }));
    for (const field of registration.required) expect(empty[field], field).toBe('Required');
  });

  it('the body: files as files, text as text, empties skipped, no captcha, shipping copied', () => {
    const body = dealerRegistrationBody(formValues({ ...complete, website: '  https://gemstate.example ', sotEin: '', hasFflSot: true, fflNumber: '1-23', fflDocument: pdf, sotDocument: undefined }));
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
