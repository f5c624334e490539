// Generates from the contracts in openapi/ (npm run gen:api): their TypeScript types, and each
// contract dereferenced into one JSON document that the server and the tests read (decision 054).
// openapi-typescript's Node API instead of its CLI only because the CLI cannot take a `transform`:
// multipart file fields (`format: binary`) must be typed as Blob so the browser can send File
// objects. tests/unit/api/schema-fresh.test.ts runs the same functions to catch stale files.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dereference } from '@apidevtools/json-schema-ref-parser';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';

const root = new URL('../', import.meta.url);

/** Contract file and generated types, relative to the repository root. */
export const targets = [
  { input: 'openapi/shop.yaml', output: 'src/api/schema.ts' },
  { input: 'openapi/geocoding.yaml', output: 'src/api/geocoding-schema.ts' },
];

/** Contract file and its dereferenced document, relative to the repository root. */
export const dereferencedTargets = [
  { input: 'openapi/shop.yaml', output: 'server/src/contract/shop.dereferenced.json' },
  { input: 'openapi/geocoding.yaml', output: 'server/src/contract/geocoding.dereferenced.json' },
];

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** The generated source for one contract file (path relative to the repository root). */
export async function generate(input) {
  const ast = await openapiTS(new URL(input, root), {
    transform(schemaObject) {
      if (schemaObject.format === 'binary') return BLOB;
      return undefined;
    },
  });
  return COMMENT_HEADER + astToString(ast);
}

/**
 * One contract file with every `$ref` replaced by what it points at, as JSON text. A recursive
 * schema (the content service's rich-text block holds blocks) cannot be written out inline, so
 * a `$ref` that closes a cycle stays as it is, pointing into the document's own `components`.
 */
export async function generateDereferenced(input) {
  const document = await dereference(fileURLToPath(new URL(input, root)), {
    resolve: { external: false },
    dereference: { circular: 'ignore' },
  });
  const marked = { 'x-generated': `From ${input} by npm run gen:api (scripts/gen-api.mjs); do not edit.`, ...document };
  return `${JSON.stringify(marked, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { input, output } of targets) {
    await writeFile(new URL(output, root), await generate(input));
    console.log(`${input} -> ${output}`);
  }
  for (const { input, output } of dereferencedTargets) {
    await writeFile(new URL(output, root), await generateDereferenced(input));
    console.log(`${input} -> ${output}`);
  }
}
