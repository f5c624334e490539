import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { requireCaptcha } from '../captcha/verifier';
import { checkDealerRegistration, describeFieldErrors } from '../forms/dealer-registration';
import { submitDealerApplication } from '../forms/dealer-applications';
import { cleanImageRequest, saveImageRequest } from '../forms/image-requests';
import { multipartForm } from '../forms/multipart';
import { cleanProductRegistration, firearmTitle, listProductModels, saveProductRegistration } from '../forms/product-registrations';
import { HttpError } from '../problem';

export function registrationRoutes(app: FastifyInstance): Handlers {
  return {
    registerDealer: async ({ request }) => {
      const form = multipartForm(request);
      const checked = checkDealerRegistration(form, app.config.UPLOAD_LIMIT_BYTES);
      if (!checked.ok) throw new HttpError(checked.status, describeFieldErrors(checked.errors), { errors: checked.errors });
      // The form is right; now spend the captcha (single use), then store (decision 004: header).
      const captcha = request.headers['x-captcha'];
      await requireCaptcha(app, typeof captcha === 'string' ? captcha : undefined, request.ip);
      const { company, email } = await submitDealerApplication(app, checked.application);
      return { message: `Thank you for registering, ${company}. We will review your application and contact you at ${email}.` };
    },

    requestImages: async ({ request, body }) => {
      const clean = cleanImageRequest(body);
      await requireCaptcha(app, body.captcha, request.ip);
      await saveImageRequest(app, clean);
      return { message: `Thank you, ${clean.firstName}. We will email the images you asked for to ${clean.email}.` };
    },

    listProductModels: async () => listProductModels(app.db),

    // Decision 023: fields, then the product, then the captcha (spent only by a good form), then the row.
    registerProduct: async ({ request, body }) => {
      const clean = cleanProductRegistration(body);
      const productTitle = await firearmTitle(app.db, clean.documentId);
      await requireCaptcha(app, body.captcha, request.ip);
      return { message: await saveProductRegistration(app, clean, productTitle, request.user?.id ?? null) };
    },
  };
}
