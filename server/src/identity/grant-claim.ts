/**
 * The claim of the embedded provider's access tokens naming their grant: the shop API and the
 * user-info answer take a token only while its grant lives, so a password reset or change ends
 * the access tokens already issued, not only the refresh tokens (issue 39, decision 073). Its own
 * module: bearer.ts and provider.ts both read it, and provider.ts imports bearer.ts.
 */
export const GRANT_CLAIM = 'gid';
