import { unwrap } from '../../api/client';
import { useAppServices } from '../../app/providers';
import { newsletterSignupSchema } from '../../domain/form-messages';
import { CaptchaForm } from './captcha-form';
import { useSignedInPerson } from './use-signed-in-person';

/** 'You have been subscribed to the newsletter' (catalogue-and-content.md section 8). */
export const NEWSLETTER_SUBSCRIBED = 'You have been subscribed to the newsletter';

/**
 * Newsletter sign-up of the footer and the limited-edition 'Stay Informed' block (sections 3, 5,
 * 7): email and captcha; a signed-in customer's name and email prefill it. Subscriptions are
 * double opt-in: the server mails a verification link.
 */
export function NewsletterSignupForm({ id, tone }: { id: string; tone?: 'light' | 'dark' }) {
  const { api } = useAppServices();
  const person = useSignedInPerson();
  return (
    <CaptchaForm
      key={person?.email ?? 'guest'}
      id={id}
      label="Newsletter sign-up"
      tone={tone}
      schema={newsletterSignupSchema}
      defaults={{ email: person?.email ?? '', firstName: person?.firstName ?? '', lastName: person?.lastName ?? '' }}
      fields={[
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
        { name: 'firstName', label: 'First name', hidden: true },
        { name: 'lastName', label: 'Last name', hidden: true },
      ]}
      successText={NEWSLETTER_SUBSCRIBED}
      submitLabel="Subscribe"
      send={async (values) => {
        await unwrap(
          api.POST('/Newsletter/subscribe', {
            body: {
              email: values.email,
              captcha: values.captcha,
              ...(values.firstName ? { firstName: values.firstName } : {}),
              ...(values.lastName ? { lastName: values.lastName } : {}),
            },
          }),
        );
        return null;
      }}
    />
  );
}
