import { layoutMail, type MailContent } from '../content.ts';

/** The link that confirms a new account's address (AUTH_CONFIRM_EMAIL) and signs the shopper in. */
export function signupConfirmationMail(input: {
  email: string;
  link: string;
  ttlMinutes: number;
}): MailContent {
  return layoutMail({
    subject: 'Confirm your Keebshop account',
    heading: 'Confirm your email address',
    blocks: [
      { paragraph: `Welcome to Keebshop! Confirm that ${input.email} is yours to start shopping.` },
      { action: { label: 'Confirm my address', url: input.link } },
      {
        paragraph: `The link works once, for ${input.ttlMinutes} minutes. If you did not sign up, ignore this mail: no account is opened without it.`,
      },
    ],
    footer: 'You got this mail because this address was used to sign up at Keebshop.',
  });
}
