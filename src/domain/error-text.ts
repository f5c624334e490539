/**
 * The network-error toast of shop-core.md section 8: 'Error: {message}'. The API client already
 * puts the spec's choice (response message, else response title, else the error's own message)
 * into ApiError.message, so this only formats; anything else thrown shows its own message.
 */
export function networkErrorText(error: unknown): string {
  const message =
    typeof error === 'string'
      ? error
      : error !== null && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : '';
  return `Error: ${message || 'Network Error'}`;
}

/** HTTP status carried by an ApiError (or anything shaped like one); 0 when none. */
export function errorStatus(error: unknown): number {
  const status = error !== null && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : 0;
}
