import { solveChallenge } from 'altcha-lib/v1';

/**
 * Does what the ALTCHA widget does: fetches a challenge from the shop, solves it (proof of work)
 * and encodes the solution as the base64 payload the forms send. Test servers use a low
 * ALTCHA_MAX_NUMBER so this takes milliseconds.
 */
export async function solveCaptcha(api: string): Promise<string> {
  const res = await fetch(`${api}/Captcha/challenge`);
  if (res.status !== 200) throw new Error(`GET /Captcha/challenge answered ${res.status}`);
  const c = (await res.json()) as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('the captcha challenge could not be solved');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature, took: solution.took };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
