import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, productRegistrations } from '../../server/src/db/schema';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { solveCaptcha } from '../support/captcha';
import { signIn } from '../support/oidc-login';
import { startTestServer, type TestServer } from '../support/test-server';

/** Product registration (decision 023) against the real server and database. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALTCHA_MAX_NUMBER: 1000, FORM_RATE_LIMIT: 10_000 });
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
const uniqueSerial = () => `RK-${Date.now().toString(36).toUpperCase()}-${++counter}`;
const uniqueEmail = () => `owner.${Date.now()}.${++counter}@example.com`;

function validBody(overrides: Record<string, unknown> = {}) {
  return {
    documentId: 'rk-15-carbine',
    serialNumber: uniqueSerial().toLowerCase(),
    purchaseDate: '2024-05-18',
    purchasedFrom: 'Cascade Outfitters',
    firstName: 'Dana',
    lastName: 'Reyes',
    email: uniqueEmail(),
    phone: '(541) 555-0123',
    zip: '97701',
    optInNotices: true,
    ...overrides,
  };
}

async function post(body: Record<string, unknown>, options: { captcha?: 'solve' | 'none' | string; token?: string } = {}) {
  const captcha = options.captcha ?? 'solve';
  const json = captcha === 'none' ? body : { ...body, captcha: captcha === 'solve' ? await solveCaptcha(server.api) : captcha };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.api}/Registration/product`, { method: 'POST', headers, body: JSON.stringify(json) });
  return { status: res.status, body: await res.json() };
}

async function counts() {
  const [registrations] = await server.app.db.select({ n: count() }).from(productRegistrations);
  const [mail] = await server.app.db.select({ n: count() }).from(mailOutbox);
  return { registrations: registrations.n, mail: mail.n };
}

describe('GET /Registration/product-models', () => {
  it('lists the firearms of the catalogue (FFL products) by title, and nothing else', async () => {
    const res = await fetch(`${server.api}/Registration/product-models`);
    expect(res.status).toBe(200);
    const models = (await res.json()) as { documentId: string; title: string }[];
    const ids = models.map((m) => m.documentId);
    expect(ids).toContain('rk-15-carbine');
    expect(ids).toContain('rp-9-compact');
    expect(ids).toContain('rk-15-stripped-lower');
    expect(ids).not.toContain('range-cap');
    expect(ids).not.toContain('rp-9-magazine');
    expect(models.find((m) => m.documentId === 'rk-15-carbine')?.title).toBe('RK-15 Carbine');
    const titles = models.map((m) => m.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('POST /Registration/product', () => {
  it('stores a registration (serial upper-case, no captcha) and mails the owner', async () => {
    const before = await counts();
    const body = validBody({ serialNumber: ' rk15-abc-123 ', firstName: ' Dana ', optInNotices: false });
    const res = await post(body);
    expect(res).toEqual({ status: 201, body: { message: 'Thank you, your RK-15 Carbine is registered' } });

    const [row] = await server.app.db.select().from(productRegistrations).where(eq(productRegistrations.email, body.email));
    expect(row).toMatchObject({
      productDocumentId: 'rk-15-carbine',
      productTitle: 'RK-15 Carbine',
      serialNumber: 'RK15-ABC-123',
      purchaseDate: '2024-05-18',
      purchasedFrom: 'Cascade Outfitters',
      firstName: 'Dana',
      lastName: 'Reyes',
      phone: '(541) 555-0123',
      zip: '97701',
      optInNotices: false,
      userId: null,
    });
    expect(JSON.stringify(row)).not.toMatch(/captcha|signature/i);

    const mail = await server.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Your RK-15 Carbine is registered');
    expect(mail[0].text).toContain('Serial number: RK15-ABC-123');
    expect(mail[0].text).toContain('Safety recalls are always sent to registered owners.');
    expect(await counts()).toEqual({ registrations: before.registrations + 1, mail: before.mail + 1 });
  });

  it('leaves an empty phone out', async () => {
    const body = validBody();
    delete (body as Partial<typeof body>).phone;
    expect((await post(body)).status).toBe(201);
    const [row] = await server.app.db.select().from(productRegistrations).where(eq(productRegistrations.email, body.email));
    expect(row.phone).toBeNull();
  });

  it('records the signed-in customer', async () => {
    const { accessToken } = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const body = validBody({ documentId: 'rp-9-compact', email: DEMO_CUSTOMER.email });
    const res = await post(body, { token: accessToken });
    expect(res).toEqual({ status: 201, body: { message: 'Thank you, your RP-9 Compact is registered' } });
    const [row] = await server.app.db
      .select()
      .from(productRegistrations)
      .where(eq(productRegistrations.serialNumber, body.serialNumber.toUpperCase()));
    expect(row.userId).toBe(DEMO_CUSTOMER.id);
  });

  it.each([
    ['a blank serial number', { serialNumber: '  ' }, 'serialNumber', 'Serial number is required'],
    ['a bad serial number', { serialNumber: 'RK 15#' }, 'serialNumber', 'Serial number must be 3 to 20 letters, digits or dashes'],
    ['a too short serial number', { serialNumber: 'AB' }, 'serialNumber', 'Serial number must be 3 to 20 letters, digits or dashes'],
    ['a future purchase date', { purchaseDate: '2999-01-01' }, 'purchaseDate', 'Purchase date cannot be in the future'],
    ['a purchase date before 2000', { purchaseDate: '1999-12-31' }, 'purchaseDate', 'Purchase date cannot be before 2000'],
    ['a blank dealer', { purchasedFrom: ' ' }, 'purchasedFrom', 'Purchased from is required'],
    ['a blank first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['a blank last name', { lastName: ' ' }, 'lastName', 'Last name is required'],
    ['a bad email', { email: 'dana@example' }, 'email', 'Email must be a valid email address'],
    ['a bad phone', { phone: '555-0123' }, 'phone', 'Phone must be a valid phone number'],
    ['a bad zip', { zip: '9770' }, 'zip', 'Zip code must be 5 digits'],
    ['an unknown product', { documentId: 'no-such-rifle' }, 'documentId', 'Product model must be a firearm from our catalogue'],
    ['a product that is not a firearm', { documentId: 'range-cap' }, 'documentId', 'Product model must be a firearm from our catalogue'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_, overrides, field, message) => {
    const before = await counts();
    const res = await post(validBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toEqual([{ field, message }]);
    expect(await counts()).toEqual(before);
  });

  it('lists every failing field at once', async () => {
    const res = await post(validBody({ serialNumber: '', purchaseDate: '2999-12-31', email: 'x', zip: '' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['serialNumber', 'purchaseDate', 'email', 'zip']);
  });

  it('refuses what the contract does not allow: missing fields, a bad date, unknown fields', async () => {
    const before = await counts();
    const { serialNumber: _omitted, ...missing } = validBody();
    const noSerial = await post(missing);
    expect(noSerial.status).toBe(400);
    expect(noSerial.body.message).toContain('serialNumber is required');
    const badDate = await post(validBody({ purchaseDate: '2024-02-30' }));
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toMatch(/purchaseDate/);
    const extra = await post(validBody({ price: 0 }));
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('price is not an accepted field');
    const notBoolean = await post(validBody({ optInNotices: 'yes' }));
    expect(notBoolean.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers 409 for a serial number already registered for the model, whatever its case', async () => {
    const body = validBody();
    expect((await post(body)).status).toBe(201);
    const before = await counts();
    const again = await post({ ...body, serialNumber: body.serialNumber.toUpperCase(), email: uniqueEmail() });
    expect(again).toMatchObject({ status: 409, body: { message: 'This serial number is already registered for the RK-15 Carbine' } });
    expect(await counts()).toEqual(before);
    // The same serial number on another model is another firearm.
    expect((await post({ ...body, documentId: 'rk-15-sport' })).status).toBe(201);
  });

  it('refuses a missing, wrong or replayed captcha and stores nothing', async () => {
    const before = await counts();
    const missing = await post(validBody(), { captcha: 'none' });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please complete the reCAPTCHA' } });
    const wrong = await post(validBody(), { captcha: Buffer.from('{"number":1}').toString('base64') });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Please complete the reCAPTCHA' } });
    expect(await counts()).toEqual(before);

    const captcha = await solveCaptcha(server.api);
    expect((await post(validBody(), { captcha })).status).toBe(201);
    const replay = await post(validBody(), { captcha });
    expect(replay).toMatchObject({ status: 400, body: { message: 'Please complete the reCAPTCHA' } });
  });

  it('does not spend the captcha on a form with mistakes', async () => {
    const captcha = await solveCaptcha(server.api);
    expect((await post(validBody({ zip: '' }), { captcha })).status).toBe(400);
    expect((await post(validBody(), { captcha })).status).toBe(201);
  });
});

describe('rate limit', () => {
  it('answers 429 past FORM_RATE_LIMIT posts a minute', async () => {
    const limited = await startTestServer({ FORM_RATE_LIMIT: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${limited.api}/Registration/product`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({}),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
