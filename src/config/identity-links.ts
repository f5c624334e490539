/**
 * Links from the storefront to the identity provider's own pages (decision 033). The embedded
 * provider's issuer is `{PUBLIC_URL}/oidc` (server/src/config.ts `embeddedIssuer`), and its pages
 * live on the same server; an outside provider (OIDC_AUTHORITY) follows Keycloak's conventions, as
 * the password change does (`kc_action`), with its account page at `{issuer}/account`.
 */

/** The path of the embedded provider's issuer. */
export const EMBEDDED_ISSUER_PATH = '/oidc';

/** The embedded provider's page that mails a new verification link (server/src/identity/account-recovery.ts). */
export const RESEND_VERIFICATION_PATH = '/auth/verify-email/resend';

/**
 * Where "Email not verified — resend" goes: the embedded provider's page that mails a new
 * verification link, with the account's address filled in; with an outside provider, its account
 * page, where the customer verifies (or corrects) the address.
 */
export function emailVerificationUrl(authority: string, origin: string, email: string): string {
  const issuer = new URL(authority, origin);
  const path = issuer.pathname.replace(/\/+$/, '');
  if (path === EMBEDDED_ISSUER_PATH) {
    const url = new URL(RESEND_VERIFICATION_PATH, issuer.origin);
    if (email) url.searchParams.set('email', email);
    return url.href;
  }
  return `${issuer.origin}${path}/account`;
}
