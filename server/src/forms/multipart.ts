import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Contract } from '../contract/contract';
import { HttpError } from '../problem';

/**
 * Multipart form bodies (dealer registration), read before the contract's request checks:
 * text fields are collected, files are streamed to a temporary file under DATA_DIR while their
 * first bytes and size are checked (DESIGN.md section 6: by magic bytes, never by name or declared
 * type). Nothing here rejects a field: the route validates the whole form and answers every
 * problem at once. Temporary files are removed before the response is sent, whatever happened;
 * a handler keeps a file by moving it (storeUpload).
 */

export type DocumentKind = 'pdf' | 'tiff';

export interface UploadedFile {
  field: string;
  /** The client's file name: informational only, never part of a path. */
  clientName: string;
  tempPath: string;
  size: number;
  /** From the magic bytes; undefined when the file is neither a PDF nor a TIFF. */
  kind?: DocumentKind;
  /** Larger than UPLOAD_LIMIT_BYTES (the rest was not read). */
  tooLarge: boolean;
}

export interface MultipartForm {
  /** Text values by field name (a name sent twice has two values). */
  fields: Map<string, string[]>;
  files: UploadedFile[];
  /** Field names whose text value was cut at the field size limit. */
  truncated: Set<string>;
}

export const DOCUMENT_TYPES: Record<DocumentKind, { extension: string; mimeType: string }> = {
  pdf: { extension: 'pdf', mimeType: 'application/pdf' },
  tiff: { extension: 'tif', mimeType: 'image/tiff' },
};

const PDF = Buffer.from('%PDF-', 'latin1');
const TIFF_LE = Buffer.from([0x49, 0x49, 0x2a, 0x00]);
const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a]);
const SNIFF_BYTES = 5;

export function detectDocument(head: Buffer): DocumentKind | undefined {
  if (head.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  const four = head.subarray(0, 4);
  if (four.equals(TIFF_LE) || four.equals(TIFF_BE)) return 'tiff';
  return undefined;
}

const LIMITS = {
  fieldNameSize: 100,
  fieldSize: 4096,
  fields: 60,
  files: 4,
  parts: 64,
  headerPairs: 50,
};

const forms = new WeakMap<FastifyRequest, MultipartForm>();
const tempFiles = new WeakMap<FastifyRequest, string[]>();

/** The form read for this request (routes whose contract body is multipart/form-data). */
export function multipartForm(request: FastifyRequest): MultipartForm {
  const form = forms.get(request);
  if (!form) throw new HttpError(400, 'Send this form as multipart/form-data');
  return form;
}

export function uploadTempDir(dataDir: string): string {
  return path.resolve(dataDir, 'uploads', 'tmp');
}

/**
 * Registers @fastify/multipart and reads the multipart body of every operation whose contract
 * accepts multipart/form-data. A multipart body sent to any other operation is a 415.
 */
export async function installMultipartForms(app: FastifyInstance, contract: Contract): Promise<void> {
  const fileSize = app.config.UPLOAD_LIMIT_BYTES;
  const tempDir = uploadTempDir(app.config.DATA_DIR);
  await app.register(multipart, { limits: { ...LIMITS, fileSize }, throwFileSizeLimit: false });
  await removeStaleTempFiles(tempDir);

  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const operationId = request.routeOptions.config?.operationId;
    const op = operationId ? contract.operations.get(operationId) : undefined;
    const accepted = Object.keys(op?.requestBody?.content ?? {});
    if (!accepted.includes('multipart/form-data')) {
      throw new HttpError(415, `Content type multipart/form-data is not accepted${accepted.length ? `; send ${accepted.join(' or ')}` : ''}`);
    }
    const form = await readForm(request, tempDir);
    forms.set(request, form);
    // The contract's check needs a body to be present; the fields are validated by the route.
    request.body = Object.fromEntries([...form.fields].map(([name, values]) => [name, values[0]]));
  });

  // Before the answer leaves, so a client that got its 4xx finds nothing left behind.
  app.addHook('onSend', async (request, _reply, payload) => {
    const paths = tempFiles.get(request);
    if (paths) await Promise.all(paths.map((p) => rm(p, { force: true })));
    return payload;
  });
}

/** Left behind by a crash mid-upload; an hour old is surely not in flight any more. */
async function removeStaleTempFiles(tempDir: string): Promise<void> {
  const names = await readdir(tempDir).catch(() => [] as string[]);
  const cutoff = Date.now() - 60 * 60_000;
  for (const name of names) {
    const file = path.join(tempDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) await rm(file, { force: true });
  }
}

async function readForm(request: FastifyRequest, tempDir: string): Promise<MultipartForm> {
  const form: MultipartForm = { fields: new Map(), files: [], truncated: new Set() };
  const temps: string[] = [];
  tempFiles.set(request, temps);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        form.fields.set(part.fieldname, [...(form.fields.get(part.fieldname) ?? []), value]);
        if (part.valueTruncated) form.truncated.add(part.fieldname);
        continue;
      }
      await mkdir(tempDir, { recursive: true });
      const tempPath = path.join(tempDir, randomUUID());
      temps.push(tempPath);
      let head = Buffer.alloc(0);
      let size = 0;
      const sniff = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          size += chunk.length;
          // Not a document: read to the end (the parser needs it) but keep nothing on disk.
          const keep = head.length < SNIFF_BYTES || detectDocument(head) !== undefined;
          done(null, keep ? chunk : undefined);
        },
      });
      await pipeline(part.file, sniff, createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true }));
      form.files.push({
        field: part.fieldname,
        clientName: part.filename.slice(0, 255),
        tempPath,
        size,
        kind: detectDocument(head),
        tooLarge: part.file.truncated,
      });
    }
  } catch (error) {
    await Promise.all(temps.map((p) => rm(p, { force: true })));
    throw readError(error);
  }
  return form;
}

function readError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return new HttpError(413, `Too many files: send at most ${LIMITS.files}`, { cause: error });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new HttpError(413, 'Too many form fields', { cause: error });
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, 'A form field has a name that is not allowed', { cause: error });
    default:
      return new HttpError(400, 'The form could not be read: the multipart body is malformed or incomplete', { cause: error });
  }
}

/** Moves an upload into `dir` under a random name with its detected type's extension. */
export async function storeUpload(file: UploadedFile & { kind: DocumentKind }, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, `${randomUUID()}.${DOCUMENT_TYPES[file.kind].extension}`);
  await rename(file.tempPath, target);
  return target;
}
