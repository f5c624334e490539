import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import type { Db } from '../db/client';
import { badRequest } from '../problem';
import { findUserById, profileView, updateDetails, type UserRow } from '../identity/users';
import { currentUser } from '../identity/bearer';
import { checkAddressForm, createAddress, deleteAddress, updateAddress } from '../accounts/address-book';
import { listOrderSummaries } from '../accounts/order-summaries';
import { dealerView, lastDealerOf } from '../checkout/ffl-dealers';

/** The spec's User entity with its address book and its orders, newest first (shop-core section 3). */
async function fullProfile(db: Db, user: UserRow) {
  const [profile, orders] = await Promise.all([profileView(db, user), listOrderSummaries(db, user.id)]);
  return { ...profile, orders };
}

export function userRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  // The address form's rules with its own messages (src/domain/address-forms.ts), before the
  // contract's schema check would describe the same mistakes in its own words.
  app.addHook('preValidation', async (request) => {
    const operationId = request.routeOptions.config?.operationId;
    if (operationId === 'createAddress' || operationId === 'updateAddress') checkAddressForm(request.body);
  });
  return {
    // The profile is always the token subject's own: there is no user id to ask for another.
    getProfile: async ({ request }) => fullProfile(db, currentUser(request)),
    updateProfile: async ({ request, body }) => {
      const user = currentUser(request);
      const firstName = body.firstName.trim();
      const lastName = body.lastName.trim();
      if (!firstName) throw badRequest('First name is required');
      if (!lastName) throw badRequest('Last name is required');
      // The email is read-only (the contract does not accept it); an omitted phone clears it.
      await updateDetails(db, user.id, { firstName, lastName, phone: body.phoneNumber?.trim() || null });
      return fullProfile(db, (await findUserById(db, user.id))!);
    },
    // Address calls answer the whole address book: a default flag set here clears it elsewhere
    // (decision 004). Ids of other users' addresses are 404, like ids that do not exist.
    createAddress: async ({ request, body }) => createAddress(db, currentUser(request).id, body),
    updateAddress: async ({ request, params, body }) => updateAddress(db, currentUser(request).id, params.id, body),
    deleteAddress: async ({ request, params }) => deleteAddress(db, currentUser(request).id, params.id),
    // Checkout offers this dealer first (decision 029); the answer is the customer's own.
    getLastDealer: async ({ request, reply }) => {
      const dealer = await lastDealerOf(db, currentUser(request).id);
      reply.header('cache-control', 'no-store');
      return { dealer: dealer ? dealerView(dealer) : null };
    },
  };
}
