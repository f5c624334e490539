import { unwrap } from '../../api/client';
import { useAppServices } from '../../services/providers';
import { imageRequestSchema } from '../../domain/form-messages';
import { CaptchaForm } from './captcha-form';
import { useSignedInPerson } from './use-signed-in-person';

/** What the shop says once the request is in (the response content is not shown by the spec). */
export const IMAGE_REQUEST_SENT = 'Thank you, your image request has been sent';

/** The media library's product image request (sections 3, 5, 7): name, email, what, captcha. */
export function ImageRequestForm() {
  const { api } = useAppServices();
  const person = useSignedInPerson();
  return (
    <CaptchaForm
      key={person?.email ?? 'guest'}
      id="image-request"
      label="Product image request"
      schema={imageRequestSchema}
      defaults={{ firstName: person?.firstName ?? '', lastName: person?.lastName ?? '', email: person?.email ?? '', lookingFor: '' }}
      fields={[
        { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
        { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
        { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
        { name: 'lookingFor', label: 'What are you looking for?', multiline: true },
      ]}
      successText={IMAGE_REQUEST_SENT}
      submitLabel="Send request"
      send={async (values) => {
        await unwrap(
          api.POST('/Registration/image-request', {
            body: {
              firstName: values.firstName,
              lastName: values.lastName,
              email: values.email,
              lookingFor: values.lookingFor,
              captcha: values.captcha,
            },
          }),
        );
        return null;
      }}
    />
  );
}
