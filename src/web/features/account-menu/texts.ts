// Texts of the nav's account slot (docs/product.md, Navigation and footer).
export const MENU_TEXT = {
  login: 'Login',
  button: 'Account menu',
  signedInAs: 'Signed in as',
  orderHistory: 'Order History',
  settings: 'Settings',
  admin: 'Admin',
  logout: 'Logout',
} as const;
