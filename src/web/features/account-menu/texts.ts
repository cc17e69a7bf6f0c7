// Texts of the nav's account slot (SPEC section 2, navigation).
export const MENU_TEXT = {
  login: 'Login',
  button: 'Account menu',
  signedInAs: 'Signed in as',
  orderHistory: 'Order History',
  settings: 'Settings',
  logout: 'Logout',
} as const;
