import { safeUrl } from './safe-url';
import type { CmsPage } from '../api/cms-pages';
import { entries, mediaAlt, mediaUrl, text } from './map-common';

export interface SocialLink {
  iconUrl: string;
  title: string;
  url: string;
}

/** Contact us in the views' form (catalogue-and-content.md section 3, "Contact"). */
export interface ContactContent {
  title: string;
  imgUrl: string;
  imgAlt: string;
  address1: string;
  address2: string;
  address3: string;
  phone: string;
  email: string;
  socialLinks: SocialLink[];
}

/** `tel:` address of a phone number as written ('(208) 555-0147' -> 'tel:+12085550147'). */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (!/\d/.test(digits)) return '';
  // A ten-digit number is a US number (spec section 9: the shop sells in the United States).
  return `tel:${/^\d{10}$/.test(digits) ? `+1${digits}` : digits}`;
}

/** `mailto:` address of an e-mail, '' for anything that is not one address. */
export function emailHref(email: string): string {
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email) ? `mailto:${email}` : '';
}

type ContactSource = Pick<CmsPage, 'title' | 'image' | 'address1' | 'address2' | 'address3' | 'phone' | 'email' | 'social_links'>;

/** Maps the `contactus` page; social links without a safe url or a title are skipped. */
export function mapContactUs(page: Partial<ContactSource> | null | undefined): ContactContent {
  return {
    title: text(page?.title),
    imgUrl: mediaUrl(page?.image),
    imgAlt: mediaAlt(page?.image),
    address1: text(page?.address1),
    address2: text(page?.address2),
    address3: text(page?.address3),
    phone: text(page?.phone),
    email: text(page?.email),
    socialLinks: entries(page?.social_links).flatMap((link) => {
      const url = safeUrl(typeof link.url === 'string' ? link.url : null);
      const title = text(link.title);
      return url && title ? [{ url, title, iconUrl: mediaUrl(link.icon) }] : [];
    }),
  };
}
