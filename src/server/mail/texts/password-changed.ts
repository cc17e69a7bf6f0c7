import { layoutMail, type MailContent } from '../content.ts';

/** The notice after a password change (in the settings, or a reset from a recovery link). */
export function passwordChangedMail(input: { email: string; recoverLink: string }): MailContent {
  return layoutMail({
    subject: 'Your Keebshop password was changed',
    heading: 'Your password was changed',
    blocks: [
      {
        paragraph: `The password of the Keebshop account ${input.email} was just changed, and every other session was signed out.`,
      },
      {
        paragraph:
          'If this was you, there is nothing to do. If it was not, reset your password now:',
      },
      { action: { label: 'Reset my password', url: input.recoverLink } },
    ],
    footer: 'You got this mail because it is the address of a Keebshop account.',
  });
}
