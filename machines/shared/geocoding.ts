/**
 * Geocoding a zip (catalogue-and-content.md sections 7 and 8), shared by the dealer locator and the
 * checkout's FFL dealer step: what the geocode actor takes, and the failure it throws.
 */

export interface GeocodeInput {
  /** The zip as typed (digits only). */
  zip: string;
}

/** Section 8: the geocoding error, wrapped as the request failure. */
export function geocodingFailureText(message: string, status: number): string {
  return `Geocoding request failed: Geocoding failed: ${message}. Server returned status code ${status}.`;
}

/** A geocoding failure that carries the words section 8 shows. */
export class GeocodingError extends Error {
  readonly status: number;
  /** The service's reason: its `error_message`, else its status (ZERO_RESULTS for an unknown zip). */
  readonly reason: string;

  constructor(reason: string, status: number) {
    super(geocodingFailureText(reason, status));
    this.name = 'GeocodingError';
    this.reason = reason;
    this.status = status;
  }
}

/** The service knows no such zip (its ZERO_RESULTS), as opposed to a service that failed. */
export function isZipNotFound(error: unknown): boolean {
  return error instanceof GeocodingError && error.reason === 'ZERO_RESULTS';
}
