import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { FormValues } from '../../../machines/forms/form-submit.types';
import { Captcha } from '../captcha';
import { clearErrorsOnInput } from '../clear-errors-on-input';
import { Field } from '../field';
import styles from './forms.module.css';
import { useFormSubmit } from './use-form-submit';

export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  multiline?: boolean;
  /** Sent but not shown (e.g. the product of a stock alert, the signed-in customer's name). */
  hidden?: boolean;
  wide?: boolean;
}

interface CaptchaFormProps {
  id: string;
  /** The form's accessible name. */
  label: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  defaults: Record<string, string>;
  send: (values: FormValues) => Promise<string | null>;
  successText?: string;
  submitLabel: string;
  tone?: 'light' | 'dark';
  children?: ReactNode;
}

/**
 * The shared shape of the captcha-protected forms (catalogue-and-content.md sections 3 and 5):
 * Conform + zod with the spec's messages, each field's error cleared when it is edited, the
 * captcha's value carried in a hidden field (never stored), and the submission run by the form
 * machine. A success resets the fields and the captcha; a refusal keeps the fields, shows the
 * server's field errors under them and resets the captcha (its solution is spent), so the next
 * submit needs a new one and says so under the captcha.
 */
export function CaptchaForm(props: CaptchaFormProps) {
  const submission = useFormSubmit(props.send, props.successText);
  // A success remounts the form: fields back to their defaults, the captcha unticked.
  return <CaptchaFormBody key={submission.resetKey} {...props} {...submission} />;
}

type BodyProps = CaptchaFormProps & ReturnType<typeof useFormSubmit>;

function CaptchaFormBody(props: BodyProps) {
  const { id, label, fields, schema, defaults, submitLabel, tone = 'light', children } = props;
  const { submit, isSubmitting, resetKey, captchaRound, serverErrorOf, edit } = props;
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [form, formFields] = useForm({
    id: `${id}-${resetKey}`,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      submit(submission.value as FormValues);
    },
  });

  const captchaField = formFields.captcha;
  // The form's own errors first; else the server's, until the field is edited.
  const errorsOf = (name: string) => (formFields[name].errors?.length ? formFields[name].errors : serverErrorOf(name));
  const clearOwnErrors = clearErrorsOnInput(form);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    clearOwnErrors(event);
    const name = (event.target as Partial<HTMLInputElement> | null)?.name;
    if (typeof name === 'string' && name) edit(name);
  };
  return (
    <form
      {...getFormProps(form)}
      onInput={onInput}
      aria-label={label}
      className={`${styles.form} ${tone === 'dark' ? styles.dark : ''}`}
      noValidate
    >
      {children}
      <div className={styles.fields}>
        {fields.map((spec) => {
          const field = formFields[spec.name];
          if (spec.hidden) {
            const { key, ...hidden } = getInputProps(field, { type: 'hidden' });
            return <input key={key ?? spec.name} {...hidden} />;
          }
          if (spec.multiline) {
            return (
              <div key={spec.name} className={`${styles.multiline} ${styles.wide}`}>
                <label htmlFor={field.id} className={styles.label}>
                  {spec.label}
                </label>
                <textarea
                  id={field.id}
                  name={field.name}
                  defaultValue={typeof field.initialValue === 'string' ? field.initialValue : ''}
                  rows={4}
                  className={styles.textarea}
                  aria-invalid={errorsOf(spec.name)?.length ? true : undefined}
                  aria-describedby={errorsOf(spec.name)?.length ? field.errorId : undefined}
                />
                <div id={field.errorId} className={styles.errors}>
                  {errorsOf(spec.name)?.join(' ')}
                </div>
              </div>
            );
          }
          return (
            <Field
              key={spec.name}
              label={spec.label}
              errors={errorsOf(spec.name)}
              errorId={field.errorId}
              className={spec.wide ? styles.wide : undefined}
              inputProps={{ ...getInputProps(field, { type: spec.type ?? 'text' }), autoComplete: spec.autoComplete }}
            />
          );
        })}
      </div>
      <input type="hidden" name={captchaField.name} value={captcha ?? ''} />
      <div className={styles.actions}>
        <Captcha
          id={`${id}-captcha`}
          resetKey={captchaRound}
          errors={errorsOf(captchaField.name)}
          onChange={(value) => {
            setCaptcha(value);
            if (!value) return;
            if (captchaField.errors?.length) form.update({ name: captchaField.name, validated: false });
            edit(captchaField.name);
          }}
        />
        <button type="submit" className={styles.submit} aria-disabled={isSubmitting || undefined} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
