import { layoutMail, type MailContent } from '../content.ts';

/** The 6-digit code that lets a long-signed-in session change its password. */
export function reauthenticationMail(input: { code: string; ttlMinutes: number }): MailContent {
  return layoutMail({
    subject: 'Your Keebshop confirmation code',
    heading: 'Confirm it is you',
    blocks: [
      { paragraph: 'Enter this code in Keebshop to change your password:' },
      { code: input.code },
      {
        paragraph: `It works once, for ${input.ttlMinutes} minutes. If you did not ask for it, someone may be signed in to your account: change your password from a device you trust.`,
      },
    ],
    footer:
      'You got this mail because a confirmation code was requested for this Keebshop account.',
  });
}
