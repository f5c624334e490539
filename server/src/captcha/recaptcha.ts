import { HttpError } from '../problem';

/** Google's server-side check of a reCAPTCHA token (the production adapter, DESIGN.md section 3). */
export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export async function verifyRecaptcha(secret: string, token: string, remoteIp?: string): Promise<boolean> {
  const form = new URLSearchParams({ secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  let answer: { success?: unknown };
  try {
    const res = await fetch(SITEVERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    answer = (await res.json()) as { success?: unknown };
  } catch (error) {
    // Not the visitor's fault: say so rather than asking for a captcha they did complete.
    throw new HttpError(503, 'The captcha could not be checked just now. Please try again in a moment.', { cause: error });
  }
  // Tokens are single-use at Google: a replayed one answers success: false.
  return answer.success === true;
}
