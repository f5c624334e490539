import { unwrap } from '../../api/client';
import { useAppServices } from '../../services/providers';
import { newsletterSignupSchema } from '../../domain/form-messages';
import { subscribedNotice } from '../../domain/newsletter-texts';
import { CaptchaForm } from './captcha-form';
import { useSignedInPerson } from './use-signed-in-person';

/**
 * Newsletter sign-up of the footer and the limited-edition 'Stay Informed' block (sections 3, 5,
 * 7): email and captcha; a signed-in customer's name and email prefill it. Subscriptions are
 * double opt-in: the server mails a verification link, and when it says so (`isPending`) the
 * notice 'You have been subscribed to the newsletter' (section 8) goes on with 'Check your inbox
 * to confirm.' (docs/decisions/036).
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
      submitLabel="Subscribe"
      send={async (values) => {
        const { isPending } = await unwrap(
          api.POST('/Newsletter/subscribe', {
            body: {
              email: values.email,
              captcha: values.captcha,
              ...(values.firstName ? { firstName: values.firstName } : {}),
              ...(values.lastName ? { lastName: values.lastName } : {}),
            },
          }),
        );
        return subscribedNotice(isPending);
      }}
    />
  );
}
