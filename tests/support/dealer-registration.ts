import {
  dealerRegistrationDefaults,
  dealerRegistrationFormFields,
  type DealerRegistrationValues,
} from '../../src/domain/dealer-registration';

/** The form's values from some of them, the rest as an empty form reads (the fields schema's defaults). */
export const formValues = (values: Partial<DealerRegistrationValues>): DealerRegistrationValues => dealerRegistrationFormFields.parse(values);

/**
 * A dealer registration that passes every rule (catalogue-and-content.md section 7): no FFL/SOT
 * block, the shipping address used for billing and the locator, the captcha solved.
 */
export const completeDealerRegistration: DealerRegistrationValues = formValues({
  ...dealerRegistrationDefaults,
  company: 'Gem State Arms',
  website: 'https://gemstate.example',
  phone: '(208) 555-0199',
  email: 'ffl@gemstate.example',
  password: 'Sturdy-pass-1',
  confirmPassword: 'Sturdy-pass-1',
  firstName: 'Gail',
  lastName: 'Stone',
  streetAddress: '12 Range Road',
  city: 'Boise',
  state: 'ID',
  postalCode: '83702',
  captcha: 'solved',
});

/** The smallest file that starts like a PDF, as the browser's check and the multipart body see it. */
export const fflPdf = () => new File(['%PDF-1.4\n%%EOF'], 'ffl.pdf', { type: 'application/pdf' });
