import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { badRequest } from '../problem';
import { findUserById, profileView, updateDetails } from '../identity/users';
import { currentUser } from '../identity/bearer';

export function userRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    // The profile is always the token subject's own: there is no user id to ask for another.
    getProfile: async ({ request }) => profileView(db, currentUser(request)),
    updateProfile: async ({ request, body }) => {
      const user = currentUser(request);
      const firstName = body.firstName.trim();
      const lastName = body.lastName.trim();
      if (!firstName) throw badRequest('First name is required');
      if (!lastName) throw badRequest('Last name is required');
      // The email is read-only (the contract does not accept it); an omitted phone clears it.
      await updateDetails(db, user.id, { firstName, lastName, phone: body.phoneNumber?.trim() || null });
      return profileView(db, (await findUserById(db, user.id))!);
    },
  };
}
