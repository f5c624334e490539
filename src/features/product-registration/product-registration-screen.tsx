import { getFormProps, getInputProps, getSelectProps, useForm, type FieldMetadata } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import type { FormValues } from '../../../machines/forms/form-submit.types';
import { unwrap } from '../../api/client';
import { paths } from '../../config/paths';
import { useAppServices } from '../../services/providers';
import { Captcha } from '../../components/captcha';
import { clearErrorsOnInput } from '../../components/clear-errors-on-input';
import { CheckboxField, Field, SelectField } from '../../components/field';
import formPage from '../../components/form-page.module.css';
import {
  EARLIEST_PURCHASE_DATE,
  localIsoDate,
  PRODUCT_REGISTRATION_LABELS as LABELS,
  productRegistrationSchema,
  type ProductRegistrationValues,
} from '../../domain/product-registration';
import page from '../../components/content-page.module.css';
import { useFormSubmit } from '../../components/forms/use-form-submit';
import { useSignedInPerson } from '../../components/forms/use-signed-in-person';
import styles from './product-registration.module.css';
import type { createProductRegistrationRoute, ProductRegistrationData } from './product-registration-routes';

/**
 * Product registration (decision 023): an owner registers a purchased firearm for warranty
 * service and recall notices. Like the other captcha-protected forms (features/forms), the rules
 * are the shared zod schema, the submission is the form machine (machines/forms), the notice is
 * the server's message and a success starts the form over.
 */
export function ProductRegistrationScreen() {
  const { models } = useLoaderData<ReturnType<typeof createProductRegistrationRoute>['loader']>();
  const person = useSignedInPerson();
  return (
    <article className={page.page}>
      <header className={`${page.narrow} ${page.header}`}>
        <h1 className={page.title}>Register your firearm</h1>
        <p className={page.lead}>
          Registering your firearm puts it on file for warranty service, so a repair needs no receipt hunt, and lets us reach
          you directly if a safety recall or inspection ever concerns your model and serial number.
        </p>
        <p className={styles.warranty}>
          What is covered and for how long: <Link to={paths.warranty}>read our warranty</Link>.
        </p>
      </header>
      <div className={page.narrow}>
        {models ? (
          <RegistrationForm key={person?.email ?? 'guest'} models={models} person={person} />
        ) : (
          <p role="alert" className={styles.unavailable}>
            The list of firearms could not be loaded, so registration is not possible right now. Please reload the page or try
            again later.
          </p>
        )}
      </div>
    </article>
  );
}

interface FormProps {
  models: NonNullable<ProductRegistrationData['models']>;
  person: ReturnType<typeof useSignedInPerson>;
}

function RegistrationForm({ models, person }: FormProps) {
  const { api } = useAppServices();
  const submission = useFormSubmit(async (values) => {
    const { message } = await unwrap(api.POST('/Registration/product', { body: toBody(values) }));
    return message;
  });
  // A success remounts the form: fields back to their defaults, the captcha unticked.
  return <RegistrationFormBody key={submission.resetKey} models={models} person={person} {...submission} />;
}

/** The checked values as the form machine carries them (texts; the checkbox as 'true' or 'false'). */
function toFormValues(values: ProductRegistrationValues): FormValues {
  return { ...values, phone: values.phone ?? '', optInNotices: String(values.optInNotices) };
}

/** The machine's values as the contract's body; an empty phone is left out (decision 004). */
function toBody(values: FormValues) {
  return {
    documentId: values.documentId,
    serialNumber: values.serialNumber,
    purchaseDate: values.purchaseDate,
    purchasedFrom: values.purchasedFrom,
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    ...(values.phone ? { phone: values.phone } : {}),
    zip: values.zip,
    optInNotices: values.optInNotices === 'true',
    captcha: values.captcha,
  };
}

type BodyProps = FormProps & ReturnType<typeof useFormSubmit>;

function RegistrationFormBody({ models, person, submit, isSubmitting, resetKey, captchaRound, serverErrorOf, edit }: BodyProps) {
  const [captcha, setCaptcha] = useState<string | null>(null);

  const [form, fields] = useForm({
    id: `product-registration-${resetKey}`,
    defaultValue: {
      documentId: '',
      serialNumber: '',
      purchaseDate: '',
      purchasedFrom: '',
      firstName: person?.firstName ?? '',
      lastName: person?.lastName ?? '',
      email: person?.email ?? '',
      phone: '',
      zip: '',
      optInNotices: 'on',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productRegistrationSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      submit(toFormValues(submission.value));
    },
  });

  // The form's own errors first; else the server's (a refusal's field errors), until edited.
  const errorsOf = (field: FieldMetadata<string>) => (field.errors?.length ? field.errors : serverErrorOf(field.name));
  const clearOwnErrors = clearErrorsOnInput(form);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    clearOwnErrors(event);
    const name = (event.target as Partial<HTMLInputElement> | null)?.name;
    if (typeof name === 'string' && name) edit(name);
  };

  const text = (field: FieldMetadata<string>, label: string, extra: { type?: 'text' | 'email' | 'tel' | 'date'; autoComplete?: string; inputMode?: 'numeric'; hint?: ReactNode; min?: string; max?: string } = {}) => {
    const { hint, type = 'text', ...rest } = extra;
    return (
      <Field
        label={label}
        errors={errorsOf(field)}
        errorId={field.errorId}
        hint={hint}
        inputProps={{ ...withoutKey(getInputProps(field, { type })), ...rest }}
      />
    );
  };

  const captchaField = fields.captcha;
  const today = localIsoDate();
  return (
    <form {...getFormProps(form)} onInput={onInput} aria-label="Product registration" className={formPage.form} noValidate>
      <p className={formPage.required}>All fields are required unless marked optional.</p>

      <Section title="Your firearm">
        <div className={formPage.grid}>
          <SelectField
            label={LABELS.documentId}
            errors={errorsOf(fields.documentId)}
            errorId={fields.documentId.errorId}
            className={formPage.wide}
            selectProps={withoutKey(getSelectProps(fields.documentId))}
            options={models.map((model) => ({ value: model.documentId, label: model.title }))}
            placeholder="Choose your firearm"
          />
          {text(fields.serialNumber, LABELS.serialNumber, { hint: 'Stamped on the frame or receiver; letters, digits and dashes' })}
          {text(fields.purchaseDate, LABELS.purchaseDate, { type: 'date', min: EARLIEST_PURCHASE_DATE, max: today })}
          <div className={formPage.wide}>{text(fields.purchasedFrom, LABELS.purchasedFrom, { hint: 'The dealer or store you bought it from' })}</div>
        </div>
      </Section>

      <Section title="Owner">
        <div className={formPage.grid}>
          {text(fields.firstName, LABELS.firstName, { autoComplete: 'given-name' })}
          {text(fields.lastName, LABELS.lastName, { autoComplete: 'family-name' })}
          <div className={formPage.wide}>{text(fields.email, LABELS.email, { type: 'email', autoComplete: 'email' })}</div>
          {text(fields.phone, `${LABELS.phone} (optional)`, { type: 'tel', autoComplete: 'tel' })}
          {text(fields.zip, LABELS.zip, { autoComplete: 'postal-code', inputMode: 'numeric' })}
        </div>
        <div className={styles.notices}>
          <CheckboxField
            label="Email me product and safety notices for this firearm"
            className={formPage.switch}
            inputProps={{ ...withoutKey(getInputProps(fields.optInNotices, { type: 'checkbox' })), 'aria-describedby': 'product-registration-recalls' }}
          />
          <p id="product-registration-recalls" className={styles.noticeHint}>
            Safety recalls are always sent to registered owners, whatever you choose here.
          </p>
        </div>
      </Section>

      <input type="hidden" name={captchaField.name} value={captcha ?? ''} />
      <div className={formPage.actions}>
        <Captcha
          id="product-registration-captcha"
          resetKey={captchaRound}
          errors={errorsOf(captchaField)}
          onChange={(value) => {
            setCaptcha(value);
            if (!value) return;
            if (captchaField.errors?.length) form.update({ name: captchaField.name, validated: false });
            edit(captchaField.name);
          }}
        />
        <button type="submit" className={formPage.submit} aria-disabled={isSubmitting || undefined} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Register'}
        </button>
      </div>
    </form>
  );
}

/** Conform's props carry a React `key`, which must not be spread into an element's props. */
function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, 'key'> {
  const rest = { ...props };
  delete rest.key;
  return rest;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `product-registration-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={formPage.section} aria-labelledby={id}>
      <h2 id={id} className={formPage.sectionHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
