import { layoutMail, type MailContent } from '../content.ts';

/** The password reset link (POST /auth/v1/recover): opens the shop signed in to choose a password. */
export function recoveryMail(input: {
  email: string;
  link: string;
  ttlMinutes: number;
}): MailContent {
  return layoutMail({
    subject: 'Reset your Keebshop password',
    heading: 'Reset your password',
    blocks: [
      { paragraph: `Someone asked to reset the password of the Keebshop account ${input.email}.` },
      { action: { label: 'Choose a new password', url: input.link } },
      {
        paragraph: `The link works once, for ${input.ttlMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`,
      },
    ],
    footer:
      'You got this mail because a password reset was requested for this address at Keebshop.',
  });
}
