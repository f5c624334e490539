// @vitest-environment node
// The server compiles the check of an answer when it first meets one (decision 054), so a schema
// Ajv cannot compile would show only then: this compiles every one of both contracts, and checks
// that the `$ref`s the dereferenced document keeps (cycles of rich text) still resolve.
import { describe, expect, it } from 'vitest';
import { contractPath, geocodingContractPath, loadContract } from '../../../server/src/contract/contract';

describe.each([contractPath, geocodingContractPath])('contract %s', (file) => {
  it('compiles the check of every JSON answer', () => {
    for (const op of loadContract(file).operations.values()) {
      for (const [status, response] of Object.entries(op.responses)) {
        const declared = Boolean(response.content?.['application/json']?.schema);
        expect(Boolean(op.validateResponse(status)), `${op.operationId} ${status}`).toBe(declared);
      }
    }
  });
});

describe('recursive rich text', () => {
  const validate = loadContract().operations.get('getCmsPage')!.validateResponse('200')!;
  const page = (content: unknown) => ({ data: { id: 1, documentId: 'terms', slug: 'terms', title: 'Terms', content }, meta: {} });
  const list = (item: unknown) => [{ type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [item] }] }];

  it('accepts blocks nested in blocks', () => {
    expect(validate(page(list({ type: 'text', text: 'Returns', bold: true }))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('checks a block at any depth', () => {
    expect(validate(page(list({ type: 'text', bold: true })))).toBe(false);
  });
});
