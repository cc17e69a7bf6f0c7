// The development mailbox of the browser tests' server (docs/operations.md, "Mail"): its page
// opens, and a mail its SMTP port receives reads back through support/mailbox.ts, the helper the
// mail flows' tests use.
import nodemailer from 'nodemailer';
import { expect, test } from './support/app.ts';
import {
  mailboxOrigin,
  mailboxReady,
  mailboxSmtpPort,
  mailsTo,
  waitForMail,
} from './support/mailbox.ts';

test('the development mailbox page opens', async ({ page }) => {
  await mailboxReady();
  await page.goto(mailboxOrigin());
  await expect(page).toHaveTitle(/MailDev/);
});

test('a mail sent to the mailbox reads back through the helper', async () => {
  const to = `Mailbox-${Date.now()}@Example.com`;
  expect(await mailsTo(to)).toEqual([]);
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: mailboxSmtpPort(),
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: 'Keebshop <shop@localhost>',
    to,
    subject: 'Your order KS-1 is on its way',
    text: 'Track it at http://127.0.0.1/keebshop/#/orders',
    html: '<p>Track it <a href="http://127.0.0.1/keebshop/#/orders">here</a></p>',
    messageId: '<mailbox-spec@keebshop>',
  });
  transport.close();

  const mail = await waitForMail(to.toLowerCase(), /on its way/);
  expect(mail).toMatchObject({
    subject: 'Your order KS-1 is on its way',
    to: [to.toLowerCase()],
    from: 'shop@localhost',
    messageId: '<mailbox-spec@keebshop>',
  });
  expect(mail.text).toContain('http://127.0.0.1/keebshop/#/orders');
  expect(mail.html).toContain('<a href="http://127.0.0.1/keebshop/#/orders">here</a>');
  expect(await mailsTo(to)).toHaveLength(1);
});
