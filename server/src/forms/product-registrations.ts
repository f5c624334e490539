import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../../src/api/schema';
import {
  alreadyRegisteredMessage,
  createProductRegistrationSchema,
  PRODUCT_REGISTRATION_LABELS,
  registeredMessage,
} from '../../../src/domain/product-registration';
import type { Db } from '../db/client';
import { cmsDocuments, productRegistrations } from '../db/schema';
import { HttpError, type FieldError } from '../problem';
import { isUniqueViolation } from './errors';
import { notify } from './notify';

type ProductRegistrationInput = components['schemas']['ProductRegistrationInput'];
type ProductModel = components['schemas']['ProductModel'];

export const NOT_A_FIREARM = 'Product model must be a firearm from our catalogue';

/**
 * "Today" for the purchase date is the latest calendar date anywhere on earth (UTC+14): the
 * browser checks against its own date, and a customer's today must never be the server's future.
 */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);
const schema = createProductRegistrationSchema(latestToday).omit({ captcha: true });

export type CleanProductRegistration = Omit<ProductRegistrationInput, 'captcha' | 'phone'> & { phone?: string };

/** The firearms that can be registered: catalogue products with the FFL flag, by title. */
export async function listProductModels(db: Db): Promise<ProductModel[]> {
  return db
    .select({ documentId: cmsDocuments.key, title: cmsDocuments.title })
    .from(cmsDocuments)
    .where(and(eq(cmsDocuments.kind, 'product'), sql`(${cmsDocuments.data}->>'ffl_item')::boolean is true`))
    .orderBy(asc(sql`lower(${cmsDocuments.title})`), asc(cmsDocuments.key));
}

/**
 * The form's own rules (src/domain/product-registration.ts), so each refused field gets the
 * message the browser shows; every failing field is listed at once.
 */
export function cleanProductRegistration(body: ProductRegistrationInput): CleanProductRegistration {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors: FieldError[] = [];
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    if (!errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
  }
  throw new HttpError(400, errors.map((e) => e.message).join('; '), { errors });
}

/** The product's title, when the documentId is a firearm of the catalogue; else a 400. */
export async function firearmTitle(db: Db, documentId: string): Promise<string> {
  const [model] = (await listProductModels(db)).filter((m) => m.documentId === documentId);
  if (!model) throw new HttpError(400, NOT_A_FIREARM, { errors: [{ field: 'documentId', message: NOT_A_FIREARM }] });
  return model.title;
}

/** Stores the registration (409 for a serial number already registered for the model), then mails the owner. */
export async function saveProductRegistration(
  app: FastifyInstance,
  registration: CleanProductRegistration,
  productTitle: string,
  userId: string | null,
): Promise<string> {
  try {
    await app.db.insert(productRegistrations).values({
      productDocumentId: registration.documentId,
      productTitle,
      serialNumber: registration.serialNumber,
      purchaseDate: registration.purchaseDate,
      purchasedFrom: registration.purchasedFrom,
      firstName: registration.firstName,
      lastName: registration.lastName,
      email: registration.email,
      phone: registration.phone ?? null,
      zip: registration.zip,
      optInNotices: registration.optInNotices,
      userId,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, alreadyRegisteredMessage(productTitle), {
      errors: [{ field: 'serialNumber', message: alreadyRegisteredMessage(productTitle) }],
    });
  }
  await notify(app, [confirmation(registration, productTitle)]);
  return registeredMessage(productTitle);
}

function confirmation(registration: CleanProductRegistration, productTitle: string) {
  const label = PRODUCT_REGISTRATION_LABELS;
  return {
    to: registration.email,
    subject: `Your ${productTitle} is registered`,
    text: [
      `Hello ${registration.firstName},`,
      '',
      `Thank you for registering your ${productTitle}. We keep these details for warranty service:`,
      '',
      `${label.documentId}: ${productTitle}`,
      `${label.serialNumber}: ${registration.serialNumber}`,
      `${label.purchaseDate}: ${registration.purchaseDate}`,
      `${label.purchasedFrom}: ${registration.purchasedFrom}`,
      '',
      registration.optInNotices
        ? 'We will email you product and safety notices for it.'
        : 'You chose not to receive product notices.',
      'Safety recalls are always sent to registered owners.',
      '',
      'Ridgeline Arms',
    ].join('\n'),
  };
}
