import type { LegalTexts } from './legal-types';

export const LEGAL_EN: LegalTexts = {
  terms: {
    title: 'Terms of Offer for Individuals',
    updated: 'Version of 1 September 2025',
    intro:
      'These terms are an offer by the Atelier studio (the Seller) to any individual with full legal capacity (the Buyer) to conclude a contract for the sale of goods and for access to video lessons on the conditions below. Placing an order on the site means full and unconditional acceptance of these terms.',
    sections: [
      {
        heading: '1. Subject of the contract',
        paragraphs: [
          'The Seller supplies the goods shown in the site catalogue: handmade silk flowers and bouquets, accessories, tools, materials, printed and digital books, and provides access to video lessons and their methodology sheets.',
          'The description, photos and availability of each item (in stock, out of stock, made to order) are shown on its page. Handmade pieces may differ slightly from the photos in shade and petal shape; this is not a defect.',
        ],
      },
      {
        heading: '2. Prices and settlements',
        paragraphs: [
          'All settlements under this contract are made in Russian rubles. Prices in euros and US dollars are shown for convenience only; the final order amount is fixed in rubles when the order is placed.',
          'Payment is accepted by bank card, bank transfer, cash on receipt (where available for the chosen delivery) or by a PayPal invoice sent to the email address given by the Buyer.',
          'An order with a zero total (for example, a lesson fully covered by a promo code) is confirmed without payment.',
        ],
      },
      {
        heading: '3. Delivery',
        paragraphs: [
          'Physical goods are delivered by courier, to a pickup point or by national post. Delivery costs: standard 300 ₽, express 500 ₽, self-collection free; post and pickup-point delivery are charged at the standard rate.',
          'Delivery is free for orders of 5000 ₽ or more.',
          'An order delivered to a pickup point must be collected within 7 days of its arrival. After that it is returned to the Seller, and sending it again is paid by the Buyer.',
          'Delivery by national post takes 2 to 10 days from handing the parcel to the postal service.',
          'Digital books and methodology sheets are sent as a link to the Buyer’s email after payment. Video lessons become available in the account right after payment.',
        ],
      },
      {
        heading: '4. Returns and exchanges',
        paragraphs: [
          'The Buyer may cancel an order for physical goods of proper quality before delivery, and within 7 days after delivery provided their condition and presentation are preserved. Items made to the Buyer’s individual request cannot be returned.',
          'Digital goods (e-books, video lessons, methodology sheets) and books are not returnable.',
          'If an item arrives with a defect, the Buyer may ask for a replacement, a repair or a refund.',
        ],
      },
      {
        heading: '5. Claims',
        paragraphs: [
          'Claims are sent to the email address shown in the Contacts section of the site. The Seller answers a claim within two working days of receiving it.',
          'Disputes not settled by correspondence are resolved under the laws of the Russian Federation.',
        ],
      },
      {
        heading: '6. Other terms',
        paragraphs: [
          'The Seller may change these terms; a new version applies from its publication on the site and does not affect orders already placed.',
          'The Buyer’s personal data is processed under the Privacy Policy published at /privacy/.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    updated: 'Version of 1 September 2025',
    intro:
      'This policy explains which personal data the Atelier studio collects, why, and how it is processed and protected. The policy is permanently published on the site at /privacy/.',
    sections: [
      {
        heading: '1. Data we collect',
        paragraphs: [
          'On registration: your name, email address and password (the password is stored only as a secure hash).',
          'When you order: first and last name, email, phone, country, city, address, postal code, pickup-point address and the order comment.',
          'When you post a review: the text, the rating and, if you wish, a photo.',
          'Technical data: cookies, the chosen language and currency, and browser details needed for the site to work.',
        ],
      },
      {
        heading: '2. Why we process it',
        paragraphs: [
          'To perform the contract: placing, paying for and delivering orders, giving access to video lessons and digital materials.',
          'To keep in touch: confirming your email, order status notices, answers to requests and claims.',
          'To run the site: signing in to your account, keeping your cart, language and currency.',
        ],
      },
      {
        heading: '3. Sharing with third parties',
        paragraphs: [
          'We share data only with those needed to fulfil an order: delivery services (name, phone, address) and payment services (amount and the email for a PayPal invoice). Card details are entered on the payment service’s page and never reach us.',
          'We do not sell personal data or use it for third-party advertising.',
        ],
      },
      {
        heading: '4. Cookies',
        paragraphs: [
          'The site uses essential cookies: the sign-in token (kept for 7 days) and the chosen language (kept for 365 days). Your choice in the cookie banner is stored in your browser. You can delete cookies in your browser settings; you will then need to sign in again.',
        ],
      },
      {
        heading: '5. Storage and protection',
        paragraphs: [
          'Data is kept no longer than needed for these purposes and for legal requirements. Only the studio’s administrators can access it. Connections to the site are protected and passwords are stored as hashes.',
        ],
      },
      {
        heading: '6. Your rights',
        paragraphs: [
          'You can ask what data we process, have it corrected or deleted, or withdraw your consent by writing to the email in the Contacts section. We answer within two working days.',
          'Changes to this policy are published on this page with the date of the new version.',
        ],
      },
    ],
  },
  agreement: {
    title: 'User Agreement',
    updated: 'Version of 1 September 2025',
    intro:
      'This agreement governs the use of the Atelier studio website. By registering or using the site you confirm that you have read and accept it.',
    sections: [
      {
        heading: '1. Who may use the site',
        paragraphs: [
          'The site may be used by persons aged 6 or older. Users under 18 register and buy with the consent of their parents or legal guardians.',
          'Without registration you can browse the catalogue, portfolio, reviews, lessons and legal documents. The cart, orders, buying and watching lessons and posting reviews are available after registration and email confirmation.',
        ],
      },
      {
        heading: '2. Your account',
        paragraphs: [
          'Users give truthful details and keep their password secret. Actions taken under an account are deemed to be taken by its owner.',
          'The administration may restrict access to an account that breaches this agreement.',
        ],
      },
      {
        heading: '3. Video lessons and materials',
        paragraphs: [
          'Video lessons and methodology sheets are provided for personal learning. Copying, recording, publishing or reselling them, or sharing access with others, is prohibited.',
          'All photos, texts, videos and original patterns on the site belong to the studio and are protected by law.',
        ],
      },
      {
        heading: '4. Reviews',
        paragraphs: [
          'Reviews are published after moderation. We do not publish reviews containing insults, advertising, other people’s personal data or unlawful material.',
          'By posting a review with a photo you confirm that you hold the rights to it and allow it to be shown on the site.',
        ],
      },
      {
        heading: '5. Liability',
        paragraphs: [
          'The site is provided “as is”. The studio strives to keep it running but is not liable for temporary interruptions caused by maintenance or circumstances beyond its control.',
          'Purchase terms are set out in the Terms of Offer; data processing in the Privacy Policy at /privacy/.',
        ],
      },
      {
        heading: '6. Changes and contact',
        paragraphs: [
          'This agreement may be updated; the new version is published on this page. Send questions to the email in the Contacts section — we answer within two working days.',
        ],
      },
    ],
  },
  'personal-data': {
    title: 'Consent to the Processing of Personal Data',
    updated: 'Version of 1 September 2025',
    intro:
      'Acting freely, of my own will and in my own interest, I give the Atelier studio (the Operator) my consent to process my personal data on the terms below. This consent is given separately from the site’s other documents, as Article 9 of Russian Federal Law No. 152-FZ “On Personal Data” of 27 July 2006 requires.',
    sections: [
      {
        heading: '1. Which data',
        paragraphs: [
          'First and last name, email address, phone; country, city, address, postal code and pickup-point address; the order comment; the history of orders and lesson purchases; the IP address and browser details at the moment consent is given.',
        ],
      },
      {
        heading: '2. Why',
        paragraphs: [
          'Registering and keeping the account; placing, paying for and delivering orders; access to video lessons and digital materials; contact about orders, claims and requests; meeting legal duties, including accounting.',
        ],
      },
      {
        heading: '3. What the Operator does with the data',
        paragraphs: [
          'Collection, recording, organisation, accumulation, storage, correction, retrieval, use, transfer (provision, access) to delivery and payment services as far as an order needs it, anonymisation, blocking, erasure and destruction — with and without automated means.',
        ],
      },
      {
        heading: '4. Duration and withdrawal',
        paragraphs: [
          'The consent lasts until the purposes are achieved or until it is withdrawn. You can withdraw it by writing to the email in the Contacts section or by deleting your account.',
          'Withdrawal does not affect processing before it. Data the law requires us to keep (for example, orders for accounting) is kept for the period the law sets.',
        ],
      },
      {
        heading: '5. More',
        paragraphs: ['How data is processed and protected is described in the Privacy Policy at /privacy/.'],
      },
    ],
  },
  'cross-border': {
    title: 'Consent to the Cross-Border Transfer of Personal Data',
    updated: 'Version of 1 September 2025',
    intro:
      'I give the Atelier studio my consent to transfer my personal data abroad when I choose to pay an order through PayPal. Without this consent PayPal cannot be used; you can pay by card in roubles instead.',
    sections: [
      {
        heading: '1. To whom and where',
        paragraphs: [
          'To the operator of the PayPal payment service — companies of the PayPal Holdings, Inc. group, including PayPal (Europe) S.à r.l. et Cie, S.C.A. (Luxembourg). The data may be processed in countries that do not protect the rights of data subjects as the Russian Federation does.',
        ],
      },
      {
        heading: '2. Which data',
        paragraphs: [
          'The email address for the invoice, first and last name, the order’s number, amount and currency.',
        ],
      },
      {
        heading: '3. Why',
        paragraphs: ['To issue a PayPal invoice and take payment for the order in euros or US dollars.'],
      },
      {
        heading: '4. Duration and withdrawal',
        paragraphs: [
          'The consent lasts until the order is settled or until you withdraw it by writing to the email in the Contacts section. Data already passed to PayPal is processed under PayPal’s own rules.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie Notice',
    updated: 'Version of 1 September 2025',
    intro:
      'The site keeps a little data in your browser — cookies and local storage entries. This notice says which and why.',
    sections: [
      {
        heading: '1. Needed for the site to work',
        paragraphs: [
          'The sign-in token (7 days), the chosen language (365 days) and currency, the cart, your choice in this banner and the random identifier it is recorded with.',
        ],
      },
      {
        heading: '2. Advertising and analytics',
        paragraphs: ['The site uses no advertising cookies and no third-party analytics cookies.'],
      },
      {
        heading: '3. How your choice is recorded',
        paragraphs: [
          'When you press “Accept” or “Decline” we record your choice, the version of this notice, the time and the IP address, and your account if you are signed in.',
        ],
      },
      {
        heading: '4. How to manage them',
        paragraphs: ['You can delete cookies in your browser settings; you will then need to sign in again.'],
      },
    ],
  },
  marketing: {
    title: 'Consent to Marketing and News Emails',
    updated: 'Version of 1 September 2025',
    intro:
      'I give the Atelier studio my consent to send me advertising and news by email (Article 18(1) of Russian Federal Law “On Advertising”). This consent is not needed to buy anything and is off unless I turn it on.',
    sections: [
      {
        heading: '1. What we send',
        paragraphs: [
          'One reminder about items left in your cart; studio news, new lessons and master classes, special offers — no more than a few emails a month.',
        ],
      },
      {
        heading: '2. Which data is used',
        paragraphs: ['Your name, email address, site language and the cart’s contents (for the reminder).'],
      },
      {
        heading: '3. How to stop',
        paragraphs: ['Untick the box in your account at any time — the emails stop at once.'],
      },
    ],
  },
};
