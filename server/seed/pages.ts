// Content pages in the content-service form (decision 002), keyed by slug as requested by
// GET /cms/page/{slug}. Field names follow catalogue spec section 3 in snake_case.
// Outside links (social networks, e-mail) use reserved example domains (RFC 2606): the demo
// brand is fictional and the seed must not point visitors at real accounts.
import { a, b, c, code, counter, h, i, img, media, ol, p, quote, s, u, ul } from './helpers';
import { builderPage } from './builder';
import { productById } from './products';
import { toRef } from './product-ref';
import type { CmsFile, CmsMedia, CmsPages, CmsProductRef, CmsSocialLink, RichText } from './content-shapes';

const nextId = counter(60001);

function base<Slug extends string>(slug: Slug, title: string) {
  return { id: nextId(), documentId: `page-${slug}`, slug, title };
}

/** Banner-style artwork: headline and optional subline come from the alternative text. */
const banner = (name: string, shape: string, finish: string, alt: string, width = 1600, height = 500): CmsMedia =>
  media(`banners/${name}--${shape}--${finish}.svg`, alt, width, height);

const navCard = (name: string, shape: string, finish: string, title: string) => ({
  image: media(`nav/${name}--${shape}--${finish}.svg`, title, 600, 400),
  hover_image: media(`nav/${name}--${shape}--${finish}--hover.svg`, `${title} (highlighted)`, 600, 400),
});

const RIFLES = '/product/collection-filterable-grid/all-rifles';
const PISTOLS = '/product/collection-tabbed-grid/pistols';
const APPAREL = '/product/collection-simple-grid/apparel';
const ACCESSORIES = '/product/collection-filterable-grid/accessories';
const LIMITED = '/product/collection-cards/limited-edition';
const RECEIVERS = '/product/collection-simple-grid/receivers';
const NEW_ARRIVALS = '/product/collection-cards/new-arrivals';
const EDGED = '/product/collection-simple-grid/edged-tools';
const product = (documentId: string): string => {
  const found = productById(documentId);
  return `/product/${found.display_type}/${found.documentId}`;
};

const CATALOG_PDF = '/media/downloads/ridgeline-catalog-2026.pdf';

/** A /media download as a content-service media entry (the contract's CmsMedia; a PDF has no size). */
const download = (url: string, title: string): CmsFile => ({ url, alternativeText: title });
const PHONE = '(208) 555-0147';
const EMAIL = 'support@ridgelinearms.example';

function socialLinks(): CmsSocialLink[] {
  return [
    ['Instagram', 'https://instagram.example/ridgelinearms'],
    ['Facebook', 'https://facebook.example/ridgelinearms'],
    ['YouTube', 'https://youtube.example/@ridgelinearms'],
    ['X', 'https://x.example/ridgelinearms'],
  ].map(([title, url]) => ({
    id: nextId(),
    title,
    url,
    icon: media(`icons/social-${title.toLowerCase()}.svg`, title, 24, 24),
  }));
}

const link = (title: string, url: string) => ({ id: nextId(), title, url });

// ---------------------------------------------------------------------------------------------

const app: CmsPages['app'] = {
  ...base('app', 'Navigation'),
  main_navigation: [
    {
      id: nextId(),
      title: 'Rifles',
      url: RIFLES,
      categories: [
        link('All Rifles', RIFLES),
        link('RK-15 Carbine', product('rk-15-carbine')),
        link('RK-10 Marksman', product('rk-10-marksman')),
        link('Summit Bolt-Action', product('summit-bolt-action')),
        link('Trailhand Lever-Action', product('trailhand-lever-action')),
        link('Receivers and Frames', RECEIVERS),
        link('Limited Editions', LIMITED),
        link('Rifle Accessories', ACCESSORIES),
      ],
      child_navigations: [
        { id: nextId(), title: 'RK-15 Carbine', subtitle: 'The one to start with', url: product('rk-15-carbine'), ...navCard('rifles-rk15', 'rifle-ar', 'fde', 'RK-15 Carbine') },
        { id: nextId(), title: 'Summit Bolt-Action', subtitle: 'Sub-MOA, all day', url: product('summit-bolt-action'), ...navCard('rifles-summit', 'rifle-bolt', 'odg', 'Summit Bolt-Action') },
        { id: nextId(), title: 'RK-10 Marksman', subtitle: '.308 and 6.5 CM', url: product('rk-10-marksman'), ...navCard('rifles-rk10', 'rifle-ar10', 'blk', 'RK-10 Marksman') },
      ],
    },
    {
      id: nextId(),
      title: 'Pistols',
      url: PISTOLS,
      categories: [
        link('All Pistols', PISTOLS),
        link('RP-9 Compact', product('rp-9-compact')),
        link('RP-9 Full-Size', product('rp-9-full-size')),
        link('RP-9 Subcompact', product('rp-9-subcompact')),
        link('RP-45 Full-Size', product('rp-45-full-size')),
        link('RP-10 Longslide', product('rp-10-longslide')),
        link('Competition', `${PISTOLS}?activeFilter=Competition`),
        link('Pistol Accessories', ACCESSORIES),
      ],
      child_navigations: [
        { id: nextId(), title: 'RP-9 Compact', subtitle: 'Our best seller', url: product('rp-9-compact'), ...navCard('pistols-rp9', 'pistol-compact', 'blk', 'RP-9 Compact') },
        { id: nextId(), title: 'RP-10 Longslide', subtitle: '10mm, six-inch barrel', url: product('rp-10-longslide'), ...navCard('pistols-rp10', 'pistol-longslide', 'ember', 'RP-10 Longslide') },
        { id: nextId(), title: 'RP-380 Pocket', subtitle: 'Under 12 ounces', url: product('rp-380-pocket'), ...navCard('pistols-rp380', 'pistol-sub', 'sand', 'RP-380 Pocket') },
      ],
    },
    {
      id: nextId(),
      title: 'Apparel',
      url: APPAREL,
      categories: [
        link('All Apparel', APPAREL),
        link('Tees', product('logo-tee')),
        link('Hoodies', product('topo-hoodie')),
        link('Jackets', product('field-softshell')),
        link('Hats', product('range-cap')),
        link('Edged Tools', EDGED),
      ],
      child_navigations: [
        { id: nextId(), title: 'Topo Hoodie', subtitle: 'Owyhee canyon print', url: product('topo-hoodie'), ...navCard('apparel-hoodie', 'hoodie', 'slate', 'Topo Pullover Hoodie') },
        { id: nextId(), title: 'Range Cap', subtitle: 'Three colours', url: product('range-cap'), ...navCard('apparel-cap', 'cap', 'fde', 'Range Cap') },
      ],
    },
    {
      id: nextId(),
      title: 'Support',
      url: '/support',
      categories: [
        link('Support Center', '/support'),
        link('FAQ', '/faq'),
        link('Warranty', '/warranty'),
        link('Product Registration', '/registration'),
        link('Dealer Locator', '/dealer-locator'),
        link('Media Library', '/media-library'),
        link('Resources', '/resources'),
        link('Customer Reviews', '/reviews'),
        link('Contact Us', '/contact-us'),
      ],
      child_navigations: [
        { id: nextId(), title: 'Find a Dealer', subtitle: 'Pick up near you', url: '/dealer-locator', ...navCard('support-dealers', 'service', 'odg', 'Find a Dealer') },
        { id: nextId(), title: 'Warranty', subtitle: 'Lifetime on firearms', url: '/warranty', ...navCard('support-warranty', 'service', 'slate', 'Warranty') },
        { id: nextId(), title: 'Media Library', subtitle: 'Manuals and catalogs', url: '/media-library', ...navCard('support-media', 'service', 'fde', 'Media Library') },
        { id: nextId(), title: '3D Builder', subtitle: 'Build your RK-15', url: '/3dbuilder', ...navCard('support-builder', 'rifle-ar', 'tng', '3D Builder') },
      ],
    },
  ],
};

const footer: CmsPages['footer'] = {
  ...base('footer', 'Footer'),
  logo: media('brand/logo.svg', 'Ridgeline Arms', 320, 80),
  nav_links: [
    link('Rifles', RIFLES),
    link('Pistols', PISTOLS),
    link('Apparel', APPAREL),
    link('Accessories', ACCESSORIES),
    link('Limited Edition', '/limited-edition'),
    link('New Arrivals', NEW_ARRIVALS),
    link('About Us', '/about-us'),
    link('Careers', '/about-us#careers'),
    link('Contact Us', '/contact-us'),
    link('Dealer Locator', '/dealer-locator'),
    link('Become a Dealer', '/dealer-registration'),
    link('Support', '/support'),
    link('Warranty', '/warranty'),
    link('FAQ', '/faq'),
    link('Media Library', '/media-library'),
  ],
  social_links: socialLinks(),
  bottom_texts: [
    { id: nextId(), text: '© 2026 Ridgeline Arms, LLC. All rights reserved.', url: null },
    { id: nextId(), text: 'Terms of Service', url: '/terms-of-service' },
    { id: nextId(), text: 'Privacy Policy', url: '/copy/privacy' },
    { id: nextId(), text: 'Patents', url: '/patents' },
  ],
  download_asset: {
    title: 'Download the 2026 Catalog',
    file: { url: CATALOG_PDF, alternativeText: 'Ridgeline Arms 2026 catalog (PDF)', width: 0, height: 0 },
  },
  newsletter: {
    heading: 'The Ridgeline Dispatch',
    text: 'New releases, limited editions and range notes, about twice a month. No spam, unsubscribe any time.',
  },
};

/**
 * Home carousel art: the picture only. The headline, its line and the call to action are set as
 * text over it (decision 043), so the art leaves the left side clear for them.
 */
const heroArt = (name: string, shape: string, finish: string, alt: string): CmsMedia =>
  media(`hero/${name}--${shape}--${finish}.svg`, alt, 1600, 700);

/** Ids of the home reasons, in their own range so adding them moved no other page's ids. */
const reasonId = counter(69001);

const home: CmsPages['home'] = {
  ...base('home', 'Home'),
  home_carousel_cards: [
    ['home-rk15', 'rifle-ar', 'fde', 'RK-15 Carbine in Flat Dark Earth', 'The RK-15 Carbine', 'Forged, nitrided and function-fired in Boise.', 'Shop the RK-15', product('rk-15-carbine')],
    ['home-copper-canyon', 'rifle-bolt', 'copper', 'Summit rifle in copper Cerakote', 'Copper Canyon Edition', '250 numbered Summit rifles, each with its certificate.', 'See the edition', product('summit-copper-canyon-edition')],
    ['home-pistols', 'pistol-compact', 'blk', 'RP-9 Compact pistol in black', 'Meet the RP Series', 'Compact, full-size and longslide, in 9mm, .45 and 10mm.', 'Shop pistols', PISTOLS],
    ['home-apparel', 'hoodie', 'odg', 'Topo Hoodie in olive drab', 'Fall Apparel', 'The Topo Hoodie is back, with tees, caps and softshells.', 'Shop apparel', APPAREL],
    ['home-new', 'optic-lpvo', 'blk', 'Summit 1-6x24 LPVO riflescope', 'New Arrivals', 'The Summit 1-6x24 LPVO and more, new this season.', 'See what is new', NEW_ARRIVALS],
  ].map(([name, shape, finish, alt, heading, text, cta_label, url]) => ({
    id: nextId(),
    image: heroArt(name, shape, finish, alt),
    url,
    heading,
    text,
    cta_label,
  })),
  home_image_link_ribbon: [
    ['ribbon-rifles', 'rifle-ar10', 'blk', 'Rifles', RIFLES],
    ['ribbon-pistols', 'pistol-full', 'tng', 'Pistols', PISTOLS],
    ['ribbon-apparel', 'tee', 'odg', 'Apparel', APPAREL],
    ['ribbon-accessories', 'optic-reddot', 'blk', 'Accessories', ACCESSORIES],
    ['ribbon-limited', 'rifle-ar', 'ember', 'Limited Editions', LIMITED],
    ['ribbon-receivers', 'lower-receiver', 'fde', 'Receivers', RECEIVERS],
  ].map(([name, shape, finish, title, url]) => ({
    id: nextId(),
    image: media(`ribbon/${name}--${shape}--${finish}.svg`, title, 500, 500),
    url,
    title,
  })),
  home_featured_products: {
    heading: 'Our picks',
    products: ['rk-15-carbine', 'summit-bolt-action', 'rp-9-compact', 'summit-1-6-lpvo'].map((id) => toRef(productById(id))),
  },
  home_reasons: {
    heading: 'Why buy from Ridgeline',
    items: [
      {
        id: reasonId(),
        title: 'FFL shipping, explained',
        text: 'Firearms ship to a licensed dealer near you, who completes the transfer. Everything else ships to your door.',
        url: '/faq',
        link_label: 'How FFL shipping works',
      },
      {
        id: reasonId(),
        title: 'Lifetime warranty',
        text: 'Every Ridgeline firearm is covered for life, for every owner, with no receipt needed.',
        url: '/warranty',
        link_label: 'Read the warranty',
      },
      {
        id: reasonId(),
        title: 'Support from people who shoot',
        text: 'Manuals, product registration and answers from our Boise team.',
        url: '/support',
        link_label: 'Visit support',
      },
    ],
  },
};

const aboutus: CmsPages['aboutus'] = {
  ...base('aboutus', 'About Us'),
  heading_image: banner('page-about', 'rifle-bolt', 'odg', 'Ridgeline Arms — Built in the high desert since 2009'),
  heading_video_url: '/media/video/ridgeline-range-day.webm',
  simple_copy_section: [
    h(2, 'Who we are'),
    p(
      'Ridgeline Arms started in a two-bay garage outside ',
      b('Boise, Idaho'),
      ' in 2009, rebuilding worn-out hunting rifles for neighbours. Today forty-two machinists, assemblers and ',
      'range techs build every RK, RP and Summit firearm under one roof.',
    ),
    quote(i('"We build the rifle we would want to carry up the ridge ourselves - nothing more, nothing less."'), ' - Dale Whitford, founder'),
    h(3, 'What we believe'),
    ul(
      [b('Made here.'), ' Barrels, receivers and slides are machined in Idaho.'],
      [b('Tested here.'), ' Every firearm is function-fired on our own range before it ships.'],
      [b('Backed here.'), ' Our ', a('/warranty', 'lifetime warranty'), ' follows the firearm, not the receipt.'],
    ),
    img(banner('about-shop-floor', 'rifle-ar', 'tng', 'The Ridgeline shop floor in Boise', 1200, 600)),
  ],
  looking_for_image: banner('about-careers', 'service', 'odg', 'Careers at Ridgeline Arms', 1200, 600),
  looking_for_heading: 'We Are Hiring',
  looking_for_sub_heading: [
    p('We are looking for people who like to make things well. Benefits include a ', b('401(k) match'), ', health coverage from day one and ', u('range time on the clock'), '.'),
    p('Send a resume and a note about something you built to ', a('/contact-us', 'our team'), '.'),
  ],
  looking_for_list_content: [
    'CNC Machinist, second shift (Boise, ID)',
    'Firearms Assembler (Boise, ID)',
    'Quality Inspector, barrels (Boise, ID)',
    'Customer Service Representative (Boise, ID or remote)',
    'Dealer Sales Manager, Southeast region (remote)',
  ],
  want_to_talk_image: banner('about-talk', 'service', 'slate', 'Talk to the Ridgeline team', 1200, 600),
  want_to_talk_heading: 'Want to Talk?',
  want_to_talk_content:
    'Questions about a rifle, an order or a career? Our team in Boise answers every message within one business day.',
};

const contactus: CmsPages['contactus'] = {
  ...base('contactus', 'Contact Us'),
  image: banner('page-contact', 'service', 'slate', 'Contact Ridgeline Arms'),
  address1: 'Ridgeline Arms, LLC',
  address2: '4120 W Foundry Lane',
  address3: 'Boise, ID 83714',
  phone: PHONE,
  email: EMAIL,
  social_links: socialLinks(),
};

const dealerlocator: CmsPages['dealerlocator'] = {
  ...base('dealerlocator', 'Dealer Locator'),
  image: banner('page-dealers', 'service', 'odg', 'Find a Ridgeline dealer near you'),
  dealer_signup:
    'Are you a licensed dealer? Stock Ridgeline firearms and accessories with dealer pricing, co-op marketing and a listing on this map. Register as a dealer to get started.',
};

const dealerregistration: CmsPages['dealerregistration'] = {
  ...base('dealerregistration', 'Become a Ridgeline Dealer'),
  greeting: 'Welcome, and thank you for your interest in carrying Ridgeline Arms.',
  sub_text:
    'Complete the form below. If you hold an FFL or SOT, attach a copy of your licence (PDF or TIFF). Our dealer team reviews every application within three business days.',
};

const faq: CmsPages['faq'] = {
  ...base('faq', 'FAQ'),
  header_image: banner('page-faq', 'service', 'fde', 'Frequently Asked Questions'),
  header_title: 'Frequently Asked Questions',
  header_content: 'Answers to the questions we hear most. Still stuck? Call us at ' + PHONE + ', Monday to Friday, 8 am to 5 pm Mountain.',
  faq_items: [
    ['How do I buy a firearm online?', 'Add it to your cart and choose a licensed dealer (FFL) at checkout. We ship to the dealer, who runs the background check and completes the transfer with you.'],
    ['Can a firearm ship to my home?', 'No. Federal law requires firearms, including stripped lower receivers and serialized frames, to ship to a licensed dealer. Apparel and most accessories ship to your door.'],
    ['Why can I not order some items to my state?', 'Some states and cities restrict certain firearms, magazines and muzzle devices. The cart checks your shipping and dealer address and tells you which items cannot ship there.'],
    ['How long does shipping take?', 'In-stock items leave our warehouse within two business days. Dealer transfers usually add two to five days, depending on your dealer.'],
    ['Do you offer a warranty?', 'Every Ridgeline firearm carries a lifetime warranty to the original and subsequent owners. Accessories and optics carry two years; apparel carries 30 days.'],
    ['What if a product is sold out?', 'Use the Notify Me form on the product page. We will e-mail you once when it is back in stock.'],
    ['Can I return a firearm?', 'Unfired firearms in original packaging may be returned through your dealer within 14 days. Fired firearms are covered by the warranty instead.'],
    ['How do I register my product?', 'Register on the product registration page with your serial number. Registration speeds up warranty service but is not required for coverage.'],
    ['Do you sell to law enforcement?', 'Yes. Agencies can contact our dealer team for pricing through an authorized dealer.'],
    ['How do I become a dealer?', 'Submit the dealer registration form with your FFL. We review every application within three business days.'],
    ['Where can I find manuals?', 'All owner\'s manuals, the catalog and cleaning guides are in the media library as PDF downloads.'],
    ['Which payment methods do you accept?', 'Visa, Mastercard, American Express and Discover. Promo codes are entered on the payment step.'],
  ].map(([question, answer]) => ({ id: nextId(), question, answer })),
};

const limitededition: CmsPages['limitededition'] = {
  ...base('limitededition', 'Limited Edition'),
  top_ribbon_title: 'Limited Editions: numbered, signed and never repeated',
  stay_informed_content:
    'Limited editions sell out fast. Join the list and we will e-mail you 48 hours before the next release opens.',
  current_feature: {
    id: nextId(),
    title: 'Summit Copper Canyon Edition',
    image_1: banner('ltd-copper-canyon-1', 'rifle-bolt', 'copper', 'Summit Copper Canyon Edition', 1200, 800),
    image_2: banner('ltd-copper-canyon-2', 'rifle-bolt', 'copper', 'Copper Canyon engraved floorplate', 1200, 800),
    content: [
      h(2, 'Two hundred and fifty rifles. One canyon.'),
      p('Inspired by the Owyhee canyonlands, each Copper Canyon Summit wears a ', b('hand-applied Cerakote'), ' finish and an engraved floorplate numbered ', c('001/250'), ' to ', c('250/250'), '.'),
      p('Edition price ', s('$2,799'), ' ', b('$2,499'), ' during launch week.'),
      ol('Choose your rifle on the product page', 'Pick your dealer at checkout', 'Receive your certificate with the rifle'),
      p(a(product('summit-copper-canyon-edition'), 'Shop the Copper Canyon Edition')),
    ],
  },
  past_features: [
    {
      id: nextId(),
      title: 'RK-15 Ember Edition (2025)',
      image_1: banner('ltd-ember-rk15-1', 'rifle-ar', 'ember', 'RK-15 Ember Edition', 1200, 800),
      image_2: banner('ltd-ember-rk15-2', 'rifle-ar', 'ember', 'Ember Edition numbered dust cover', 1200, 800),
      content: [p('Five hundred RK-15 Carbines with Ember Orange controls. ', i('Sold out in nine days.'))],
    },
    {
      id: nextId(),
      title: 'RP-9 Ember Edition (2025)',
      image_1: banner('ltd-ember-rp9-1', 'pistol-compact', 'ember', 'RP-9 Ember Edition', 1200, 800),
      image_2: banner('ltd-ember-rp9-2', 'pistol-compact', 'ember', 'RP-9 Ember Edition slide detail', 1200, 800),
      content: [p('The RP-9 Compact with an Ember Orange frame. A few remain at select dealers.')],
    },
    {
      id: nextId(),
      title: 'Trailhand Founders Edition (2019)',
      image_1: banner('ltd-founders-1', 'rifle-lever', 'walnut', 'Trailhand Founders Edition', 1200, 800),
      image_2: banner('ltd-founders-2', 'rifle-lever', 'walnut', 'Founders Edition receiver engraving', 1200, 800),
      content: [p('Our tenth-anniversary lever gun with a hand-checkered walnut stock. One hundred made.')],
    },
  ],
};

const medialibrary: CmsPages['medialibrary'] = {
  ...base('medialibrary', 'Media Library'),
  catalog: download(CATALOG_PDF, '2026 Product Catalog'),
  download_categories: [
    {
      title: "Owner's Manuals",
      downloads: [
        ["RK-15 Owner's Manual", '/media/downloads/rk-15-owners-manual.pdf'],
        ["RP-9 Owner's Manual", '/media/downloads/rp-9-owners-manual.pdf'],
        ["Summit Owner's Manual", '/media/downloads/summit-owners-manual.pdf'],
      ],
    },
    {
      title: 'Catalogs and Guides',
      downloads: [
        ['2026 Product Catalog', CATALOG_PDF],
        ['Field Cleaning Guide', '/media/downloads/field-cleaning-guide.pdf'],
      ],
    },
    {
      title: 'Dealer Resources',
      downloads: [
        ['Dealer Program Overview', '/media/downloads/dealer-program-overview.pdf'],
        ['Brand Guidelines', '/media/downloads/brand-guidelines.pdf'],
      ],
    },
  ].map((cat) => ({
    id: nextId(),
    title: cat.title,
    downloads: cat.downloads.map(([title, url]) => ({ id: nextId(), title, file: download(url, title) })),
  })),
  form_image: banner('media-request', 'rifle-ar', 'fde', 'Request product images', 800, 600),
};

const warranty: CmsPages['warranty'] = {
  ...base('warranty', 'Warranty'),
  copy_sections: [
    {
      id: nextId(),
      header: 'Lifetime Firearm Warranty',
      content: [
        p('Every Ridgeline Arms firearm is warranted against defects in materials and workmanship for the ', b('life of the firearm'), ', to the original and every subsequent owner.'),
        p(i('No receipt and no registration are required'), ', although ', a('/registration', 'registering your product'), ' speeds things up.'),
      ],
    },
    {
      id: nextId(),
      header: 'What Is Not Covered',
      content: [
        ul(
          'Normal wear of finishes, springs and extractors',
          'Damage from reloaded, remanufactured or out-of-spec ammunition',
          'Modifications or repairs not made by Ridgeline Arms',
          'Neglect, corrosion or improper storage',
        ),
      ],
    },
    {
      id: nextId(),
      header: 'Accessories, Optics and Apparel',
      content: [p('Optics and accessories: ', b('two years'), '. Apparel: ', b('30 days'), ' against manufacturing defects.')],
    },
    {
      id: nextId(),
      header: 'How to Make a Claim',
      content: [
        h(4, 'Before you call'),
        p('Find your serial number. On RK and Summit rifles it is on the left side of the receiver; on RP pistols, on the frame insert through the grip window. It looks like this:'),
        code('RK15-2026-004512'),
        ol(
          ['Call ', b(PHONE), ' or e-mail ', c(EMAIL), ' with your serial number.'],
          'We e-mail a prepaid shipping label. Firearms ship through your local dealer.',
          'Most repairs are back with you within ten business days.',
        ),
        h(5, 'Unloaded firearms only'),
        p(u('Never ship a loaded firearm or ammunition'), ' with a warranty return.'),
      ],
    },
  ],
};

const support: CmsPages['support'] = {
  ...base('support', 'Support'),
  background_image: banner('page-support', 'service', 'slate', 'Ridgeline Support — We are here to help', 1600, 700),
  header: 'How Can We Help?',
  sub_header: 'Manuals, warranty service, dealer help and answers to common questions.',
  nav_cards: [
    ['/faq', 'support-faq', 'FAQ', 'Quick answers to common questions'],
    ['/warranty', 'support-warranty-card', 'Warranty', 'Lifetime coverage and how to claim'],
    ['/registration', 'support-registration', 'Product Registration', 'Register your serial number'],
    ['/media-library', 'support-manuals', 'Media Library', 'Manuals, catalogs and images'],
    ['/dealer-locator', 'support-locator', 'Dealer Locator', 'Find a dealer near you'],
    ['/reviews', 'support-reviews', 'Customer Reviews', 'What owners say'],
    ['/resources', 'support-resources', 'Resources', 'Guides, safety and legal'],
    ['/contact-us', 'support-contact', 'Contact Us', 'Talk to our Boise team'],
  ].map(([linkUrl, name, title, subtitle]) => ({
    id: nextId(),
    link: linkUrl,
    image: media(`nav/${name}--service--fde.svg`, title, 600, 400),
    title,
    subtitle,
  })),
};

const patent: CmsPages['patent'] = {
  ...base('patent', 'Patents'),
  patents: [
    ['Utility', 'RK-15 Carbine', 'US 11,204,118 B2; US 11,390,442 B1', 'RK-15 Carbine, Sport and Pro; all finishes'],
    ['Utility', 'RT-2 Trigger', 'US 10,987,650 B2', 'RK-15 Pro, RK-10 Marksman, RK-15 Carbine'],
    ['Design', 'RP-9 Series', 'US D954,221 S; US D961,035 S', 'RP-9 Compact, Full-Size and Subcompact; Black, FDE, OD Green, Tungsten'],
    ['Utility', 'Summit Bolt-Action', 'US 11,612,907 B2', 'Summit and Summit Copper Canyon Edition'],
    ['Design', 'RD-2 Pistol Red Dot', 'US D987,402 S', 'RD-2 3 MOA and 6 MOA'],
    ['Pending', 'Ridgeback PCC', 'US Application 18/402,118', 'Ridgeback PCC, Black and FDE'],
  ].map(([patent_type, product_name, patent_numbers, colors_and_models]) => ({
    id: nextId(),
    patent_type,
    product_name,
    patent_numbers,
    colors_and_models,
  })),
};

const copyBody = (intro: RichText, sections: [string, RichText][]): RichText => [
  ...intro,
  ...sections.flatMap(([heading, blocks]) => [h(2, heading), ...blocks]),
];

const terms: CmsPages['terms'] = {
  ...base('terms', 'Terms of Service'),
  content: copyBody(
    [h(1, 'Terms of Service'), p(i('Last updated January 5, 2026.'), ' These terms govern your use of this site and every purchase made on it.')],
    [
      ['Eligibility', [p('You must be at least 18 years old to buy accessories and at least 21 to buy handguns or frames. You confirm that you are not prohibited by law from possessing firearms or ammunition.')]],
      ['Firearm Purchases', [p('Firearms and receivers ship only to a licensed dealer. The sale is complete only when the dealer transfers the firearm to you. If the transfer is denied, we refund the purchase price less return shipping.')]],
      ['Restricted Items', [p('We do not ship items to addresses where they are restricted. We may cancel an order that we believe violates federal, state or local law.')]],
      ['Prices and Availability', [p('Prices are in US dollars and may change without notice. An order is accepted when we send a shipping confirmation, not when you receive an order confirmation.')]],
      ['Returns', [p('See the ', a('/warranty', 'warranty page'), ' and the ', a('/faq', 'FAQ'), ' for return windows by product type.')]],
      ['Governing Law', [p('These terms are governed by the laws of the State of Idaho.')]],
    ],
  ),
};

const privacy: CmsPages['privacy'] = {
  ...base('privacy', 'Privacy Policy'),
  content: copyBody(
    [h(1, 'Privacy Policy'), p(i('Last updated January 5, 2026.'), ' This policy explains what we collect, why, and the choices you have.')],
    [
      ['What We Collect', [ul('Contact details you give us: name, e-mail, phone and addresses', 'Order history and the dealer you chose', 'Analytics about how the site is used, only after you accept analytics consent')]],
      ['How We Use It', [p('To fulfil orders, provide warranty service, send the newsletter you asked for and improve the site. We ', b('never sell'), ' your personal information.')]],
      ['Sharing', [p('We share order details with your chosen dealer, our payment processor and our carriers, only as needed to complete your order.')]],
      ['Your Choices', [p('You can unsubscribe from e-mail at any time, decline analytics, and ask us to see or delete your data by writing to ', c('privacy@ridgelinearms.example'), '.')]],
    ],
  ),
};

/** Resources page (fields defined by the contract's CmsPage): resource links. */
const resources: CmsPages['resources'] = {
  ...base('resources', 'Resources'),
  background_image: banner('page-resources', 'service', 'odg', 'Resources — Guides, safety and legal'),
  header: 'Owner Resources',
  sub_header: 'Everything an owner needs beyond the box: manuals, cleaning guides, safety rules and how shipping to a dealer works.',
  resource_links: [
    {
      title: 'Manuals and Guides',
      items: [
        ["RK-15 Owner's Manual", 'Assembly, operation and maintenance', '/media/downloads/rk-15-owners-manual.pdf'],
        ["RP-9 Owner's Manual", 'For the Compact, Full-Size and Subcompact', '/media/downloads/rp-9-owners-manual.pdf'],
        ['Field Cleaning Guide', 'Clean any Ridgeline firearm in ten minutes', '/media/downloads/field-cleaning-guide.pdf'],
      ],
    },
    {
      title: 'Buying and Shipping',
      items: [
        ['How FFL Shipping Works', 'Answers in our FAQ', '/faq'],
        ['Find a Dealer', 'Dealers near you', '/dealer-locator'],
        ['Terms of Service', 'Restricted items and returns', '/terms-of-service'],
      ],
    },
    {
      title: 'Owners',
      items: [
        ['Register Your Product', 'Faster warranty service', '/registration'],
        ['Warranty', 'Coverage and claims', '/warranty'],
        ['Build an RK-15 in 3D', 'Try configurations before you buy', '/3dbuilder'],
      ],
    },
  ].flatMap((section) => {
    nextId(); // the section's id in earlier seeds: keeps every later id where it was
    return section.items.map(([title, description, url]) => ({
      id: nextId(),
      title,
      description,
      url,
      file: url.startsWith('/media/') ? download(url, title) : null,
    }));
  }),
};

/**
 * The reviews page is seeded but is no shape of the contract: CmsPageSlug has no `reviews`, so
 * GET /cms/page/{slug} does not serve it, and the reviews screen reads the reviews API. Its fields
 * are the seed's own: a header and the products whose review widgets are shown, by reviews-provider
 * product id (= product documentId).
 */
interface ReviewsPage {
  id: number;
  documentId: string;
  slug: 'reviews';
  title: string;
  header_image: CmsMedia;
  header: string;
  intro: string;
  featured_products: CmsProductRef[];
}

const reviews: ReviewsPage = {
  ...base('reviews', 'Customer Reviews'),
  header_image: banner('page-reviews', 'rifle-ar', 'odg', 'Customer Reviews — Straight from the range'),
  header: 'What Owners Say',
  intro: 'Verified reviews from Ridgeline owners. Bought one? Leave a review from your account.',
  featured_products: ['rk-15-carbine', 'rp-9-compact', 'summit-bolt-action', 'topo-hoodie', 'summit-1-6-lpvo'].map((id) =>
    toRef(productById(id)),
  ),
};

export const pages: CmsPages & { reviews: ReviewsPage } = {
  app,
  footer,
  home,
  aboutus,
  contactus,
  dealerlocator,
  dealerregistration,
  faq,
  limitededition,
  medialibrary,
  warranty,
  resources,
  reviews,
  support,
  patent,
  terms,
  privacy,
  builder: builderPage,
};
