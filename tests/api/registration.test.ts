import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { solveCaptcha } from '../support/captcha';
import { PDF } from '../support/documents';
import { dealerRegistrations, imageRequests, mailOutbox } from '../../server/src/db/schema';
import { verifyPassword } from '../../server/src/identity/passwords';

const UPLOAD_LIMIT = 64 * 1024;
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-registration-'));
  server = await startTestServer({ ALTCHA_MAX_NUMBER: 1000, FORM_RATE_LIMIT: 10_000, UPLOAD_LIMIT_BYTES: UPLOAD_LIMIT, DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------- documents

/** A real 1x1 grey baseline TIFF, little-endian (II*\0) or big-endian (MM\0*). */
function tiff(bigEndian = false): Buffer {
  const entries: [tag: number, type: 3 | 4, value: number][] = [
    [256, 3, 1], // ImageWidth
    [257, 3, 1], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // Photometric: black is zero
    [273, 4, 8 + 2 + 8 * 12 + 4], // StripOffsets: right after the IFD
    [278, 3, 1], // RowsPerStrip
    [279, 4, 1], // StripByteCounts
  ];
  const buf = Buffer.alloc(8 + 2 + entries.length * 12 + 4 + 1);
  const u16 = (v: number, at: number) => (bigEndian ? buf.writeUInt16BE(v, at) : buf.writeUInt16LE(v, at));
  const u32 = (v: number, at: number) => (bigEndian ? buf.writeUInt32BE(v, at) : buf.writeUInt32LE(v, at));
  buf.write(bigEndian ? 'MM' : 'II', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(1, at + 4);
    if (type === 3) u16(value, at + 8);
    else u32(value, at + 8);
  });
  buf[buf.length - 1] = 0x80;
  return buf;
}

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// ------------------------------------------------------------------------------- helpers

let counter = 0;
const uniqueEmail = (name = 'dealer') => `${name}.${Date.now()}.${++counter}@example.com`;

function validFields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    company: 'Cascade Outfitters',
    website: 'https://cascade-outfitters.example.com',
    phone: '(541) 555-0123',
    email: uniqueEmail(),
    password: 'Range-Day-2024',
    confirmPassword: 'Range-Day-2024',
    firstName: 'Dana',
    lastName: 'Reyes',
    streetAddress: '100 Main St',
    city: 'Bend',
    state: 'OR',
    postalCode: '97701',
    country: 'United States',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

interface Upload {
  field: string;
  bytes: Buffer;
  name: string;
  type?: string;
}

async function register(fields: Record<string, string>, files: Upload[] = [], captcha: string | null = 'solve') {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const headers: Record<string, string> = {};
  if (captcha === 'solve') headers['x-captcha'] = await solveCaptcha(server.api);
  else if (captcha !== null) headers['x-captcha'] = captcha;
  const res = await fetch(`${server.api}/Registration/dealer`, { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json() };
}

async function registrationCount(): Promise<number> {
  const [row] = await server.app.db.select({ n: sql<number>`count(*)::int` }).from(dealerRegistrations);
  return row.n;
}
async function outboxCount(): Promise<number> {
  const [row] = await server.app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return row.n;
}
/** Every file under DATA_DIR/uploads (documents and temporary files alike). */
function uploadedFiles(): string[] {
  const root = path.join(dataDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** Posts a bad form and checks that nothing at all was stored. */
async function expectRefused(fields: Record<string, string>, files: Upload[] = [], captcha: string | null = 'solve') {
  const before = { rows: await registrationCount(), mail: await outboxCount(), files: uploadedFiles().length };
  const res = await register(fields, files, captcha);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(await registrationCount()).toBe(before.rows);
  expect(await outboxCount()).toBe(before.mail);
  expect(uploadedFiles()).toHaveLength(before.files);
  return res;
}

const errorsOf = (body: { errors?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

// ------------------------------------------------------------------------------- dealer registration

describe('dealer registration: accepted', () => {
  it('stores an FFL/SOT dealer with a PDF and a TIFF, hashes the password, mails both sides', async () => {
    const fields = validFields({
      useForBillingAddress: 'false',
      billingStreetAddress: '9 Billing Way',
      billingCity: 'Portland',
      billingState: 'OR',
      billingPostalCode: '97201',
      billingCountry: 'United States',
      appearInDealerLocator: 'true',
      useThisAddressInDealerLocator: 'false',
      locatorStreetAddress: '55 Storefront Rd',
      locatorCity: 'Redmond',
      locatorState: 'OR',
      locatorPostalCode: '97756',
      locatorCountry: 'United States',
      hasFflSot: 'true',
      fflNumber: '9-93-017-01-2B-12345',
      sotEin: '12-3456789',
    });
    const before = await outboxCount();
    const big = tiff(true);
    const res = await register(fields, [
      { field: 'fflDocument', bytes: PDF, name: 'ffl license.pdf', type: 'application/pdf' },
      { field: 'sotDocument', bytes: big, name: '../../etc/passwd.tif', type: 'image/tiff' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: `Thank you for registering, Cascade Outfitters. We will review your application and contact you at ${fields.email}.`,
    });

    const [row] = await server.app.db.select().from(dealerRegistrations).where(eq(dealerRegistrations.email, fields.email));
    expect(row).toMatchObject({ company: 'Cascade Outfitters', status: 'pending' });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Range-Day-2024', row.passwordHash)).toBe(true);
    expect(JSON.stringify(row.data)).not.toContain('Range-Day-2024');
    expect(row.data).toMatchObject({
      billingCity: 'Portland',
      locatorCity: 'Redmond',
      fflNumber: '9-93-017-01-2B-12345',
      sotEin: '12-3456789',
      hasFflSot: 'true',
    });

    // The documents are on disk under the application's folder, with random names.
    const folder = `uploads/dealer-registrations/${row.id}`;
    expect(row.fflDocumentPath).toMatch(new RegExp(`^${folder}/[0-9a-f-]{36}\\.pdf$`));
    expect(row.sotDocumentPath).toMatch(new RegExp(`^${folder}/[0-9a-f-]{36}\\.tif$`));
    expect(readFileSync(path.join(dataDir, row.fflDocumentPath!))).toEqual(PDF);
    expect(readFileSync(path.join(dataDir, row.sotDocumentPath!))).toEqual(big);
    expect(uploadedFiles().some((f) => f.includes('passwd'))).toBe(false);
    expect(readdirSync(path.join(dataDir, 'uploads', 'tmp'))).toEqual([]);

    const mail = await server.app.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    const sent = mail.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([fields.email, server.config.STAFF_EMAIL].sort());
    const staff = sent.find((m) => m.to === server.config.STAFF_EMAIL)!;
    expect(staff.subject).toContain('Cascade Outfitters');
    expect(staff.text).toContain(row.fflDocumentPath!);
    expect(staff.text).not.toContain('Range-Day-2024');
  });

  it('applies the defaults: billing and locator copied from the shipping address, no FFL', async () => {
    const fields = validFields({ company: 'Defaults Armory', phone: '+1 541.555.0199', website: 'defaults-armory.example' });
    const res = await register(fields);
    expect(res.status).toBe(200);
    const [row] = await server.app.db.select().from(dealerRegistrations).where(eq(dealerRegistrations.email, fields.email));
    expect(row.data).toMatchObject({
      useForBillingAddress: 'true',
      appearInDealerLocator: 'true',
      useThisAddressInDealerLocator: 'true',
      hasFflSot: 'false',
      billingStreetAddress: '100 Main St',
      billingCity: 'Bend',
      locatorPostalCode: '97701',
      locatorCountry: 'United States',
    });
    expect(row.fflDocumentPath).toBeNull();
  });

  it('copies shipping over whatever was sent for a block that uses it, and ignores blocks that are off', async () => {
    const fields = validFields({
      billingCity: 'Somewhere Else',
      appearInDealerLocator: 'false',
      locatorCity: 'Ignored',
      hasFflSot: 'false',
      fflNumber: 'ignored',
    });
    const res = await register(fields, [{ field: 'fflDocument', bytes: PNG, name: 'ignored.png' }]);
    expect(res.status).toBe(200);
    const [row] = await server.app.db.select().from(dealerRegistrations).where(eq(dealerRegistrations.email, fields.email));
    expect(row.data).toMatchObject({ billingCity: 'Bend' });
    expect(row.data).not.toHaveProperty('locatorCity');
    expect(row.data).not.toHaveProperty('fflNumber');
    expect(row.fflDocumentPath).toBeNull();
  });

  it('takes a little-endian TIFF as the FFL document and no SOT document (optional)', async () => {
    const fields = validFields({ hasFflSot: 'true', fflNumber: '1-23-456-78-9A-00001' });
    const res = await register(fields, [{ field: 'fflDocument', bytes: tiff(false), name: 'scan.tiff', type: 'image/tiff' }]);
    expect(res.status).toBe(200);
    const [row] = await server.app.db.select().from(dealerRegistrations).where(eq(dealerRegistrations.email, fields.email));
    expect(row.fflDocumentPath).toMatch(/\.tif$/);
    expect(row.sotDocumentPath).toBeNull();
  });
});

describe('dealer registration: refused, and nothing stored', () => {
  it("names every missing field with 'Required'", async () => {
    const res = await expectRefused({ country: 'United States' });
    expect(res.status).toBe(400);
    const errors = errorsOf(res.body);
    for (const field of ['company', 'website', 'phone', 'email', 'password', 'confirmPassword', 'firstName', 'lastName', 'streetAddress', 'city', 'state', 'postalCode']) {
      expect(errors[field], field).toBe('Required');
    }
    // Blocks copied from the shipping address are not reported twice.
    expect(errors).not.toHaveProperty('billingCity');
    expect(errors).not.toHaveProperty('locatorCity');
    expect(res.body.message).toContain('Company: Required');
    expect(res.body.message).toContain('Postal code: Required');
    expect(res.body).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('treats empty and blank values as missing', async () => {
    const res = await expectRefused(validFields({ company: '   ', city: '' }));
    expect(errorsOf(res.body)).toEqual({ company: 'Required', city: 'Required' });
  });

  it("gives the spec's message for each format rule, all at once", async () => {
    const res = await expectRefused(
      validFields({ website: 'not a url', phone: '555-12', email: 'dealer@nowhere', confirmPassword: 'Something-else-1' }),
    );
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual({
      website: 'Website must be a valid URL',
      phone: 'Phone must be a valid phone number',
      email: 'Email must be a valid email address',
      confirmPassword: 'Password values must match',
    });
    expect(res.body.message).toBe(
      'Website must be a valid URL; Phone must be a valid phone number; Email must be a valid email address; Confirm password: Password values must match',
    );
  });

  it('checks states, zip codes, country and flags against the contract', async () => {
    const res = await expectRefused(validFields({ state: 'XX', postalCode: '12', country: 'Canada', useForBillingAddress: 'yes' }));
    expect(errorsOf(res.body)).toMatchObject({
      state: 'State must be a US state code, e.g. TX',
      postalCode: 'Postal code must be a valid zip code',
      country: 'Country must be United States',
      useForBillingAddress: 'Use for billing address must be true or false',
    });
  });

  it("checks with the browser form's schema: a real zip of the state, the account password policy, lengths", async () => {
    const res = await expectRefused(
      validFields({ postalCode: '90001', password: 'short-1', confirmPassword: 'short-1', company: 'x'.repeat(201), useForBillingAddress: 'false', billingStreetAddress: '1 Main St', billingCity: 'Austin', billingState: 'TX', billingPostalCode: 'ABCDE', billingCountry: 'United States' }),
    );
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual({
      company: 'Company must be at most 200 characters',
      password: 'Password must be at least 12 characters',
      postalCode: 'This zip code is not in Oregon',
      billingPostalCode: 'Enter a 5-digit zip code, or ZIP+4',
    });
  });

  it('requires the billing block when billing does not use the shipping address', async () => {
    const res = await expectRefused(validFields({ useForBillingAddress: 'false', billingCity: 'Portland' }));
    expect(errorsOf(res.body)).toEqual({
      billingStreetAddress: 'Required',
      billingState: 'Required',
      billingPostalCode: 'Required',
      billingCountry: 'Required',
    });
  });

  it('requires the locator block when appearing in the locator at another address', async () => {
    const res = await expectRefused(validFields({ appearInDealerLocator: 'true', useThisAddressInDealerLocator: 'false' }));
    expect(errorsOf(res.body)).toEqual({
      locatorStreetAddress: 'Required',
      locatorCity: 'Required',
      locatorState: 'Required',
      locatorPostalCode: 'Required',
      locatorCountry: 'Required',
    });
  });

  it('requires the FFL number and document with hasFflSot; SOT fields stay optional', async () => {
    const res = await expectRefused(validFields({ hasFflSot: 'true' }));
    expect(errorsOf(res.body)).toEqual({ fflNumber: 'Required', fflDocument: 'Required' });
  });

  it('refuses a PNG renamed .pdf and declared as a PDF (415)', async () => {
    const res = await expectRefused(validFields({ hasFflSot: 'true', fflNumber: '1-23-456-78-9A-00002' }), [
      { field: 'fflDocument', bytes: PNG, name: 'license.pdf', type: 'application/pdf' },
    ]);
    expect(res.status).toBe(415);
    expect(errorsOf(res.body)).toEqual({ fflDocument: 'FFL document must be a PDF or TIFF file' });
    expect(res.body.message).toBe('FFL document must be a PDF or TIFF file');
  });

  it('refuses an empty file and a text file', async () => {
    const res = await expectRefused(validFields({ hasFflSot: 'true', fflNumber: '1-23-456-78-9A-00003' }), [
      { field: 'fflDocument', bytes: Buffer.alloc(0), name: 'empty.pdf' },
      { field: 'sotDocument', bytes: Buffer.from('%PD not quite'), name: 'sot.pdf' },
    ]);
    expect(res.status).toBe(415);
    expect(Object.keys(errorsOf(res.body))).toEqual(['fflDocument', 'sotDocument']);
  });

  it('refuses a document over the size limit (413)', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMIT + 1, 0x20)]);
    const res = await expectRefused(validFields({ hasFflSot: 'true', fflNumber: '1-23-456-78-9A-00004' }), [
      { field: 'fflDocument', bytes: big, name: 'huge.pdf', type: 'application/pdf' },
    ]);
    expect(res.status).toBe(413);
    expect(errorsOf(res.body)).toEqual({ fflDocument: 'FFL document must be at most 64 KB' });
  });

  it('reports a bad document with field errors as one 400', async () => {
    const res = await expectRefused(validFields({ company: undefined, hasFflSot: 'true', fflNumber: '1-23' }), [
      { field: 'fflDocument', bytes: PNG, name: 'x.pdf' },
    ]);
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual({ company: 'Required', fflDocument: 'FFL document must be a PDF or TIFF file' });
  });

  it('refuses unknown fields and files sent in text fields', async () => {
    const res = await expectRefused({ ...validFields(), nickname: 'Ace' }, [
      { field: 'company', bytes: PDF, name: 'company.pdf' },
      { field: 'avatar', bytes: PDF, name: 'me.pdf' },
    ]);
    expect(errorsOf(res.body)).toMatchObject({
      nickname: 'nickname is not a field of this form',
      company: 'Company must be text, not a file',
      avatar: 'avatar is not a field of this form',
    });
  });

  it("refuses a missing captcha with the spec's message", async () => {
    const res = await expectRefused(validFields(), [], null);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please complete the reCAPTCHA');
  });

  it('refuses a wrong or replayed captcha', async () => {
    const wrong = await expectRefused(validFields(), [], 'bm90IGEgc29sdXRpb24=');
    expect(wrong.body.message).toBe('Please complete the reCAPTCHA');

    const captcha = await solveCaptcha(server.api);
    expect((await register(validFields(), [], captcha)).status).toBe(200);
    const replay = await expectRefused(validFields(), [], captcha);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('Please complete the reCAPTCHA');
  });

  it('does not spend the captcha on a form with mistakes', async () => {
    const captcha = await solveCaptcha(server.api);
    expect((await register(validFields({ phone: 'call me' }), [], captcha)).status).toBe(400);
    expect((await register(validFields(), [], captcha)).status).toBe(200);
  });

  it('takes a password only under the account password policy (issue 39 item 3)', async () => {
    const email = uniqueEmail('policy');
    for (const [password, message] of [
      ['password', 'Password must be at least 12 characters'],
      ['passwordpassword', 'This password is too common. Choose another.'],
      ['Password1234!', 'This password is too common. Choose another.'],
      [`${email.split('@')[0]}-pass`, 'Password must not contain your email address'],
    ]) {
      const res = await expectRefused(validFields({ email, password, confirmPassword: password }));
      expect(res.status, password).toBe(400);
      expect(errorsOf(res.body), password).toEqual({ password: message });
    }
  });

  it('answers an email that already applied exactly as a new one, whatever its case, and tells its owner by mail (issue 39 item 3)', async () => {
    const fields = validFields();
    const first = await register(fields);
    expect(first.status).toBe(200);
    const before = { rows: await registrationCount(), files: uploadedFiles().length };
    const again = await register({ ...fields, email: fields.email.toUpperCase() }, [{ field: 'fflDocument', bytes: PDF, name: 'ffl.pdf' }]);
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual({ message: first.body.message.replace(fields.email, fields.email.toUpperCase()) });
    // Nothing new stored; the address's owner (not the staff) hears of it.
    expect(await registrationCount()).toBe(before.rows);
    expect(uploadedFiles()).toHaveLength(before.files);
    const mails = await server.app.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${fields.email.toLowerCase()}`);
    const notice = mails.filter((mail) => mail.subject === 'You already have a dealer application');
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain('We already have an application for it, so no new one was made');
    expect(notice[0].text).not.toContain(fields.password);
  });

  it('takes only multipart/form-data, and multipart only here', async () => {
    const json = await fetch(`${server.api}/Registration/dealer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-captcha': 'x' },
      body: JSON.stringify(validFields()),
    });
    expect(json.status).toBe(415);

    const form = new FormData();
    form.append('firstName', 'Dana');
    const elsewhere = await fetch(`${server.api}/Registration/image-request`, { method: 'POST', body: form });
    expect(elsewhere.status).toBe(415);
    expect((await elsewhere.json()).message).toBe('Content type multipart/form-data is not accepted; send application/json');
    expect(uploadedFiles().filter((f) => f.startsWith(path.join(dataDir, 'uploads', 'tmp')))).toEqual([]);
  });

  it('answers a malformed multipart body with a 400', async () => {
    const res = await fetch(`${server.api}/Registration/dealer`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', 'x-captcha': 'x' },
      body: '--XYZ\r\nContent-Disposition: form-data; name="company"\r\n\r\nAcme',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/could not be read/);
  });
});

// ------------------------------------------------------------------------------- image request

describe('image request', () => {
  const post = (json: unknown) =>
    fetch(`${server.api}/Registration/image-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));

  it('stores the request and mails the staff and the visitor', async () => {
    const email = uniqueEmail('press');
    const before = await outboxCount();
    const res = await post({ firstName: ' Sam ', lastName: 'Lee', email, lookingFor: 'High-resolution photos of the RA-15 in tan', captcha: await solveCaptcha(server.api) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Thank you, Sam. We will email the images you asked for to ${email}.` });
    const [row] = await server.app.db.select().from(imageRequests).where(eq(imageRequests.email, email));
    expect(row).toMatchObject({ firstName: 'Sam', lastName: 'Lee', lookingFor: 'High-resolution photos of the RA-15 in tan' });
    const mail = (await server.app.db.select().from(mailOutbox).orderBy(mailOutbox.id)).slice(before);
    expect(mail.map((m) => m.to).sort()).toEqual([email, server.config.STAFF_EMAIL].sort());
    expect(mail.find((m) => m.to === server.config.STAFF_EMAIL)?.text).toContain('RA-15 in tan');
  });

  it('names each missing or bad field and stores nothing', async () => {
    const [{ n: before }] = await server.app.db.select({ n: sql<number>`count(*)::int` }).from(imageRequests);
    const missing = await post({ email: 'not-an-email', captcha: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('firstName is required');
    expect(missing.body.message).toContain('lastName is required');
    expect(missing.body.message).toContain('lookingFor is required');
    expect(missing.body.message).toContain('email must be a valid email address');

    const blank = await post({ firstName: '  ', lastName: 'Lee', email: 'sam@example.com', lookingFor: ' ', captcha: await solveCaptcha(server.api) });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { field: 'firstName', message: 'firstName is required' },
      { field: 'lookingFor', message: 'lookingFor is required' },
    ]);
    const [{ n: after }] = await server.app.db.select({ n: sql<number>`count(*)::int` }).from(imageRequests);
    expect(after).toBe(before);
  });

  it("refuses a missing or wrong captcha with the spec's message", async () => {
    const body = { firstName: 'Sam', lastName: 'Lee', email: 'sam@example.com', lookingFor: 'photos' };
    const missing = await post(body);
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please complete the reCAPTCHA' } });
    const empty = await post({ ...body, captcha: '' });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Please complete the reCAPTCHA' } });
    const wrong = await post({ ...body, captcha: 'bogus' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Please complete the reCAPTCHA' } });
  });
});
