import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import styles from './status-screen.module.css';

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
};

/** Status line and message of whatever a route threw, as the spec's error screen shows them. */
export function describeRouteError(error: unknown): { status: string | null; message: string } {
  if (isRouteErrorResponse(error)) {
    const statusText = error.statusText || statusTexts[error.status] || '';
    const detail = typeof error.data === 'string' ? error.data : (error.data as { message?: unknown } | null)?.message;
    return {
      status: `${error.status} ${statusText}`.trim(),
      message: typeof detail === 'string' && detail ? detail : statusText,
    };
  }
  if (error instanceof Error) return { status: null, message: error.message };
  return { status: null, message: typeof error === 'string' ? error : 'Unknown error' };
}

/**
 * The router's error element (shop-core.md section 2 and section 8: 'Unexpected Application
 * Error!' with status and message, e.g. '404 Not Found'). Deliberately free of app context so it
 * still renders when the shell or a provider is what failed.
 */
export function RouteErrorScreen() {
  const { status, message } = describeRouteError(useRouteError());
  return (
    <main className={styles.screen} aria-labelledby="route-error-title">
      <h1 id="route-error-title" className={styles.title}>
        Unexpected Application Error!
      </h1>
      {status ? <p className={styles.status}>{status}</p> : null}
      <p className={styles.message}>{message}</p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}
