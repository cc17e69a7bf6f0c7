// Every user-facing text of the Account Settings screen (docs/product.md, Account settings).
export const SETTINGS_TEXT = {
  title: 'Account Settings',
  loading: 'Loading your account…',
  loggedOut: 'You must be logged in to view settings.',
  loginLink: 'Log in',
  emailHeading: 'Change email',
  email: 'Email',
  updateEmail: 'Update Email',
  emailOk: 'Email updated!',
  emailError: 'Error updating email: ',
  passwordHeading: 'Change password',
  newPassword: 'New Password',
  updatePassword: 'Update Password',
  passwordOk: 'Password updated!',
  passwordError: 'Error updating password: ',
  // Secure email change and reauthentication (docs/product.md, Account settings).
  emailSent: (email: string) =>
    `We sent a confirmation link to ${email}. Your email changes once you follow it.`,
  emailPending: (email: string) =>
    `Waiting for confirmation: ${email}. Follow the link we sent there to finish the change.`,
  codeSent: (email: string) =>
    `To confirm it is you, we sent a code to ${email}. Enter it below to save the new password.`,
  code: 'Code from the email',
  confirmPassword: 'Confirm new password',
  newCode: 'Send a new code',
  codeInvalid:
    'That code is not valid or has expired. Check the latest email, or send a new code. Your password has not changed.',
  dangerHeading: 'Delete account',
  dangerLead:
    'Deleting your account also deletes your ratings and your access to your order history.',
  deleteAccount: 'Delete Account',
  confirmTitle: 'Delete your account?',
  confirmQuestion: 'Are you sure you want to delete your account? This cannot be undone.',
  ordersKept:
    "Orders you have placed are kept for the shop's records; their delivery address is erased once they are delivered.",
  confirmDelete: 'Yes, delete my account',
  cancel: 'Cancel',
  deleting: 'Deleting…',
  deleted: 'Account deleted.',
  deleteError: 'Unable to delete account: ',
  busy: 'Saving…',
} as const;
