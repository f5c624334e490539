import { parseWithZod } from '@conform-to/zod/v4';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData } from 'react-router-dom';
import { createRegistrationActors } from '../../../machines/dealer-registration/dealer-registration.actors';
import { connect, type RegistrationApi } from '../../../machines/dealer-registration/dealer-registration.connect';
import { dealerRegistrationMachine } from '../../../machines/dealer-registration/dealer-registration.machine';
import { useAppServices } from '../../services/providers';
import { useForwardNotifications } from '../../components/use-notifications';
import { Captcha } from '../../components/captcha';
import { CheckboxField, Field, SelectField } from '../../components/field';
import formPage from '../../components/form-page.module.css';
import { useConnect } from '../../components/use-connect';
import { US_STATES } from '../../domain/us-zips';
import {
  DEALER_REGISTRATION_MAX_LENGTH,
  dealerRegistrationDefaults,
  dealerRegistrationFormFields,
  DEFAULT_COUNTRY,
  type DealerRegistrationValues,
  type Switch,
} from '../../domain/dealer-registration';
import { useRouteTitle } from '../../components/use-route-title';
import page from '../../components/content-page.module.css';
import type { createDealerRegistrationRoute } from './dealer-registration-routes';
import styles from './dealer-registration.module.css';

/** What the file inputs offer (section 5: PDF or TIFF only; the server checks the content again). */
export const DOCUMENT_ACCEPT = '.pdf,.tif,.tiff,application/pdf,image/tiff';
const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const COUNTRY_OPTIONS = [{ value: DEFAULT_COUNTRY, label: DEFAULT_COUNTRY }];

type Switches = Record<Switch, boolean>;
const DEFAULT_SWITCHES: Switches = {
  useForBillingAddress: dealerRegistrationDefaults.useForBillingAddress,
  appearInDealerLocator: dealerRegistrationDefaults.appearInDealerLocator,
  useThisAddressInDealerLocator: dealerRegistrationDefaults.useThisAddressInDealerLocator,
  hasFflSot: dealerRegistrationDefaults.hasFflSot,
};

/**
 * Dealer registration (catalogue-and-content.md sections 2-5, 7, 8): the page text from the
 * content service, then the form. The rules and the submission belong to the registration
 * machine (machines/dealer-registration); this view holds the values, renders the machine's
 * errors and forwards intents. A success remounts the form with its defaults (section 4); any
 * answer of the server resets the captcha, whose solution the server has spent.
 */
export function DealerRegistrationScreen() {
  const content = useLoaderData<ReturnType<typeof createDealerRegistrationRoute>['loader']>();
  const routeTitle = useRouteTitle();
  const { api } = useAppServices();
  const machine = useMemo(() => dealerRegistrationMachine.provide({ actors: createRegistrationActors(api) }), [api]);
  // No success text of its own: the notice is the server's message.
  const actor = useActorRef(machine, { input: {} });
  const registration = useConnect(actor, (snapshot) => connect(snapshot, actor.send));

  useForwardNotifications(actor);

  const title = content.title || routeTitle;
  return (
    <article className={page.page}>
      <header className={`${page.container} ${page.narrow} ${page.header}`}>
        <h1 className={page.title}>{title}</h1>
        {content.greeting ? <p className={styles.greeting}>{content.greeting}</p> : null}
        {content.subText ? <p className={styles.subText}>{content.subText}</p> : null}
      </header>
      <div className={`${page.container} ${page.narrow}`}>
        <RegistrationForm key={registration.resetKey} registration={registration} />
      </div>
    </article>
  );
}

/**
 * The form's values as the machine takes them, read by Conform with the form's own fields schema
 * (which never fails on the form's values; an empty file input is no document). The captcha's
 * value is the widget's, not a form field.
 */
function valuesOf(form: HTMLFormElement, captcha: string | null): DealerRegistrationValues {
  const data = new FormData(form);
  data.set('captcha', captcha ?? '');
  const submission = parseWithZod(data, { schema: dealerRegistrationFormFields });
  if (submission.status !== 'success') throw new Error('The dealer registration form holds a value its fields schema cannot read');
  return submission.value;
}

function RegistrationForm({ registration }: { registration: RegistrationApi }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [switches, setSwitches] = useState<Switches>(DEFAULT_SWITCHES);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const { errorOf, edit, focusKey } = registration;

  // A refused submit moves focus to the first field in error (WCAG 3.3.1), in document order.
  useEffect(() => {
    if (focusKey === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusKey]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.submitting) return;
    registration.submit(valuesOf(event.currentTarget, captcha));
  };

  // Section 5: a field's error clears when that field is edited.
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as Partial<HTMLInputElement>).name;
    if (typeof name === 'string' && name) edit(name);
  };

  const toggle = (name: Switch) => ({
    id: `dealer-${name}`,
    name,
    checked: switches[name],
    onChange: () => setSwitches((current) => ({ ...current, [name]: !current[name] })),
  });

  const text = (name: string, label: string, extra: Partial<Parameters<typeof Field>[0]['inputProps']> = {}, wide = false) => (
    <Field
      label={label}
      errors={errorOf(name)}
      errorId={`dealer-${name}-error`}
      className={wide ? formPage.wide : undefined}
      inputProps={{ id: `dealer-${name}`, name, type: 'text', maxLength: DEALER_REGISTRATION_MAX_LENGTH[name], ...extra }}
    />
  );

  const address = (prefix: '' | 'billing' | 'locator', autoCompleteSection: string) => {
    const name = (field: string) => (prefix ? `${prefix}${field[0].toUpperCase()}${field.slice(1)}` : field);
    const auto = (token: string) => `${autoCompleteSection} ${token}`.trim();
    return (
      <div className={formPage.grid}>
        {text(name('streetAddress'), 'Street address', { autoComplete: auto('street-address') }, true)}
        {text(name('city'), 'City', { autoComplete: auto('address-level2') })}
        <SelectField
          label="State"
          errors={errorOf(name('state'))}
          errorId={`dealer-${name('state')}-error`}
          selectProps={{ id: `dealer-${name('state')}`, name: name('state'), defaultValue: '', autoComplete: auto('address-level1') }}
          options={STATE_OPTIONS}
          placeholder="Choose a state"
        />
        {text(name('postalCode'), 'Postal code', { autoComplete: auto('postal-code'), inputMode: 'numeric' })}
        <SelectField
          label="Country"
          errors={errorOf(name('country'))}
          errorId={`dealer-${name('country')}-error`}
          selectProps={{ id: `dealer-${name('country')}`, name: name('country'), defaultValue: DEFAULT_COUNTRY, autoComplete: auto('country-name') }}
          options={COUNTRY_OPTIONS}
        />
      </div>
    );
  };

  const upload = (name: 'fflDocument' | 'sotDocument', label: string) => (
    <Field
      label={label}
      errors={errorOf(name)}
      errorId={`dealer-${name}-error`}
      hint="PDF or TIFF"
      inputProps={{ id: `dealer-${name}`, name, type: 'file', accept: DOCUMENT_ACCEPT, className: styles.file }}
    />
  );

  const showLocatorAddress = switches.appearInDealerLocator && !switches.useThisAddressInDealerLocator;
  return (
    <form ref={formRef} className={`${formPage.form} ${styles.form}`} aria-label="Dealer registration" noValidate onSubmit={onSubmit} onInput={onInput}>
      <p className={formPage.required}>All fields are required unless marked optional.</p>

      <Section title="Company">
        <div className={formPage.grid}>
          {text('company', 'Company name', { autoComplete: 'organization' }, true)}
          {text('website', 'Website', { inputMode: 'url', autoComplete: 'url', placeholder: 'https://' })}
          {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
        </div>
      </Section>

      <Section title="Account">
        <div className={formPage.grid}>
          {text('firstName', 'First name', { autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { autoComplete: 'family-name' })}
          {text('email', 'Email', { type: 'email', autoComplete: 'email' }, true)}
          {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
          {text('confirmPassword', 'Confirm password', { type: 'password', autoComplete: 'new-password' })}
        </div>
      </Section>

      <Section title="Shipping address">
        {address('', 'shipping')}
        <CheckboxField label="Use this address for billing" inputProps={toggle('useForBillingAddress')} className={formPage.switch} />
      </Section>

      {/* Hidden blocks stay mounted so what was typed survives a toggle; the body builder skips them. */}
      <Section title="Billing address" hidden={switches.useForBillingAddress}>
        {address('billing', 'billing')}
      </Section>

      <Section title="Dealer locator">
        <CheckboxField label="Show my business in the dealer locator" inputProps={toggle('appearInDealerLocator')} className={formPage.switch} />
        <div hidden={!switches.appearInDealerLocator}>
          <CheckboxField
            label="Use the shipping address in the dealer locator"
            inputProps={toggle('useThisAddressInDealerLocator')}
            className={formPage.switch}
          />
        </div>
        <div hidden={!showLocatorAddress} className={styles.subBlock}>
          <h3 className={styles.subHeading}>Dealer locator address</h3>
          {address('locator', '')}
        </div>
      </Section>

      <Section title="FFL / SOT">
        <CheckboxField label="I hold an FFL or SOT" inputProps={toggle('hasFflSot')} className={formPage.switch} />
        <div hidden={!switches.hasFflSot} className={formPage.grid}>
          {text('fflNumber', 'FFL number')}
          {upload('fflDocument', 'FFL document')}
          {text('sotEin', 'SOT EIN (optional)')}
          {upload('sotDocument', 'SOT document (optional)')}
        </div>
      </Section>

      <div className={formPage.actions}>
        <Captcha
          id="dealer-captcha"
          resetKey={registration.captchaKey}
          errors={errorOf('captcha')}
          onChange={(value) => {
            setCaptcha(value);
            if (value) edit('captcha');
          }}
        />
        <button type="submit" className={formPage.submit} disabled={registration.submitting} aria-disabled={registration.submitting || undefined}>
          {registration.submitting ? 'Submitting…' : 'Submit'}
        </button>
      </div>
    </form>
  );
}

function Section({ title, hidden, children }: { title: string; hidden?: boolean; children: ReactNode }) {
  const id = `dealer-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={formPage.section} aria-labelledby={id} hidden={hidden}>
      <h2 id={id} className={formPage.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
