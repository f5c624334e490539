import { fromPromise } from 'xstate';
import { unwrap, type ApiClient } from '../../src/api/client';
import { dealerRegistrationBody, type DealerRegistrationValues } from '../../src/domain/dealer-registration';

/**
 * The registration machine's actor, provided by the screen with
 * `dealerRegistrationMachine.provide({ actors: createRegistrationActors(api) })`; tests provide fakes.
 *
 * POST Registration/dealer (section 7; contract registerDealer): the multipart body from the
 * domain (files as files, text otherwise, empties skipped, shipping copied, captcha left out) is
 * passed through as FormData (openapi-fetch would otherwise JSON-encode it, and the browser must
 * set the multipart boundary itself); the captcha travels in the X-Captcha header.
 */
export function createRegistrationActors(api: ApiClient) {
  return {
    register: fromPromise<string, DealerRegistrationValues>(async ({ input, signal }) => {
      const answer = await unwrap(
        api.POST('/Registration/dealer', {
          params: { header: { 'X-Captcha': input.captcha ?? '' } },
          // The contract types the fields; the domain builds exactly those, as FormData.
          body: dealerRegistrationBody(input) as never,
          bodySerializer: (body: unknown) => body as FormData,
          signal,
        }),
      );
      return answer.message;
    }),
  };
}
