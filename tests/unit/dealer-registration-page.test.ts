import { describe, expect, it } from 'vitest';
import { createRegistrationActors } from '../../machines/dealer-registration/dealer-registration.actors';
import { createActor, toPromise } from 'xstate';
import { createApiClient } from '../../src/api/client';
import type { DealerRegistrationValues } from '../../src/domain/dealer-registration';
import { completeDealerRegistration, fflPdf } from '../support/dealer-registration';
import { mapDealerRegistrationPage } from '../../src/features/dealers/dealer-registration-mappers';

/** catalogue-and-content.md sections 3 and 7: the page text mapper and the registration call. */

describe('mapDealerRegistrationPage', () => {
  it('reads title, greeting and sub_text, trimmed', () => {
    expect(mapDealerRegistrationPage({ title: ' Become a dealer ', greeting: 'Welcome', sub_text: 'Fill it in.' })).toEqual({
      title: 'Become a dealer',
      greeting: 'Welcome',
      subText: 'Fill it in.',
    });
  });

  it('tolerates missing, null and wrongly typed fields', () => {
    expect(mapDealerRegistrationPage(null)).toEqual({ title: '', greeting: '', subText: '' });
    expect(mapDealerRegistrationPage({ title: 3 as never, greeting: null as never })).toEqual({ title: '', greeting: '', subText: '' });
  });
});

const values: DealerRegistrationValues = {
  ...completeDealerRegistration,
  sotEin: '',
  hasFflSot: true,
  fflNumber: '1-23-456-78-9A-12345',
  fflDocument: fflPdf(),
  captcha: 'solved-token',
};

function clientAnswering(status: number, body: unknown) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl: 'http://shop.test/api',
    getAccessToken: () => null,
    getGuestId: () => null,
    fetch: async (request) => {
      requests.push(request.clone());
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { api, requests };
}

describe('registration send actor (POST Registration/dealer)', () => {
  it('sends a multipart body with the file as a file, the captcha only in X-Captcha, and resolves with the message', async () => {
    const { api, requests } = clientAnswering(200, { message: 'Thank you for registering, Gem State Arms.' });
    const actor = createActor(createRegistrationActors(api).send, { input: values }).start();
    await expect(toPromise(actor)).resolves.toBe('Thank you for registering, Gem State Arms.');
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/Registration/dealer');
    expect(request.headers.get('X-Captcha')).toBe('solved-token');
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request.formData();
    expect(form.has('captcha')).toBe(false);
    expect(form.has('sotEin')).toBe(false);
    expect(form.get('company')).toBe('Gem State Arms');
    expect(form.get('hasFflSot')).toBe('true');
    expect(form.get('billingCity')).toBe('Boise');
    // A file part, not text (jsdom's File and the fetch's File are different classes, and the
    // part's file name is the browser's to keep: the e2e test checks the real round trip).
    expect(form.get('fflDocument')).toMatchObject({ size: 14, type: 'application/pdf' });
  });

  it("rejects with the server's message and its field errors", async () => {
    const problem = { status: 415, title: 'Unsupported Media Type', message: 'FFL document must be a PDF or TIFF file', errors: [{ field: 'fflDocument', message: 'FFL document must be a PDF or TIFF file' }] };
    const { api } = clientAnswering(415, problem);
    const actor = createActor(createRegistrationActors(api).send, { input: values }).start();
    await expect(toPromise(actor)).rejects.toMatchObject({ status: 415, message: 'FFL document must be a PDF or TIFF file', body: problem });
  });
});
