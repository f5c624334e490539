import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { unwrap } from '../api/client';
import { useAppServices } from '../services/providers';
import styles from './captcha.module.css';
import { ErrorList } from './field';

interface CaptchaProps {
  /** The checkbox's id (the form's captcha field). */
  id?: string;
  /** The solved value (ALTCHA payload or reCAPTCHA token), or null when reset or expired. */
  onChange(value: string | null): void;
  /**
   * Changing it resets the captcha (after every answer of the server: a solution is good once).
   * The box shows unverified again and `onChange(null)` tells the form it holds no value.
   */
  resetKey?: number;
  errors?: string[];
  label?: string;
}

/**
 * One captcha for every form (catalogue-and-content.md sections 5 and 7; DESIGN.md section 3):
 * Google reCAPTCHA when a site key is configured, otherwise the self-hosted ALTCHA proof of work
 * (docs/decisions/016): ticking the box fetches a signed challenge from the shop, solves it in
 * the browser and hands the encoded solution to the form. The solving code and the reCAPTCHA
 * widget load on first use, never with the page.
 */
export function Captcha(props: CaptchaProps) {
  const { settings } = useAppServices();
  return settings.captchaSiteKey ? <Recaptcha {...props} siteKey={settings.captchaSiteKey} /> : <AltchaBox {...props} />;
}

type AltchaState = 'unchecked' | 'verifying' | 'verified' | 'error';

function AltchaBox({ id, onChange, resetKey, errors, label = "I'm not a robot" }: CaptchaProps) {
  const { api } = useAppServices();
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const statusId = `${inputId}-status`;
  const [state, setState] = useState<AltchaState>('unchecked');
  const attempt = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A new resetKey (the server answered) starts over; an answer still on its way is dropped.
  const firstKey = useRef(resetKey);
  useEffect(() => {
    attempt.current += 1;
    setState('unchecked');
    if (resetKey !== firstKey.current) onChangeRef.current(null);
  }, [resetKey]);

  async function verify() {
    const mine = ++attempt.current;
    setState('verifying');
    try {
      const challenge = await unwrap(api.GET('/Captcha/challenge'));
      const { solveChallenge } = await import('altcha-lib/v1');
      const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
      if (mine !== attempt.current) return;
      if (!solution) throw new Error('unsolved');
      const payload = { ...challenge, number: solution.number, took: solution.took };
      delete (payload as { maxnumber?: number }).maxnumber;
      setState('verified');
      onChangeRef.current(btoa(JSON.stringify(payload)));
    } catch {
      if (mine !== attempt.current) return;
      setState('error');
      onChangeRef.current(null);
    }
  }

  const invalid = !!errors?.length;
  return (
    <div className={styles.captcha} data-state={state}>
      <div className={styles.box}>
        <input
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          checked={state === 'verified' || state === 'verifying'}
          disabled={state === 'verifying'}
          aria-invalid={invalid || undefined}
          aria-describedby={[statusId, invalid ? errorId : undefined].filter(Boolean).join(' ')}
          onChange={(event) => {
            if (event.currentTarget.checked) void verify();
            else {
              attempt.current += 1;
              setState('unchecked');
              onChangeRef.current(null);
            }
          }}
        />
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <span id={statusId} className={styles.status} role="status">
          {state === 'verifying' ? 'Verifying…' : state === 'verified' ? 'Verified' : state === 'error' ? 'Verification failed, please try again' : ''}
        </span>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

const ReCaptcha = lazy(() => import('react-google-recaptcha'));

function Recaptcha({ onChange, resetKey, errors, siteKey }: CaptchaProps & { siteKey: string }) {
  const ref = useRef<{ reset(): void } | null>(null);
  const errorId = useId();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const firstKey = useRef(resetKey);
  // A new resetKey (the server answered): Google's token is spent, so the widget starts over and
  // the form holds no token until it is ticked again.
  useEffect(() => {
    ref.current?.reset();
    if (resetKey !== firstKey.current) onChangeRef.current(null);
  }, [resetKey]);
  return (
    <div className={styles.captcha} aria-describedby={errors?.length ? errorId : undefined}>
      <Suspense fallback={<span className={styles.status}>Loading the captcha…</span>}>
        <ReCaptcha
          ref={ref as never}
          sitekey={siteKey}
          onChange={(token: string | null) => onChange(token)}
          onExpired={() => onChange(null)}
          onErrored={() => onChange(null)}
        />
      </Suspense>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
