import { layoutMail, type MailContent } from '../content.ts';

/** To the NEW address: the link that makes it the account's email and signs the shopper in. */
export function emailChangeNewMail(input: {
  oldEmail: string;
  newEmail: string;
  link: string;
  ttlMinutes: number;
}): MailContent {
  return layoutMail({
    subject: 'Confirm your new Keebshop email address',
    heading: 'Confirm your new email address',
    blocks: [
      {
        paragraph: `The Keebshop account ${input.oldEmail} asked to use ${input.newEmail} from now on. Confirm that this address is yours:`,
      },
      { action: { label: 'Use this address', url: input.link } },
      {
        paragraph: `The link works once, for ${input.ttlMinutes} minutes. Until then, the account keeps its current address. If you did not ask for this, ignore this mail.`,
      },
    ],
    footer: 'You got this mail because this address was entered as a Keebshop account’s new email.',
  });
}

/** To the OLD address: a notice that a change was asked for, and what to do if it was not you. */
export function emailChangeOldMail(input: {
  oldEmail: string;
  newEmail: string;
  settingsLink: string;
}): MailContent {
  return layoutMail({
    subject: 'Your Keebshop email address is about to change',
    heading: 'Email change requested',
    blocks: [
      {
        paragraph: `Someone signed in to your Keebshop account asked to change its email address from ${input.oldEmail} to ${input.newEmail}. The change happens only when the link sent to the new address is followed.`,
      },
      {
        paragraph:
          'If this was not you, someone may be signed in to your account: change your password now: that cancels this change and signs out every other session.',
      },
      { action: { label: 'Open my account settings', url: input.settingsLink } },
    ],
    footer: 'You got this mail because it is the current address of a Keebshop account.',
  });
}
