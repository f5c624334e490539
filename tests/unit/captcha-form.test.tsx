import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createChallenge } from 'altcha-lib/v1';
import { afterEach, describe, expect, it } from 'vitest';
import { NewsletterSignupForm } from '../../src/components/forms/newsletter-signup-form';
import { TestProviders } from './test-providers';

/**
 * A captcha-protected form after the server's answer (issue 19 item 6; catalogue-and-content.md
 * section 5): the captcha is reset on every answer, a refusal's field errors show under their
 * fields, and the next submit without a new captcha is stopped with the captcha's own error.
 * The newsletter sign-up stands for the forms built on CaptchaForm; the embedded captcha solves
 * a real (easy) ALTCHA challenge served by the fake network.
 */

afterEach(cleanup);

const CAPTCHA = 'Please complete the reCAPTCHA';
const json = (body: unknown, status = 200) => Response.json(body, { status });

type Answer = (body: Record<string, unknown>) => Response;

function fakeShop(answers: Answer[]) {
  const posts: Record<string, unknown>[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path.endsWith('/Captcha/challenge')) return json(await createChallenge({ hmacKey: 'test-key', maxnumber: 20 }));
    if (path.endsWith('/Newsletter/subscribe') && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      posts.push(body);
      const answer = answers[posts.length - 1] ?? answers.at(-1)!;
      return answer(body);
    }
    return json({ status: 404, title: 'Not Found', message: 'Not here' }, 404);
  }) as typeof fetch;
  return { fetchImpl, posts };
}

function renderForm(answers: Answer[]) {
  const shop = fakeShop(answers);
  render(
    <TestProviders fetch={shop.fetchImpl}>
      <NewsletterSignupForm id="newsletter-test" />
    </TestProviders>,
  );
  const form = screen.getByRole('form', { name: 'Newsletter sign-up' });
  const captcha = within(form).getByRole('checkbox', { name: "I'm not a robot" }) as HTMLInputElement;
  const email = within(form).getByLabelText('Email') as HTMLInputElement;
  const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
  const solve = async () => {
    fireEvent.click(captcha);
    await within(form).findByText('Verified');
  };
  /** The error list under a control (its aria-describedby), as the shopper hears it. */
  const errorsUnder = (control: HTMLElement) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  return { ...shop, form, captcha, email, submit, solve, errorsUnder };
}

describe('a captcha form after the server answers', () => {
  it('a refusal: field errors under their fields, the captcha unverified, a new one needed', async () => {
    const refused: Answer = () =>
      json(
        {
          status: 400,
          title: 'Bad Request',
          message: `Email is not accepted; ${CAPTCHA}`,
          errors: [
            { field: 'email', message: 'Email is not accepted' },
            { field: 'captcha', message: CAPTCHA },
          ],
        },
        400,
      );
    const accepted: Answer = () => json({ message: 'You have been subscribed to the newsletter', isPending: false });
    const ui = renderForm([refused, accepted]);

    fireEvent.input(ui.email, { target: { value: 'shopper@example.com' } });
    await ui.solve();
    ui.submit();
    await waitFor(() => expect(ui.posts).toHaveLength(1));
    expect(typeof ui.posts[0].captcha).toBe('string');

    // The server's field errors show under their fields; the email keeps what was typed.
    await waitFor(() => expect(ui.errorsUnder(ui.email)).toContain('Email is not accepted'));
    expect(ui.email.getAttribute('aria-invalid')).toBe('true');
    expect(ui.email.value).toBe('shopper@example.com');
    expect(ui.errorsUnder(ui.captcha)).toContain(CAPTCHA);
    // The spent captcha shows unverified again.
    expect(ui.captcha.checked).toBe(false);
    expect(within(ui.form).queryByText('Verified')).toBeNull();

    // Editing the email clears its server error only.
    fireEvent.input(ui.email, { target: { value: 'shopper2@example.com' } });
    await waitFor(() => expect(ui.errorsUnder(ui.email)).not.toContain('Email is not accepted'));

    // A submit without a new captcha sends nothing and says so under the captcha.
    ui.submit();
    await waitFor(() => expect(ui.captcha.getAttribute('aria-invalid')).toBe('true'));
    expect(ui.errorsUnder(ui.captcha)).toContain(CAPTCHA);
    await act(async () => {});
    expect(ui.posts).toHaveLength(1);

    // Solved again: the error goes, and the form is sent with the new solution.
    await ui.solve();
    await waitFor(() => expect(ui.errorsUnder(ui.captcha)).not.toContain(CAPTCHA));
    ui.submit();
    await waitFor(() => expect(ui.posts).toHaveLength(2));
    expect(ui.posts[1].captcha).not.toBe(ui.posts[0].captcha);
    expect(ui.posts[1].email).toBe('shopper2@example.com');
  });

  it('a success: the fields and the captcha start over', async () => {
    const ui = renderForm([() => json({ message: 'You have been subscribed to the newsletter', isPending: true })]);
    fireEvent.input(ui.email, { target: { value: 'shopper@example.com' } });
    await ui.solve();
    ui.submit();
    await waitFor(() => expect(ui.posts).toHaveLength(1));
    await waitFor(() => {
      const form = screen.getByRole('form', { name: 'Newsletter sign-up' });
      expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('');
      expect((within(form).getByRole('checkbox', { name: "I'm not a robot" }) as HTMLInputElement).checked).toBe(false);
    });
  });
});
