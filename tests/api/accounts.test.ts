import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { signIn } from '../support/oidc-login';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { accountsTestConfig, apiClient, insertOrder, newCustomer, skuOf } from './accounts-support';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer(accountsTestConfig);
  api = apiClient(server);
});
afterAll(async () => {
  await server?.close();
});

/** Every required field of the address form (shop-core section 5, account forms). */
const home = {
  addressName: 'Home',
  firstName: 'Casey',
  lastName: 'Customer',
  mainContact: '(406) 555-0100',
  addressLine1: '12 Elm Street',
  city: 'Bozeman',
  state: 'MT',
  postalCode: '59715',
  country: 'United States',
  addressType: 10,
};

type Address = typeof home & { id: number; isDefaultShipping: boolean; isDefaultBilling: boolean; residential: boolean };
const book = async (token: string): Promise<Address[]> => (await api('/User/profile', { token })).body.addresses;
const defaults = (addresses: Address[]) => ({
  shipping: addresses.filter((a) => a.isDefaultShipping).map((a) => a.addressName),
  billing: addresses.filter((a) => a.isDefaultBilling).map((a) => a.addressName),
});

describe('the address book', () => {
  it('creates an address with the spec defaults and answers the whole book', async () => {
    const { token } = await newCustomer(server);
    const res = await api('/User/addresses', { method: 'POST', token, json: home });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      ...home,
      id: expect.any(Number),
      company: null,
      faxContact: null,
      addressContact: null,
      addressLine2: null,
      isDefaultShipping: true,
      isDefaultBilling: true,
      residential: true,
    });
    expect(await book(token)).toEqual(res.body);
  });

  it('trims text and keeps the optional fields', async () => {
    const { token } = await newCustomer(server);
    const res = await api('/User/addresses', {
      method: 'POST',
      token,
      json: { ...home, addressName: '  Cabin ', company: 'Elk Lodge LLC', addressLine2: 'Unit 4', faxContact: '406-555-0199', residential: false },
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ addressName: 'Cabin', company: 'Elk Lodge LLC', addressLine2: 'Unit 4', faxContact: '406-555-0199', residential: false });
  });

  it('keeps one default shipping and one default billing address', async () => {
    const { token } = await newCustomer(server);
    await api('/User/addresses', { method: 'POST', token, json: home });
    let res = await api('/User/addresses', { method: 'POST', token, json: { ...home, addressName: 'Office' } });
    expect(defaults(res.body)).toEqual({ shipping: ['Office'], billing: ['Office'] });

    res = await api('/User/addresses', {
      method: 'POST',
      token,
      json: { ...home, addressName: 'Ranch', isDefaultShipping: true, isDefaultBilling: false },
    });
    expect(defaults(res.body)).toEqual({ shipping: ['Ranch'], billing: ['Office'] });

    const homeId = res.body.find((a: Address) => a.addressName === 'Home').id;
    res = await api(`/User/addresses/${homeId}`, { method: 'PUT', token, json: { ...home, isDefaultBilling: true } });
    expect(res.status).toBe(200);
    // Shipping flag omitted on update: Home keeps its current (false) value, Ranch stays default.
    expect(defaults(res.body)).toEqual({ shipping: ['Ranch'], billing: ['Home'] });
  });

  it('stays consistent under simultaneous "make default" calls', async () => {
    const { token } = await newCustomer(server);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => api('/User/addresses', { method: 'POST', token, json: { ...home, addressName: `Address ${n}` } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const addresses = await book(token);
    expect(addresses).toHaveLength(5);
    expect(defaults(addresses).shipping).toHaveLength(1);
    expect(defaults(addresses).billing).toHaveLength(1);
  });

  it('updates and deletes an address', async () => {
    const { token } = await newCustomer(server);
    const created = await api('/User/addresses', { method: 'POST', token, json: home });
    const id = created.body[0].id;
    const updated = await api(`/User/addresses/${id}`, {
      method: 'PUT',
      token,
      json: { ...home, addressLine1: '99 Pine Road', city: 'Missoula', postalCode: '59801', company: 'Pine Co' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body[0]).toMatchObject({ id, addressLine1: '99 Pine Road', city: 'Missoula', postalCode: '59801', company: 'Pine Co', isDefaultShipping: true });
    // PUT replaces the address: an omitted optional text is cleared.
    const cleared = await api(`/User/addresses/${id}`, { method: 'PUT', token, json: home });
    expect(cleared.body[0].company).toBeNull();

    const deleted = await api(`/User/addresses/${id}`, { method: 'DELETE', token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual([]);
    expect((await api(`/User/addresses/${id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it("another customer's address is 404 and stays as it was", async () => {
    const owner = await newCustomer(server);
    const other = await newCustomer(server, 'Otto');
    const created = await api('/User/addresses', { method: 'POST', token: owner.token, json: home });
    const id = created.body[0].id;
    await api('/User/addresses', { method: 'POST', token: other.token, json: { ...home, addressName: 'Mine' } });

    const put = await api(`/User/addresses/${id}`, { method: 'PUT', token: other.token, json: { ...home, city: 'Stolen' } });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ status: 404, title: 'Not Found', message: 'Address not found' });
    const del = await api(`/User/addresses/${id}`, { method: 'DELETE', token: other.token });
    expect(del.status).toBe(404);
    expect((await api('/User/addresses/999999', { method: 'DELETE', token: other.token })).body.message).toBe('Address not found');

    expect(await book(owner.token)).toEqual(created.body);
    // The other customer's own book did not change either (no default flag was moved).
    expect(defaults(await book(other.token))).toEqual({ shipping: ['Mine'], billing: ['Mine'] });
  });

  it('needs a signed-in customer', async () => {
    expect((await api('/User/addresses', { method: 'POST', json: home })).status).toBe(401);
    expect((await api('/User/addresses/1', { method: 'PUT', json: home })).status).toBe(401);
    expect((await api('/User/addresses/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('bad address input gets a clear 400 and changes nothing', () => {
  // The address form's rules and messages (src/domain/address-forms.ts), named by the body's field.
  const requiredMessage = {
    addressName: 'Address name is required',
    firstName: 'First name is required',
    lastName: 'Last name is required',
    mainContact: 'Phone is required',
    addressLine1: 'Address line 1 is required',
    city: 'City is required',
    state: 'State is required',
    postalCode: 'Postal code is required',
    country: 'Country is required',
    addressType: 'Address type is required',
  } as const;
  const required = Object.keys(requiredMessage) as (keyof typeof requiredMessage)[];
  const formErrors = (errors: { field: string; message: string }[]) => ({
    message: `Errors in the Address Form: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
    errors,
  });

  it.each(required)('%s missing or blank names the field with the form\'s message', async (field) => {
    const { token } = await newCustomer(server);
    const created = await api('/User/addresses', { method: 'POST', token, json: home });
    const id = created.body[0].id;
    const missing = Object.fromEntries(Object.entries(home).filter(([k]) => k !== field));
    const cases: Record<string, unknown>[] = [missing];
    if (typeof home[field] === 'string') cases.push({ ...home, [field]: '' }, { ...home, [field]: '   ' });
    for (const json of cases) {
      for (const [method, path] of [['POST', '/User/addresses'], ['PUT', `/User/addresses/${id}`]]) {
        const res = await api(path, { method, token, json });
        expect(res.status, `${method} ${JSON.stringify(json)}`).toBe(400);
        expect(res.body.message, `${method} ${JSON.stringify(json)}`).toContain(`${field}: ${requiredMessage[field]}`);
        expect(res.body.errors, `${method} ${JSON.stringify(json)}`).toContainEqual({ field, message: requiredMessage[field] });
      }
    }
    expect(await book(token)).toEqual(created.body);
  });

  it('blank free text is the form\'s "{Label} is required", named by the body field', async () => {
    const { token } = await newCustomer(server);
    for (const field of ['addressName', 'firstName', 'lastName', 'addressLine1', 'city'] as const) {
      const res = await api('/User/addresses', { method: 'POST', token, json: { ...home, [field]: '  ' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(formErrors([{ field, message: requiredMessage[field] }]));
    }
    expect(await book(token)).toEqual([]);
  });

  it('every wrong field is reported at once', async () => {
    const { token } = await newCustomer(server);
    const created = await api('/User/addresses', { method: 'POST', token, json: home });
    const id = created.body[0].id;
    const json = { ...home, addressName: '', city: '  ' };
    for (const [method, path] of [['POST', '/User/addresses'], ['PUT', `/User/addresses/${id}`]]) {
      const res = await api(path, { method, token, json });
      expect(res.status, method).toBe(400);
      expect(res.body, method).toEqual({
        status: 400,
        title: 'Bad Request',
        ...formErrors([
          { field: 'addressName', message: 'Address name is required' },
          { field: 'city', message: 'City is required' },
        ]),
      });
    }
    expect(await book(token)).toEqual(created.body);
  });

  it.each([
    // A state outside the list the form offers for the country, a country the form does not offer
    // (which offers no states either): the form's messages, not the contract's enums.
    [{ state: 'XX' }, [{ field: 'state', message: 'State is required' }]],
    [{ state: 'mt' }, [{ field: 'state', message: 'State is required' }]],
    [
      { country: 'Canada' },
      [
        { field: 'country', message: 'Country is required' },
        { field: 'state', message: 'State is required' },
      ],
    ],
    [{ mainContact: '12345' }, [{ field: 'mainContact', message: 'Must be a valid phone number' }]],
    [{ faxContact: 'fax me' }, [{ field: 'faxContact', message: 'Must be a valid phone number' }]],
    [{ postalCode: '597' }, [{ field: 'postalCode', message: 'Postal code must be at least 5 digits' }]],
    // The checkout forms' zip rule (decision 026); home is in Montana.
    [{ postalCode: '1O001' }, [{ field: 'postalCode', message: 'Enter a 5-digit zip code, or ZIP+4' }]],
    [{ postalCode: '00000' }, [{ field: 'postalCode', message: 'This zip code does not exist' }]],
    [{ postalCode: '78701' }, [{ field: 'postalCode', message: 'This zip code is not in Montana' }]],
    // The form offers types 10, 20 and 30 (the contract allows 1 to 99).
    [{ addressType: 0 }, [{ field: 'addressType', message: 'Address type is required' }]],
    [{ addressType: 55 }, [{ field: 'addressType', message: 'Address type is required' }]],
  ])('the address form refuses %j', async (change, errors) => {
    const { token } = await newCustomer(server);
    const created = await api('/User/addresses', { method: 'POST', token, json: home });
    const id = created.body[0].id;
    for (const [method, path] of [['POST', '/User/addresses'], ['PUT', `/User/addresses/${id}`]]) {
      const res = await api(path, { method, token, json: { ...home, ...change } });
      expect(res.status, method).toBe(400);
      expect(res.body, method).toMatchObject(formErrors(errors));
    }
    expect(await book(token)).toEqual(created.body);
  });

  it.each([
    // Types, lengths and unknown fields stay the contract's, in its words.
    [{ addressType: 'ten' }, 'addressType must be an integer'],
    [{ addressType: 10.5 }, 'addressType must be an integer'],
    [{ postalCode: 59715 }, 'postalCode must be a string'],
    [{ addressName: 'x'.repeat(101) }, 'addressName must be at most 100 characters'],
    [{ isDefaultShipping: 'yes' }, 'isDefaultShipping must be a boolean'],
    [{ id: 7 }, 'id is not an accepted field'],
    [{ userId: 'someone-else' }, 'userId is not an accepted field'],
  ])('%j → %s', async (change, message) => {
    const { token } = await newCustomer(server);
    const res = await api('/User/addresses', { method: 'POST', token, json: { ...home, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await book(token)).toEqual([]);
  });

  it('a bad id in the path is a 400', async () => {
    const { token } = await newCustomer(server);
    for (const id of ['abc', '0', '-1']) {
      const res = await api(`/User/addresses/${id}`, { method: 'DELETE', token });
      expect(res.status, id).toBe(400);
      expect(res.body.message).toMatch(/id/);
    }
  });
});

describe('the profile', () => {
  it('lists the address book and the orders, newest first', async () => {
    const { token } = await newCustomer(server);
    const profile = await api('/User/profile', { token });
    expect(profile.body.orders).toEqual([]);
    const userId = profile.body.keycloakId as string;
    const sku = await skuOf(server, 'logo-tee');
    const older = await insertOrder(server, userId, { sku, totalCents: 2_999, createdAt: new Date('2026-01-05T10:00:00Z') });
    const newer = await insertOrder(server, userId, { sku, totalCents: 12_450, createdAt: new Date('2026-03-05T10:00:00Z') });
    await api('/User/addresses', { method: 'POST', token, json: home });

    const after = await api('/User/profile', { token });
    expect(after.status).toBe(200);
    expect(after.body.addresses).toHaveLength(1);
    expect(after.body.orders).toEqual([
      { id: newer, createdAt: '2026-03-05T10:00:00.000Z', status: 'paid', paymentStatus: 'paid', totalAmount: 124.5 },
      { id: older, createdAt: '2026-01-05T10:00:00.000Z', status: 'paid', paymentStatus: 'paid', totalAmount: 29.99 },
    ]);
    // Another customer sees none of them.
    const other = await newCustomer(server, 'Nobody');
    expect((await api('/User/profile', { token: other.token })).body.orders).toEqual([]);
  });

  it('of the demo customer has the seeded default addresses', async () => {
    const { accessToken } = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const profile = await api('/User/profile', { token: accessToken });
    expect(defaults(profile.body.addresses)).toEqual({ shipping: ['Home'], billing: ['Office'] });
  });
});
