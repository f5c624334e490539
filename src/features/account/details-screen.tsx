import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { useEffect, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearErrorsOnInput } from '../../components/clear-errors-on-input';
import { Field } from '../../components/field';
import { detailsSchema } from '../../domain/address-forms';
import { formatUsPhone } from '../../domain/phone';
import { paths } from '../../config/paths';
import styles from './account.module.css';
import { accountInputOf, useAccount, useProfile } from './use-account';

/** The name of the hidden submitter Conform uses for its validation intents. */
const CONFORM_INTENT = '__intent__';

const formatPhoneInput = (event: ChangeEvent<HTMLInputElement>) => {
  event.currentTarget.value = formatUsPhone(event.currentTarget.value);
};

/**
 * /profile/details (shop-core.md section 2): first and last name and phone; the email is shown
 * read-only (it is the sign-in identity, changed only at the provider). Save sends the values
 * to the account machine; once saved the overview shows the reloaded profile.
 */
export function DetailsScreen() {
  const profile = useProfile();
  const account = useAccount(accountInputOf(profile));
  const navigate = useNavigate();
  const [form, fields] = useForm({
    id: 'account-details',
    defaultValue: { firstName: profile?.firstName ?? '', lastName: profile?.lastName ?? '', phoneNumber: profile?.phoneNumber ?? '' },
    constraint: getZodConstraint(detailsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: detailsSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onBlur',
  });

  useEffect(() => {
    if (account.isSaved) navigate(paths.profile);
  }, [account.isSaved, navigate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event);
    event.preventDefault();
    // Conform checks a field on blur by submitting with its intent button; only Save saves.
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === CONFORM_INTENT) return;
    const submission = parseWithZod(new FormData(event.currentTarget), { schema: detailsSchema });
    if (submission.status !== 'success') return;
    account.saveDetails(submission.value);
  };

  return (
    <section aria-labelledby="details-title">
      <h1 id="details-title" className={styles.title}>
        Edit personal details
      </h1>
      <form {...getFormProps(form)} noValidate onSubmit={onSubmit} onInput={clearErrorsOnInput(form)} className={styles.form}>
        <div className={styles.grid}>
          <Field
            label="First name"
            errors={fields.firstName.errors}
            errorId={fields.firstName.errorId}
            inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
          />
          <Field
            label="Last name"
            errors={fields.lastName.errors}
            errorId={fields.lastName.errorId}
            inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
          />
          <Field
            label="Email"
            errorId="account-details-email-error"
            className={styles.wide}
            hint="Your sign-in email; it cannot be changed here."
            inputProps={{ id: 'account-details-email', type: 'email', value: profile?.email ?? '', readOnly: true, disabled: true }}
          />
          <Field
            label="Phone (optional)"
            errors={fields.phoneNumber.errors}
            errorId={fields.phoneNumber.errorId}
            inputProps={{
              ...getInputProps(fields.phoneNumber, { type: 'tel' }),
              autoComplete: 'tel',
              onChange: formatPhoneInput,
              placeholder: '(208) 555-0142',
            }}
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={account.isSavingDetails}>
            {account.isSavingDetails ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}
