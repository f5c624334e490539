import type { FastifyInstance } from 'fastify';
import type { components } from '../../../src/api/schema';
import { imageRequests } from '../db/schema';
import { HttpError, type FieldError } from '../problem';
import { notify } from './notify';

type ImageRequestInput = components['schemas']['ImageRequestInput'];

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'lookingFor'] as const;

/**
 * The media library's image request (catalogue spec sections 3, 5): stored, then the staff and
 * the visitor are told by email. The contract has checked shapes; a value of blanks is empty.
 */
export function cleanImageRequest(body: ImageRequestInput): Omit<ImageRequestInput, 'captcha'> {
  const errors: FieldError[] = [];
  const clean = Object.fromEntries(TEXT_FIELDS.map((field) => [field, body[field].trim()])) as Omit<ImageRequestInput, 'captcha'>;
  for (const field of TEXT_FIELDS) if (!clean[field]) errors.push({ field, message: `${field} is required` });
  if (errors.length) throw new HttpError(400, errors.map((e) => e.message).join('; '), { errors });
  return clean;
}

export async function saveImageRequest(app: FastifyInstance, request: Omit<ImageRequestInput, 'captcha'>): Promise<void> {
  const [row] = await app.db.insert(imageRequests).values(request).returning({ id: imageRequests.id });
  const name = `${request.firstName} ${request.lastName}`;
  await notify(app, [
    {
      to: app.config.STAFF_EMAIL,
      subject: `Image request #${row.id} from ${name}`,
      text: [`${name} <${request.email}> asks for product images:`, '', request.lookingFor].join('\n'),
    },
    {
      to: request.email,
      subject: 'Your product image request',
      text: [
        `Hello ${request.firstName},`,
        '',
        'Thank you for your request. We will email you the product images you asked for:',
        '',
        request.lookingFor,
        '',
        'Ridgeline Arms',
      ].join('\n'),
    },
  ]);
}
