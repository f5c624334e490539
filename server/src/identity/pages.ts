import { MIN_PASSWORD_LENGTH, type AccountRegistrationValues } from '../../../src/domain/account-registration';

/**
 * The embedded identity provider's pages: sign in, registration, password change, sign out,
 * forgotten password and email verification (decision 033), and errors. Server-rendered HTML with
 * one self-contained stylesheet, in the storefront's slate and tan. No page needs a script; the
 * one that completes the storefront's own sign-out (`signingOutPage`) loads a same-origin one to
 * post its form at once (the CSP allows only same-origin scripts, never inline ones) and works
 * without it.
 */

export const STYLESHEET_PATH = '/auth/interaction/styles.css';

/** Posts the sign-out form of `signingOutPage` as soon as the page is read. */
export const SIGN_OUT_SCRIPT_PATH = '/auth/interaction/sign-out.js';
export const SIGN_OUT_SCRIPT = `document.getElementById('op.logoutForm').submit();\n`;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export type FieldErrors = Record<string, string>;

/** Under every new-password field: the rule of src/domain/account-registration.ts in short. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters. Not a common password, and not your email address.`;

/** The one answer to "Forgot password?", whether or not an account has the address. */
export const RESET_LINK_SENT = 'If an account exists for that address, we have sent a link to reset the password. It expires in 30 minutes.';

interface FieldOptions {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autocomplete: string;
  value?: string;
  required?: boolean;
  hint?: string;
  errors: FieldErrors;
  autofocus?: boolean;
}

function field(o: FieldOptions): string {
  const id = `field-${o.name}`;
  const error = o.errors[o.name];
  const describedBy = [o.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field${error ? ' field--invalid' : ''}">
  <label for="${id}">${escapeHtml(o.label)}${o.required ? '' : ' <span class="optional">(optional)</span>'}</label>
  ${o.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(o.hint)}</p>` : ''}
  ${error ? `<p class="error" id="${id}-error"><span class="visually-hidden">Error: </span>${escapeHtml(error)}</p>` : ''}
  <input id="${id}" name="${o.name}" type="${o.type ?? 'text'}" autocomplete="${o.autocomplete}"${
    o.type === 'password' ? '' : ` value="${escapeHtml(o.value)}"`
  }${o.required ? ' required aria-required="true"' : ''}${error ? ' aria-invalid="true"' : ''}${
    describedBy ? ` aria-describedby="${describedBy}"` : ''
  }${o.autofocus ? ' autofocus' : ''}>
</div>`;
}

/** The list of problems at the top of a form, each linking to its field (announced on load). */
function errorSummary(errors: FieldErrors, order: string[], general?: string): string {
  const items = order.filter((name) => errors[name]);
  if (!items.length && !general) return '';
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
  <h2 id="error-summary-title">${general && !items.length ? escapeHtml(general) : 'There is a problem'}</h2>
  ${items.length ? `<ul>${items.map((name) => `<li><a href="#field-${name}">${escapeHtml(errors[name])}</a></li>`).join('')}</ul>` : ''}
</div>`;
}

/** Focus the first field in error, else the given one (autofocus: no script needed). */
function focusTarget(errors: FieldErrors, order: string[], fallback: string): string {
  return order.find((name) => errors[name]) ?? fallback;
}

export interface LayoutOptions {
  title: string;
  shopUrl: string;
  body: string;
  /** A same-origin script to run once the page is parsed (only the sign-out's). */
  script?: string;
}

/** The page frame shared by the identity pages and the dev mailbox (server/src/dev/mailbox.ts). */
export function layout({ title, shopUrl, body, script }: LayoutOptions): string {
  const home = `${shopUrl}/`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Ridgeline Arms</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">${script ? `\n<script src="${escapeHtml(script)}" defer></script>` : ''}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="masthead">
  <a class="brand" href="${escapeHtml(home)}">Ridgeline Arms</a>
</header>
<main id="main" class="card" tabindex="-1">
${body}
</main>
<footer class="foot"><a href="${escapeHtml(home)}">Back to the shop</a></footer>
</body>
</html>`;
}

/** A message that something worked or was sent (announced politely, not as an error). */
function notice(text: string): string {
  return `<div class="notice" role="status"><p>${escapeHtml(text)}</p></div>`;
}

export interface SignInPageOptions {
  action: string;
  registerUrl: string;
  /** "Forgot password?" (account-recovery.ts). */
  forgotUrl: string;
  shopUrl: string;
  email?: string;
  errors?: FieldErrors;
  /** A message about the whole form (wrong credentials). */
  message?: string;
}

/** The sign-in form with its "Forgot password?" and "Create an account" links. */
function signInForm(o: SignInPageOptions): string {
  const errors = o.errors ?? {};
  const order = ['email', 'password'];
  const focus = o.message ? 'password' : focusTarget(errors, order, o.email ? 'password' : 'email');
  return `${errorSummary(errors, order, o.message)}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: o.email, required: true, errors, autofocus: focus === 'email' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', required: true, errors, autofocus: focus === 'password' })}
<button type="submit" class="button">Sign in</button>
</form>
<p class="aside"><a href="${escapeHtml(o.forgotUrl)}">Forgot password?</a></p>
<p class="switch">New to Ridgeline Arms? <a href="${escapeHtml(o.registerUrl)}">Create an account</a></p>`;
}

export function signInPage(o: SignInPageOptions): string {
  return layout({
    title: 'Sign in',
    shopUrl: o.shopUrl,
    body: `<h1>Sign in</h1>
<p class="lead">Sign in to check out faster, see your orders and manage your addresses.</p>
${signInForm(o)}`,
  });
}

/**
 * After every registration post that passed the form's rules, a new address or one that already
 * has an account (decision 033): the same page, which signs nobody in. A new account can sign in
 * at once with the password just chosen; the mail says what to do next.
 */
export function registeredPage(o: SignInPageOptions & { email: string }): string {
  return layout({
    title: 'Check your inbox',
    shopUrl: o.shopUrl,
    body: `<h1>Check your inbox</h1>
${notice(`We have sent a message to ${o.email}. Follow the link in it to verify your email address.`)}
<p class="lead">You can sign in now with your email and password and carry on shopping.</p>
${signInForm(o)}`,
  });
}

/** What the registration page shows again after a refused post: the text fields, never the passwords. */
export type RegisterValues = Partial<Pick<AccountRegistrationValues, 'firstName' | 'lastName' | 'email' | 'phone'>>;

export interface RegisterPageOptions {
  action: string;
  signInUrl: string;
  shopUrl: string;
  values?: RegisterValues;
  errors?: FieldErrors;
}

export const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'];

export function registerPage(o: RegisterPageOptions): string {
  const errors = o.errors ?? {};
  const v = o.values ?? {};
  const focus = focusTarget(errors, REGISTER_FIELDS, 'firstName');
  const f = (opts: Omit<FieldOptions, 'errors' | 'autofocus'>) => field({ ...opts, errors, autofocus: focus === opts.name });
  return layout({
    title: 'Create an account',
    shopUrl: o.shopUrl,
    body: `<h1>Create an account</h1>
<p class="lead">All fields are required unless marked optional.</p>
${errorSummary(errors, REGISTER_FIELDS)}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
<div class="row">
${f({ name: 'firstName', label: 'First name', autocomplete: 'given-name', value: v.firstName, required: true })}
${f({ name: 'lastName', label: 'Last name', autocomplete: 'family-name', value: v.lastName, required: true })}
</div>
${f({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: v.email, required: true })}
${f({ name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel', value: v.phone, hint: 'US number, for example (555) 123-4567.' })}
${f({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT })}
${f({ name: 'confirmPassword', label: 'Confirm password', type: 'password', autocomplete: 'new-password', required: true })}
<button type="submit" class="button">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(o.signInUrl)}">Sign in</a></p>`,
  });
}

export interface PasswordPageOptions {
  action: string;
  shopUrl: string;
  /** Ask for the current password (not asked right after signing in within the same request). */
  askCurrent: boolean;
  email?: string;
  errors?: FieldErrors;
}

export const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];

export function passwordPage(o: PasswordPageOptions): string {
  const errors = o.errors ?? {};
  const order = o.askCurrent ? PASSWORD_FIELDS : PASSWORD_FIELDS.slice(1);
  const focus = focusTarget(errors, order, order[0]);
  const f = (opts: Omit<FieldOptions, 'errors' | 'autofocus'>) => field({ ...opts, errors, autofocus: focus === opts.name });
  return layout({
    title: 'Change password',
    shopUrl: o.shopUrl,
    body: `<h1>Change password</h1>
${o.email ? `<p class="lead">For ${escapeHtml(o.email)}</p>` : ''}
${errorSummary(errors, order)}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${o.email ? `<input type="text" name="username" autocomplete="username" value="${escapeHtml(o.email)}" hidden>` : ''}
${o.askCurrent ? f({ name: 'currentPassword', label: 'Current password', type: 'password', autocomplete: 'current-password', required: true }) : ''}
${f({ name: 'newPassword', label: 'New password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT })}
${f({ name: 'confirmPassword', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', required: true })}
<div class="actions">
<button type="submit" class="button">Change password</button>
<button type="submit" class="button button--secondary" name="cancel" value="1" formnovalidate>Cancel</button>
</div>
</form>`,
  });
}

export interface ForgotPasswordPageOptions {
  action: string;
  shopUrl: string;
  /** Back to the sign-in page the customer came from, or the shop's sign-in. */
  signInUrl: string;
  email?: string;
  errors?: FieldErrors;
}

export function forgotPasswordPage(o: ForgotPasswordPageOptions): string {
  const errors = o.errors ?? {};
  return layout({
    title: 'Forgot your password?',
    shopUrl: o.shopUrl,
    body: `<h1>Forgot your password?</h1>
<p class="lead">Enter the email address of your account and we will send you a link to reset your password.</p>
${errorSummary(errors, ['email'])}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: o.email, required: true, errors, autofocus: true })}
<button type="submit" class="button">Send reset link</button>
</form>
<p class="switch"><a href="${escapeHtml(o.signInUrl)}">Back to sign in</a></p>`,
  });
}

export function resetLinkSentPage(o: { shopUrl: string; signInUrl: string }): string {
  return layout({
    title: 'Check your inbox',
    shopUrl: o.shopUrl,
    body: `<h1>Check your inbox</h1>
${notice(RESET_LINK_SENT)}
<p class="switch"><a href="${escapeHtml(o.signInUrl)}">Back to sign in</a></p>`,
  });
}

export interface ResetPasswordPageOptions {
  action: string;
  shopUrl: string;
  /** The link's token, posted back with the new password. */
  token: string;
  email: string;
  errors?: FieldErrors;
}

export const RESET_FIELDS = ['newPassword', 'confirmPassword'];

export function resetPasswordPage(o: ResetPasswordPageOptions): string {
  const errors = o.errors ?? {};
  const focus = focusTarget(errors, RESET_FIELDS, 'newPassword');
  const f = (opts: Omit<FieldOptions, 'errors' | 'autofocus'>) => field({ ...opts, errors, autofocus: focus === opts.name });
  return layout({
    title: 'Choose a new password',
    shopUrl: o.shopUrl,
    body: `<h1>Choose a new password</h1>
<p class="lead">For ${escapeHtml(o.email)}</p>
${errorSummary(errors, RESET_FIELDS)}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(o.token)}">
<input type="text" name="username" autocomplete="username" value="${escapeHtml(o.email)}" hidden>
${f({ name: 'newPassword', label: 'New password', type: 'password', autocomplete: 'new-password', required: true, hint: PASSWORD_HINT })}
${f({ name: 'confirmPassword', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', required: true })}
<button type="submit" class="button">Change password</button>
</form>`,
  });
}

export function passwordResetDonePage(o: { shopUrl: string; signInUrl: string }): string {
  return layout({
    title: 'Password changed',
    shopUrl: o.shopUrl,
    body: `<h1>Your password has been changed</h1>
${notice('You can now sign in with your new password.')}
<p><a class="button" href="${escapeHtml(o.signInUrl)}">Sign in</a></p>`,
  });
}

/** A mailed link that is unknown, used or expired, with the way to a new one. */
export function linkProblemPage(o: { title: string; message: string; actionUrl: string; actionLabel: string; shopUrl: string }): string {
  return layout({
    title: o.title,
    shopUrl: o.shopUrl,
    body: `<h1>${escapeHtml(o.title)}</h1>
<div class="error-summary" role="alert"><p>${escapeHtml(o.message)}</p></div>
<p><a class="button" href="${escapeHtml(o.actionUrl)}">${escapeHtml(o.actionLabel)}</a></p>`,
  });
}

/** The verification link's page: one button, so a mail scanner opening the link verifies nothing. */
export function verifyEmailPage(o: { action: string; token: string; email: string; shopUrl: string }): string {
  return layout({
    title: 'Verify your email address',
    shopUrl: o.shopUrl,
    body: `<h1>Verify your email address</h1>
<p class="lead">Confirm that ${escapeHtml(o.email)} is the address of your Ridgeline Arms account.</p>
<form method="post" action="${escapeHtml(o.action)}">
<input type="hidden" name="token" value="${escapeHtml(o.token)}">
<button type="submit" class="button" autofocus>Verify email address</button>
</form>`,
  });
}

export function emailVerifiedPage(o: { shopUrl: string }): string {
  return layout({
    title: 'Email address verified',
    shopUrl: o.shopUrl,
    body: `<h1>Your email address is verified</h1>
${notice('Thank you. Your account now has a verified email address.')}
<p><a class="button" href="${escapeHtml(`${o.shopUrl}/`)}">Continue shopping</a></p>`,
  });
}

/** The one answer to "resend the verification link", whatever the address. */
export const VERIFICATION_LINK_SENT =
  'If an account with that address has not verified it yet, we have sent a new link to verify it. It expires in 7 days.';

export function resendVerificationPage(o: { action: string; shopUrl: string; email?: string; errors?: FieldErrors; sent?: boolean }): string {
  const errors = o.errors ?? {};
  return layout({
    title: 'Verify your email address',
    shopUrl: o.shopUrl,
    body: o.sent
      ? `<h1>Check your inbox</h1>
${notice(VERIFICATION_LINK_SENT)}
<p><a class="button" href="${escapeHtml(`${o.shopUrl}/`)}">Back to the shop</a></p>`
      : `<h1>Verify your email address</h1>
<p class="lead">Enter the email address of your account and we will send you a new link to verify it.</p>
${errorSummary(errors, ['email'])}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: o.email, required: true, errors, autofocus: true })}
<button type="submit" class="button">Send link</button>
</form>`,
  });
}

/**
 * The sign-out confirmation, for a request that is not the storefront's own sign-out (no ID token
 * of the storefront's for the signed-in account, issue 18): "Sign out" ends the provider's
 * session; "Stay signed in" only goes back to the shop, so nothing is ended or revoked (a post
 * without `logout` would still end the requesting client's grant).
 */
export function logoutPage(o: { form: string; shopUrl: string }): string {
  // `form` is oidc-provider's empty form (id op.logoutForm) carrying its anti-forgery token.
  return layout({
    title: 'Sign out',
    shopUrl: o.shopUrl,
    body: `<h1>Sign out</h1>
<p class="lead">Do you want to sign out of Ridgeline Arms?</p>
${o.form}
<div class="actions">
<button type="submit" class="button" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<a class="button button--secondary" href="${escapeHtml(`${o.shopUrl}/`)}">Stay signed in</a>
</div>`,
  });
}

/**
 * The storefront's own sign-out (its ID token for the signed-in account came with the request):
 * no question, the form is posted at once by the same-origin script; without scripts, one button.
 */
export function signingOutPage(o: { form: string; shopUrl: string }): string {
  return layout({
    title: 'Signing out',
    shopUrl: o.shopUrl,
    script: SIGN_OUT_SCRIPT_PATH,
    body: `<h1>Signing you out</h1>
<p class="lead">One moment while we sign you out of Ridgeline Arms.</p>
${o.form}
<input type="hidden" name="logout" value="yes" form="op.logoutForm">
<noscript><div class="actions"><button type="submit" class="button" form="op.logoutForm">Continue</button></div></noscript>`,
  });
}

export function loggedOutPage(o: { shopUrl: string }): string {
  return layout({
    title: 'Signed out',
    shopUrl: o.shopUrl,
    body: `<h1>You are signed out</h1>
<p class="lead">Thanks for visiting Ridgeline Arms.</p>
<p><a class="button" href="${escapeHtml(`${o.shopUrl}/`)}">Continue shopping</a></p>`,
  });
}

export function errorPage(o: { title: string; message: string; shopUrl: string }): string {
  return layout({
    title: o.title,
    shopUrl: o.shopUrl,
    body: `<h1>${escapeHtml(o.title)}</h1>
<div class="error-summary" role="alert"><p>${escapeHtml(o.message)}</p></div>
<p><a class="button" href="${escapeHtml(`${o.shopUrl}/`)}">Back to the shop</a></p>`,
  });
}

/**
 * Colours from src/styles/tokens.css (contrast checked there): slate-900 page, tan-300 brand,
 * off-white card with slate text, orange-600 buttons with white text, blue focus ring.
 */
export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;line-height:1.55;color:#171e24;background:#171e24}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;background:linear-gradient(180deg,#0f1418 0,#171e24 18rem)}
a{color:#a3400f;text-underline-offset:.15em}
a:hover{color:#171e24}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.skip-link{position:absolute;left:-999px;top:0;background:#ffd27a;color:#171e24;padding:.5rem 1rem;z-index:1}
.skip-link:focus{left:1rem;top:1rem}
.masthead{width:100%;padding:1.25rem 1.5rem;display:flex;justify-content:center;border-bottom:3px solid #b39868}
.brand{color:#d8c4a0;font-weight:700;font-size:1.25rem;letter-spacing:.08em;text-transform:uppercase;text-decoration:none}
.brand:hover{color:#f5efe4}
.brand:focus-visible,.foot a:focus-visible{outline-color:#ffd27a}
.card{width:min(30rem,calc(100% - 2rem));margin:2.5rem 0 1.5rem;padding:2rem;background:#fbf9f5;border-radius:4px;box-shadow:0 10px 30px rgb(15 20 24 / .35)}
.card:focus{outline:none}
h1{margin:0 0 .5rem;font-size:1.75rem;line-height:1.2}
.lead{margin:0 0 1.5rem;color:#4a5661}
form{display:grid;gap:1rem}
.row{display:grid;gap:1rem;grid-template-columns:1fr 1fr}
@media (max-width:30rem){.row{grid-template-columns:1fr}.card{padding:1.25rem}}
.field{display:grid;gap:.25rem}
label{font-weight:600}
.optional{font-weight:400;color:#4a5661}
.hint{margin:0;font-size:.875rem;color:#4a5661}
input{font:inherit;width:100%;padding:.625rem .75rem;border:1px solid #5d6b77;border-radius:4px;background:#fff;color:#171e24}
.field--invalid input{border:2px solid #a3400f}
.error{margin:0;font-weight:600;color:#7a2309}
.error-summary{margin:0 0 1.25rem;padding:1rem 1.25rem;background:#f9e0d6;color:#7a2309;border-left:5px solid #a3400f;border-radius:4px}
.error-summary h2{margin:0;font-size:1rem}
.error-summary p{margin:0}
.error-summary ul{margin:.5rem 0 0;padding-left:1.25rem}
.error-summary a{color:#7a2309;font-weight:600}
.notice{margin:0 0 1.25rem;padding:1rem 1.25rem;background:#e3edf7;color:#14304d;border-left:5px solid #1f6feb;border-radius:4px}
.notice p{margin:0}
.aside{margin:1rem 0 0}
.button{display:inline-block;font:inherit;font-weight:700;text-align:center;text-decoration:none;letter-spacing:.04em;text-transform:uppercase;padding:.75rem 1.25rem;border:2px solid #b94a12;border-radius:4px;background:#b94a12;color:#fff;cursor:pointer}
.button:hover{background:#a3400f;border-color:#a3400f;color:#fff}
.button--secondary{background:transparent;color:#171e24;border-color:#5d6b77}
.button--secondary:hover{background:#e6eaed;color:#171e24;border-color:#33404b}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
.switch{margin:1.5rem 0 0;padding-top:1rem;border-top:1px solid #d6d0c4}
.foot{margin-bottom:2rem}
.foot a{color:#d8c4a0}
.foot a:hover{color:#f5efe4}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;
