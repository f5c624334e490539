import { describe, expect, it } from 'vitest';
import { pages } from '../../server/seed/pages';
import { emptyCmsPage, type CmsPage } from '../../src/api/cms-pages';
import { mapAboutUs } from '../../src/features/content/map-about-us';
import { emailHref, mapContactUs, phoneHref } from '../../src/domain/map-contact-us';
import { copySlug, mapCopy } from '../../src/features/content/map-copy';
import { mapFaq } from '../../src/features/content/map-faq';
import { mapPatents } from '../../src/features/content/map-patents';

/** The seed in the contract's type (the seed's own types are the server's). */
const seeded = (slug: keyof typeof pages) => pages[slug] as unknown as CmsPage;
const media = (url: string, alternativeText: string | null = 'alt') => ({ url, alternativeText });

describe('mapAboutUs', () => {
  it('maps the seeded page to the view form', () => {
    const about = mapAboutUs(seeded('aboutus'));
    expect(about.title).toBe('About Us');
    expect(about.headingImageUrl).toMatch(/^\/media\/banners\/page-about/);
    expect(about.headingImageAlt).toBe('Ridgeline Arms — Built in the high desert since 2009');
    expect(about.headingVideoUrl).toBe('/media/video/ridgeline-range-day.webm');
    expect(about.simpleCopySection[0]).toMatchObject({ type: 'heading', level: 2 });
    expect(about.lookingForHeading).toBe('We Are Hiring');
    expect(about.lookingForSubHeading).toHaveLength(2);
    expect(about.lookingForListContent).toContain('Firearms Assembler (Boise, ID)');
    expect(about.lookingForListContent).toHaveLength(5);
    expect(about.wantToTalkHeading).toBe('Want to Talk?');
    expect(about.wantToTalkContent).toMatch(/^Questions about a rifle/);
    expect(about.wantToTalkImageAlt).toBe('Talk to the Ridgeline team');
  });

  it('gives empty values for the empty default content, null or missing fields', () => {
    const empty = {
      title: '', headingImageUrl: '', headingImageAlt: '', headingVideoUrl: '', simpleCopySection: [],
      lookingForImageUrl: '', lookingForImageAlt: '', lookingForHeading: '', lookingForSubHeading: [], lookingForListContent: [],
      wantToTalkImageUrl: '', wantToTalkImageAlt: '', wantToTalkHeading: '', wantToTalkContent: '',
    };
    expect(mapAboutUs(emptyCmsPage('aboutus'))).toEqual(empty);
    expect(mapAboutUs(null)).toEqual(empty);
    expect(mapAboutUs(undefined)).toEqual(empty);
    expect(mapAboutUs({ heading_video_url: null, heading_image: null as never, simple_copy_section: null as never })).toEqual(empty);
  });

  it('skips blank job listings and unusable rich-text blocks, and drops unsafe image urls', () => {
    const about = mapAboutUs({
      looking_for_list_content: ['  Machinist ', '', '   ', null as never, 7 as never],
      looking_for_sub_heading: [null as never, 'text' as never, { type: 'paragraph', children: [] }],
      heading_image: media('javascript:alert(1)'),
      looking_for_image: media('https://cdn.example.com/careers.jpg', null),
    });
    expect(about.lookingForListContent).toEqual(['Machinist']);
    expect(about.lookingForSubHeading).toEqual([{ type: 'paragraph', children: [] }]);
    expect(about.headingImageUrl).toBe('');
    expect(about.lookingForImageUrl).toBe('https://cdn.example.com/careers.jpg');
    expect(about.lookingForImageAlt).toBe('');
  });
});

describe('mapContactUs', () => {
  it('maps the seeded page with its social links', () => {
    const contact = mapContactUs(seeded('contactus'));
    expect(contact).toMatchObject({
      title: 'Contact Us',
      address1: 'Ridgeline Arms, LLC',
      address2: '4120 W Foundry Lane',
      address3: 'Boise, ID 83714',
      phone: '(208) 555-0147',
      email: 'support@ridgelinearms.example',
      imgAlt: 'Contact Ridgeline Arms',
    });
    expect(contact.socialLinks.map((link) => link.title)).toEqual(['Instagram', 'Facebook', 'YouTube', 'X']);
    expect(contact.socialLinks[0]).toEqual({
      title: 'Instagram',
      url: 'https://instagram.example/ridgelinearms',
      iconUrl: '/media/icons/social-instagram.svg',
    });
  });

  it('is empty for the empty default content', () => {
    expect(mapContactUs(emptyCmsPage('contactus'))).toEqual({
      title: '', imgUrl: '', imgAlt: '', address1: '', address2: '', address3: '', phone: '', email: '', socialLinks: [],
    });
  });

  it('skips social links without a safe url or a title, keeping those without an icon', () => {
    const contact = mapContactUs({
      social_links: [
        { id: 1, title: 'Evil', url: 'javascript:alert(1)', icon: media('/i.svg') },
        { id: 2, title: '', url: 'https://a.example', icon: media('/i.svg') },
        null as never,
        { id: 3, title: 'Plain', url: 'https://b.example', icon: null as never },
      ],
    });
    expect(contact.socialLinks).toEqual([{ title: 'Plain', url: 'https://b.example', iconUrl: '' }]);
  });

  it('builds tel: and mailto: addresses', () => {
    expect(phoneHref('(208) 555-0147')).toBe('tel:+12085550147');
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(phoneHref('call us')).toBe('');
    expect(emailHref('support@ridgelinearms.example')).toBe('mailto:support@ridgelinearms.example');
    expect(emailHref('not an email')).toBe('');
    expect(emailHref('a@b.c?bcc=x@y.z d')).toBe('');
  });
});

describe('mapFaq', () => {
  it('maps the seeded page', () => {
    const faq = mapFaq(seeded('faq'));
    expect(faq.headerTitle).toBe('Frequently Asked Questions');
    expect(faq.headerContent).toMatch(/^Answers to the questions we hear most/);
    expect(faq.faqItemList).toHaveLength(12);
    expect(faq.faqItemList[0]).toMatchObject({ question: 'How do I buy a firearm online?' });
    expect(new Set(faq.faqItemList.map((item) => item.id)).size).toBe(12);
  });

  it('skips items without a question and keys items without an id by position', () => {
    const faq = mapFaq({
      faq_items: [
        { id: 1, question: '', answer: 'orphan' },
        null as never,
        { question: 'No id?', answer: 'Still shown.' } as never,
        { id: 9, question: 'Answerless?', answer: null as never },
      ],
    });
    expect(faq.faqItemList).toEqual([
      { id: 'faq-at-1', question: 'No id?', answer: 'Still shown.' },
      { id: 'faq-9', question: 'Answerless?', answer: '' },
    ]);
  });

  it('is empty for the empty default content', () => {
    expect(mapFaq(emptyCmsPage('faq'))).toEqual({ title: '', headerImageUrl: '', headerImageAlt: '', headerTitle: '', headerContent: '', faqItemList: [] });
  });
});

describe('mapPatents', () => {
  it('maps the seeded page', () => {
    const patents = mapPatents(seeded('patent'));
    expect(patents.title).toBe('Patents');
    expect(patents.patentList).toHaveLength(6);
    expect(patents.patentList[0]).toEqual({
      patentType: 'Utility',
      productName: 'RK-15 Carbine',
      patentNumbers: 'US 11,204,118 B2; US 11,390,442 B1',
      colorsAndModels: 'RK-15 Carbine, Sport and Pro; all finishes',
    });
  });

  it('skips entries with neither product nor numbers, and tolerates missing fields', () => {
    const patents = mapPatents({
      patents: [
        { id: 1, product_name: '', patent_numbers: ' ', patent_type: 'Utility', colors_and_models: 'x' },
        { id: 2, product_name: 'Trigger' } as never,
        undefined as never,
      ],
    });
    expect(patents.patentList).toEqual([{ productName: 'Trigger', patentNumbers: '', patentType: '', colorsAndModels: '' }]);
    expect(mapPatents(emptyCmsPage('patent'))).toEqual({ title: '', patentList: [] });
  });
});

describe('copy pages', () => {
  it('shows privacy for the id privacy and terms for any other id', () => {
    expect(copySlug('privacy')).toBe('privacy');
    expect(copySlug('terms')).toBe('terms');
    expect(copySlug('anything')).toBe('terms');
    expect(copySlug('Privacy')).toBe('terms');
    expect(copySlug(undefined)).toBe('terms');
  });

  it('reads the contract field content, and the seeded body', () => {
    const fromSeed = mapCopy(seeded('privacy'));
    expect(fromSeed.title).toBe('Privacy Policy');
    expect(fromSeed.hasOwnTitle).toBe(true);
    expect(fromSeed.content[0]).toMatchObject({ type: 'heading', level: 1 });

    const block = { type: 'paragraph' as const, children: [{ type: 'text' as const, text: 'Hi' }] };
    expect(mapCopy({ title: 'Terms', content: [block] })).toEqual({ title: 'Terms', content: [block], hasOwnTitle: false });
  });

  it('is empty for the empty default content', () => {
    expect(mapCopy(emptyCmsPage('terms'))).toEqual({ title: '', content: [], hasOwnTitle: false });
  });
});
