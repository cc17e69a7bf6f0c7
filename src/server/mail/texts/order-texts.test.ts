// The order mails as a shopper reads them: every fact in the plain text and in the HTML, links to
// the shop's site URL, names escaped in HTML, money as the storefront formats it.
import { describe, expect, it } from 'vitest';
import type { ConfirmedOrder } from '../../../contracts/index.ts';
import { orderConfirmationMail } from './order-confirmation.ts';
import { refundedMail } from './refunded.ts';
import { shippedMail } from './shipped.ts';

const SITE = 'https://shop.example';
const NASTY = '<b>Ann & "Bo"</b>';
const ADDRESS = {
  line1: '1 Main St',
  line2: 'Flat 2',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
  country: 'US',
};

const ORDER: ConfirmedOrder = {
  number: 'KS-10042',
  status: 'paid',
  lines: [
    { name: 'Gaming Keyboard X', color: 'Green', quantity: 1, unitCents: 150000 },
    { name: 'Dull Switch', color: 'Dull', quantity: 35, unitCents: 300 },
  ],
  shippingMethod: 'Express',
  shippingName: NASTY,
  shippingAddress: ADDRESS,
  subtotalCents: 160500,
  shippingCents: 1999,
  totalCents: 162499,
};

/** The HTML's text as a reader sees it: tags dropped, entities decoded. */
function visible(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function expectBoth(mail: { text: string; html: string }, facts: readonly string[]) {
  const text = mail.text.replace(/\s+/g, ' ');
  const html = visible(mail.html);
  for (const fact of facts) {
    expect(text).toContain(fact);
    expect(html).toContain(fact);
  }
}

/** Every http(s) link in the text and every href in the HTML. */
function links(mail: { text: string; html: string }): string[] {
  const inText = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);
  return [...inText, ...hrefs];
}

/** The shopper's name escaped in HTML, shown as typed in text. */
function expectEscaped(mail: { text: string; html: string }) {
  expect(mail.text).toContain(NASTY);
  expect(mail.html).not.toContain('<b>Ann');
  expect(mail.html).toContain('&lt;b&gt;Ann &amp; &quot;Bo&quot;&lt;/b&gt;');
}

/** Every link under the site URL, one to the order history; nothing that needs an image. */
function expectLinks(mail: { text: string; html: string }) {
  expect(mail.html).not.toMatch(/<img\b/i);
  const all = links(mail);
  expect(all.length).toBeGreaterThan(0);
  for (const link of all) expect(link.startsWith(`${SITE}/`)).toBe(true);
  expect(all).toContain(`${SITE}/keebshop/#/orderHistory`);
}

describe('the order confirmation mail', () => {
  it('says the number, every line with quantity, colour, unit price and line total, and totals', () => {
    const mail = orderConfirmationMail(SITE, ORDER);
    expect(mail.subject).toContain('KS-10042');
    expectBoth(mail, [
      'KS-10042',
      'Gaming Keyboard X',
      'Green',
      '$1,500.00',
      'Dull Switch',
      '35',
      '$105.00',
      'Express',
      NASTY,
      '1 Main St',
      'Flat 2',
      'Springfield IL 62701',
      'US',
      'Subtotal',
      '$1,605.00',
      'Shipping',
      '$19.99',
      'Total',
      '$1,624.99',
    ]);
    expect(mail.text).toContain('Product | Colour | Quantity | Unit price | Line total');
    expect(mail.text).toContain('Dull Switch | Dull | 35 | $3.00 | $105.00');
    expectEscaped(mail);
    expectLinks(mail);
  });

  it('says free shipping, and leaves out an address the order does not have', () => {
    const mail = orderConfirmationMail(SITE, {
      ...ORDER,
      shippingMethod: null,
      shippingName: null,
      shippingAddress: null,
      shippingCents: 0,
      totalCents: 160500,
    });
    expectBoth(mail, ['Free', '$1,605.00']);
    expect(mail.text).toContain('Shipping: Free');
    expect(mail.text).not.toContain('Ship to');
    expect(mail.text).not.toContain('null');
  });
});

describe('the order confirmation mail with a code and tax', () => {
  it('shows the code and its discount, and sales tax added before the total', () => {
    const mail = orderConfirmationMail(SITE, {
      ...ORDER,
      discountCode: 'SPRING-20',
      discountCents: 32100,
      taxCents: 9309,
      taxInclusive: false,
      taxLabel: 'Sales tax 7.25%',
      totalCents: 160500 - 32100 + 9309 + 1999,
    });
    expectBoth(mail, ['Discount (SPRING-20)', '\u2212$321.00', 'Tax (Sales tax 7.25%)', '$93.09']);
    expect(mail.text).toContain(
      [
        'Subtotal: $1,605.00',
        'Discount (SPRING-20): \u2212$321.00',
        'Shipping: $19.99',
        'Tax (Sales tax 7.25%): $93.09',
        'Total: $1,397.08',
      ].join('\n'),
    );
  });

  it('says VAT inside the prices after the total, which already holds it', () => {
    const mail = orderConfirmationMail(SITE, {
      ...ORDER,
      taxCents: 25626,
      taxInclusive: true,
      taxLabel: 'VAT 19%',
    });
    expect(mail.text).toContain('Total: $1,624.99\nIncludes VAT 19%: $256.26');
    expect(visible(mail.html)).toContain('Includes VAT 19% $256.26');
  });

  it('shows no discount or tax rows when there are none, as in mails queued before them', () => {
    const mail = orderConfirmationMail(SITE, { ...ORDER, discountCents: 0, taxCents: 0 });
    for (const body of [mail.text, visible(mail.html)]) {
      expect(body).not.toMatch(/Discount|Tax|Includes/);
      expect(body).not.toContain('No tax is charged');
    }
  });
});

describe('the shipped mail', () => {
  it('says the number, carrier, tracking number and where it goes', () => {
    const mail = shippedMail(SITE, {
      number: 'KS-10042',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippingName: NASTY,
      shippingAddress: ADDRESS,
    });
    expect(mail.subject).toContain('KS-10042');
    expectBoth(mail, [
      'KS-10042',
      'Carrier',
      'UPS',
      'Tracking number',
      '1Z999AA10123456784',
      NASTY,
      '1 Main St',
      'Springfield IL 62701',
    ]);
    expectEscaped(mail);
    expectLinks(mail);
  });
});

describe('the refunded mail', () => {
  const refund = {
    number: 'KS-10042',
    amountCents: 2500,
    refundedCents: 4000,
    totalCents: 162499,
    refundId: 're_123',
    cancelled: false,
  };

  it('says a partial refund, its amount and the total refunded so far', () => {
    const mail = refundedMail(SITE, refund);
    expect(mail.subject).toMatch(/partial refund.*KS-10042/i);
    expectBoth(mail, ['KS-10042', '$25.00', 'In part', '$40.00 of $1,624.99', 're_123']);
    expect(mail.text).not.toContain('cancel');
    expectLinks(mail);
  });

  it('says how much of the refund is tax, and nothing of tax when there is none', () => {
    const mail = refundedMail(SITE, { ...refund, taxCents: 181 });
    expectBoth(mail, ['$25.00 (includes $1.81 tax)']);
    expect(refundedMail(SITE, { ...refund, taxCents: 0 }).text).not.toContain('tax');
  });

  it('says a refund in full', () => {
    const mail = refundedMail(SITE, { ...refund, refundedCents: 162499, amountCents: 158499 });
    expect(mail.subject).toMatch(/refunded in full/);
    expectBoth(mail, ['KS-10042', '$1,584.99', 'In full', '$1,624.99 of $1,624.99']);
  });

  it('says a cancelled order was cancelled and refunded', () => {
    const mail = refundedMail(SITE, { ...refund, refundedCents: 162499, cancelled: true });
    expect(mail.subject).toMatch(/cancelled and refunded/);
    expectBoth(mail, ['cancelled', 'Nothing will be shipped', '$25.00', 'In full']);
  });
});

describe('the order confirmation mail of an order that waits', () => {
  it('says each pre-order’s and group buy’s window and when the whole order ships', () => {
    const mail = orderConfirmationMail(SITE, {
      ...ORDER,
      waitsFor: [
        {
          productKey: 'accessories:213',
          name: 'Keyboard Stand',
          kind: 'pre_order',
          shipsFrom: '2027-01-09',
          shipsBy: '2027-01-30',
          endsAt: null,
        },
        {
          productKey: 'keyboards:115',
          name: 'Ergonomic Gaming Keyboard',
          kind: 'group_buy',
          shipsFrom: '2026-12-28',
          shipsBy: '2027-02-01',
          endsAt: '2026-12-19T23:30:00.000Z',
        },
      ],
    });
    expectBoth(mail, [
      'Pre-order: Keyboard Stand ships between Jan 9 and Jan 30, 2027.',
      'Group buy: Ergonomic Gaming Keyboard — the group buy ends Dec 19, 2026; if it reaches ' +
        'its minimum it ships between Dec 28, 2026 and Feb 1, 2027.',
      'This order ships when its last item is ready, by about Feb 1, 2027.',
    ]);
  });

  it('says nothing of waiting for an order queued before pre-orders', () => {
    expect(orderConfirmationMail(SITE, ORDER).text).not.toContain('ships when');
  });
});
