import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dealerRegistrations } from '../db/schema';
import { hashPassword } from '../identity/passwords';
import { DOCUMENT_FIELDS, labelOf, type DealerApplication } from './dealer-registration';
import { isUniqueViolation } from './errors';
import { notify } from './notify';
import { DOCUMENT_TYPES, storeUpload } from './multipart';

/** Folder of an application's documents, relative to DATA_DIR (decision 008). */
export const registrationUploadDir = (id: number) => path.join('uploads', 'dealer-registrations', String(id));

/**
 * A second application for an address answers exactly as a first one (issue 39 item 3: a 409
 * naming the address told anyone who applied there); its owner learns of it by mail.
 */
async function tellAlreadyApplied(app: FastifyInstance, values: Record<string, string>) {
  await notify(app, [
    {
      to: values.email,
      subject: 'You already have a dealer application',
      text: [
        `Hello ${values.firstName},`,
        '',
        `Someone, perhaps you, just applied again to become a Ridgeline Arms dealer with this email address. We already have an application for it, so no new one was made and the one we have has not changed. We will contact you at ${values.email} about it.`,
        '',
        'If you need to change something in your application, reply to this email. If it was not you, you can ignore this message.',
        '',
        'Ridgeline Arms',
      ].join('\n'),
    },
  ]);
}

/**
 * Stores a checked dealer application: the row, the password as a scrypt hash, the documents
 * moved into the application's folder under random names. All or nothing: a failure removes the
 * folder and rolls the row back. Then the applicant and the staff are told by email. An address
 * that already applied stores nothing and is told by mail; the answer is the same (`duplicate`
 * is for the caller's logs only).
 */
export async function submitDealerApplication(
  app: FastifyInstance,
  application: DealerApplication,
): Promise<{ id?: number; company: string; email: string; duplicate: boolean }> {
  const { values, documents } = application;
  const company = values.company;
  const email = values.email;
  // Hashed whichever way it goes, so the time taken does not tell either.
  const passwordHash = await hashPassword(application.password);
  const [existing] = await app.db
    .select({ id: dealerRegistrations.id })
    .from(dealerRegistrations)
    .where(eq(sql`lower(${dealerRegistrations.email})`, email.toLowerCase()));
  if (existing) {
    await tellAlreadyApplied(app, values);
    return { company, email, duplicate: true };
  }

  const dataDir = path.resolve(app.config.DATA_DIR);
  let folder: string | undefined;
  let id: number;
  const stored: Record<string, { path: string; type: string; size: number; clientName: string }> = {};
  try {
    id = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dealerRegistrations)
        .values({ company, email, passwordHash, data: values })
        .returning({ id: dealerRegistrations.id });
      const relative = registrationUploadDir(row.id);
      for (const field of DOCUMENT_FIELDS) {
        const file = documents[field];
        if (!file) continue;
        folder = path.join(dataDir, relative);
        const target = await storeUpload(file, folder);
        stored[field] = {
          path: path.relative(dataDir, target),
          type: DOCUMENT_TYPES[file.kind].mimeType,
          size: file.size,
          clientName: file.clientName,
        };
      }
      if (Object.keys(stored).length) {
        await tx
          .update(dealerRegistrations)
          .set({
            fflDocumentPath: stored.fflDocument?.path ?? null,
            sotDocumentPath: stored.sotDocument?.path ?? null,
            data: { ...values, documents: stored },
          })
          .where(eq(dealerRegistrations.id, row.id));
      }
      return row.id;
    });
  } catch (error) {
    if (folder) await rm(folder, { recursive: true, force: true });
    if (isUniqueViolation(error)) {
      await tellAlreadyApplied(app, values);
      return { company, email, duplicate: true };
    }
    throw error;
  }

  await notify(app, [
    {
      to: email,
      subject: 'We received your dealer application',
      text: [
        `Hello ${values.firstName},`,
        '',
        `Thank you for registering ${company} as a Ridgeline Arms dealer. We will review your application and contact you at ${email}.`,
        '',
        'Ridgeline Arms',
      ].join('\n'),
    },
    {
      to: app.config.STAFF_EMAIL,
      subject: `New dealer application #${id}: ${company}`,
      text: [
        `Dealer application #${id} is waiting for review.`,
        '',
        ...Object.entries(values).map(([field, value]) => `${labelOf(field)}: ${value}`),
        ...Object.entries(stored).map(([field, doc]) => `${labelOf(field)}: ${doc.path} (${doc.type}, ${doc.size} bytes)`),
      ].join('\n'),
    },
  ]);
  return { id, company, email, duplicate: false };
}
