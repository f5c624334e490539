import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { currentUser } from '../identity/bearer';
import { createReview, listReviews, listUserReviews } from '../accounts/reviews';

/** First-party reviews provider (DESIGN.md section 3; decision 004). */
export function reviewsRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    listReviews: async ({ query }) => listReviews(db, { productId: query.productId, limit: query.limit }),
    createReview: async ({ request, body }) => createReview(db, currentUser(request), body),
    listMyReviews: async ({ request }) => listUserReviews(db, currentUser(request).id),
  };
}
