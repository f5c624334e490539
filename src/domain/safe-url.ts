/**
 * Content links and images come from the content service; only these kinds of address are ever
 * put into an href or src (no `javascript:`, `data:` or other schemes): same-site paths and
 * fragments, http(s), mailto and tel. Anything else yields null and is rendered as plain text.
 */
export function safeUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (url.startsWith('#') || url.startsWith('?')) return url;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(url)) return url;
  return null;
}

/** True for links that leave the shop (rendered as plain anchors opening in a new tab). */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
