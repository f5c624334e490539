// Generates the TypeScript types of the contracts in openapi/ (npm run gen:api).
// The Node API instead of the CLI only because the CLI cannot take a `transform`: multipart
// file fields (`format: binary`) must be typed as Blob so the browser can send File objects.
// tests/unit/api/schema-fresh.test.ts runs the same `generate()` to catch stale files.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';

const root = new URL('../', import.meta.url);

/** Contract file and generated file, relative to the repository root. */
export const targets = [
  { input: 'openapi/shop.yaml', output: 'src/api/schema.ts' },
  { input: 'openapi/geocoding.yaml', output: 'src/api/geocoding-schema.ts' },
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { input, output } of targets) {
    await writeFile(new URL(output, root), await generate(input));
    console.log(`${input} -> ${output}`);
  }
}
