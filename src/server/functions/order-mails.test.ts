// The order mails as a shopper receives them: the real server pays, ships and refunds, and its mail
// worker sends to a real SMTP server (startTestSmtp); each mail arrives once, with the order's
// number and links to the shop's site URL, however often the payment is confirmed or reported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseTargets,
  linkIn,
  payOrder,
  signUpStaff,
  startTestServer,
  startTestSmtp,
  type PayingTestServer,
  type TestSmtpServer,
  waitFor,
  webhooksDelivered,
} from '../test-support/index.ts';

describe.each(databaseTargets())('order mails over SMTP on $name', (target) => {
  let smtp: TestSmtpServer;
  let server: PayingTestServer;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({
      payments: true,
      target,
      deliverWebhooks: true,
      smtpUrl: smtp.url,
      env: { PUBLIC_URL: 'https://shop.example' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const mailsAbout = (to: string, number: string) =>
    smtp.mailsTo(to).filter((m) => new RegExp(`${number}(?!\\d)`).test(m.subject));

  it('sends the confirmation once, then the shipped and refunded notices', async () => {
    const buyer = await server.signUp('mailed');
    const order = await payOrder(server, buyer, [
      { key: 'keyboards:119', color: 'Pink', quantity: 1 },
      { key: 'accessories:215', color: 'Standard', quantity: 3 },
    ]);
    // To the shopper's own address, which checkout prefills on the payment page.
    const [confirmation] = await smtp.waitForMails(buyer.email, 1);
    expect(confirmation?.subject).toBe(`Your Keebshop order ${order.orderNumber}`);
    for (const fact of ['Wireless Compact Keyboard', 'Pink', 'Monitor Stand', '$75.00']) {
      expect(confirmation?.text).toContain(fact);
      expect(confirmation?.html).toContain(fact);
    }
    expect(linkIn(confirmation!, 'https://shop.example/')).toBe(
      'https://shop.example/keebshop/#/orderHistory',
    );
    const { rows } = await server.db.query<{ message_id: string }>(
      `SELECT message_id FROM keebshop.mail_outbox WHERE kind = 'order_confirmation'
       AND subject LIKE '%' || $1`,
      [order.orderNumber],
    );
    expect(rows.map((r) => r.message_id)).toEqual([confirmation?.messageId]);

    // The success page confirmed again: no second confirmation.
    const session = await server.db.query<{ checkout_session_id: string }>(
      'SELECT checkout_session_id FROM public.shop_orders WHERE id = $1',
      [order.id],
    );
    const again = await server.functionsClient().invoke('confirm-checkout', {
      body: { session_id: session.rows[0]?.checkout_session_id },
    });
    expect(again.error).toBeNull();

    const staff = await signUpStaff(server);
    const act = (name: string, body: unknown) =>
      server.call(`/functions/v1/${name}`, {
        method: 'POST',
        body: JSON.stringify(body),
        token: staff.token,
      });
    const ship = { orderNumber: order.orderNumber, carrier: 'DHL', trackingNumber: 'JD0142' };
    expect((await act('admin-ship', ship)).status).toBe(200);
    expect(
      (await act('admin-refund', { orderNumber: order.orderNumber, amountCents: 1500 })).status,
    ).toBe(200);

    await smtp.waitForMails(buyer.email, 3);
    // Every event the sandbox made (the payment's and the refund's) has been handled by the shop,
    // so every mail they queue is in the outbox; then every one of those has been sent.
    await webhooksDelivered(server.db);
    await waitFor(async () => {
      const { rows } = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM keebshop.mail_outbox
         WHERE sent_at IS NULL AND failed_at IS NULL`,
      );
      return rows[0]?.n === 0 ? true : undefined;
    });
    const mails = mailsAbout(buyer.email, order.orderNumber);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Keebshop order ${order.orderNumber}`,
      `Your Keebshop order ${order.orderNumber} has shipped`,
      `A partial refund for your Keebshop order ${order.orderNumber}`,
    ]);
    expect(mails[1]?.text).toContain('JD0142');
    expect(mails[2]?.text).toContain('$15.00');
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);
  }, 60_000);
});
