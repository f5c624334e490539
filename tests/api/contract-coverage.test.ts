import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { signIn } from '../support/oidc-login';
import { readContract } from '../../server/src/contract/contract';
import { checkAddressForm } from '../../server/src/accounts/address-book';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { ADDRESS_TYPES } from '../../src/domain/address-forms';
import { COUNTRY } from '../../src/domain/checkout-forms';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../src/domain/cart-limits';
import { TAX_CODES } from '../../src/domain/tax-codes';
import { US_STATES } from '../../src/domain/us-zips';
import { collectionDisplayTypes, productDisplayTypes } from '../../src/config/paths';

/** A small body limit, so a body over it is cheap to send to every operation. */
const BODY_LIMIT_BYTES = 2048;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ BODY_LIMIT_BYTES });
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = readContract() as Json;
const schemas = doc.components.schemas as Json;

/** The operations that take a JSON body, as the contract lists them. */
const jsonBodyOperations = [...(function* () {
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      if (op?.requestBody?.content?.['application/json']) yield { path, method: method.toUpperCase(), op: op as Json };
    }
  }
})()];

describe('the contract and the server', () => {
  it('serves every operation of openapi/shop.yaml', () => {
    const missing = [...server.contract.operations.values()]
      .filter((op) => !server.app.hasRoute({ method: op.method as 'GET', url: op.url }))
      .map((op) => `${op.operationId} (${op.method} ${op.path})`);
    expect(missing, `operations without a handler:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('413 and 415 are in the contract wherever the server answers them (issue 39 item 8)', () => {
  it('every operation with a request body declares both, as the shared answers', () => {
    expect(jsonBodyOperations.length).toBeGreaterThanOrEqual(20);
    const withBody = Object.values(doc.paths as Json).flatMap((item) => Object.values(item as Json).filter((op) => op?.requestBody));
    const undeclared = withBody.filter((op) => !op.responses['413'] || !op.responses['415']).map((op) => op.operationId);
    expect(undeclared, 'operations that take a body but do not declare 413 and 415').toEqual([]);
    for (const op of withBody) {
      expect(op.responses['413'], op.operationId).toEqual(doc.components.responses.PayloadTooLarge);
      expect(op.responses['415'], op.operationId).toEqual(doc.components.responses.UnsupportedMediaType);
    }
  });

  it('each JSON-body operation answers a body over the limit 413, and a body that is not JSON 415, as a Problem', async () => {
    const { accessToken } = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const tooLarge = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) });
    for (const { path, method, op } of jsonBodyOperations) {
      // Path values are read after the body: any value will do.
      const url = `${server.api}${path.replace(/\{[^}]+\}/g, 'x1')}`;
      const headers = { authorization: `Bearer ${accessToken}` };
      const large = await fetch(url, { method, headers: { ...headers, 'content-type': 'application/json' }, body: tooLarge });
      const largeBody = await large.json();
      expect(large.status, `${method} ${path}`).toBe(413);
      expect(largeBody).toEqual({ status: 413, title: 'Payload Too Large', message: `The request body is larger than the ${BODY_LIMIT_BYTES} bytes accepted` });
      expect(op.responses).toHaveProperty('413');

      const text = await fetch(url, { method, headers: { ...headers, 'content-type': 'text/plain' }, body: 'hello' });
      const textBody = await text.json();
      expect(text.status, `${method} ${path}`).toBe(415);
      expect(textBody).toEqual({ status: 415, title: 'Unsupported Media Type', message: 'Content type text/plain is not accepted; send application/json' });
      expect(op.responses).toHaveProperty('415');
    }
  });
});

describe("the contract's enums and ranges are the server's rules", () => {
  const property = (schema: string, name: string) => schemas[schema].properties[name] as Json;

  it('address types: the contract takes exactly what the address book takes', () => {
    const types = ADDRESS_TYPES.map((t) => t.value);
    expect(property('AddressInput', 'addressType').enum).toEqual(types);
    expect(property('Address', 'addressType').enum).toEqual(types);
    const createAddress = server.contract.operations.get('createAddress')!;
    const address = {
      addressName: 'Home', firstName: 'Ada', lastName: 'Lovelace', mainContact: '2085550100',
      addressLine1: '1 Main St', city: 'Boise', state: 'ID', postalCode: '83702', country: COUNTRY,
    };
    const serverTakes = (addressType: number) => {
      try {
        checkAddressForm({ ...address, addressType });
        return true;
      } catch {
        return false;
      }
    };
    const disagreements = [];
    for (let addressType = -1; addressType <= 100; addressType++) {
      const contractTakes = createAddress.validateBody!({ ...address, addressType });
      if (contractTakes !== serverTakes(addressType)) disagreements.push({ addressType, contractTakes });
    }
    expect(disagreements).toEqual([]);
  });

  it('states, country, tax codes, display types', () => {
    expect(schemas.UsState.enum).toEqual(US_STATES.map((s) => s.code));
    expect(schemas.Country.enum).toEqual([COUNTRY]);
    expect(schemas.TaxCode.enum).toEqual([...TAX_CODES]);
    expect(schemas.CmsProductDisplayType.enum).toEqual([...productDisplayTypes]);
    expect(schemas.CmsCollectionDisplayType.enum).toEqual([...collectionDisplayTypes]);
  });

  it('cart quantities and lines (decision 027)', () => {
    expect(property('CartLineInput', 'quantity')).toMatchObject({ minimum: 1, maximum: MAX_LINE_QUANTITY });
    expect(property('QuantityInput', 'quantity')).toMatchObject({ minimum: 0, maximum: MAX_LINE_QUANTITY });
    expect(property('CartItem', 'quantity')).toMatchObject({ minimum: 1, maximum: MAX_LINE_QUANTITY });
    expect(schemas.CartLinesInput).toMatchObject({ minItems: 1, maxItems: MAX_CART_LINES });
    // A merge after sign-in never drops a line: two full carts.
    expect(property('Cart', 'items').maxItems).toBe(2 * MAX_CART_LINES);
  });
});
