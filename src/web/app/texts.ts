// User-facing texts of the app shell (navigation, footer, not-found, loading), in one place.
export const shellText = {
  brand: 'Keebshop',
  skipLink: 'Skip to content',
  navLabel: 'Main',
  nav: {
    home: 'Home',
    keyboards: 'Keyboards',
    switches: 'Switches',
    accessories: 'Accessories',
    cart: 'Cart',
    login: 'Login',
  },
  cartName: (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
  loading: 'Loading…',
  notFoundTitle: 'Page not found',
  notFoundBody: 'We could not find that page. It may have moved, or the link may be mistyped.',
  backHome: 'Back to home',
  loadFailedTitle: 'This page could not be loaded',
  loadFailedBody: 'Check your connection, then try again.',
  retry: 'Try again',
  copyright: (year: number) => `© ${year} Keebshop. Custom mechanical keyboards for every gamer.`,
  socialLabel: 'Keebshop elsewhere',
  newTab: '(opens in a new tab)',
} as const;

/** Page titles by route path; document.title becomes "{title} · Keebshop". */
export const pageTitles: Record<string, string> = {
  '/home': 'Home',
  '/keyboard': 'Keyboards',
  '/switches': 'Switches',
  '/accessories': 'Accessories',
  '/cart': 'Your Cart',
  '/login': 'Login',
  '/signup': 'Sign Up',
  '/settings': 'Account Settings',
  '/orderHistory': 'Order History',
  '/orderSuccess': 'Order Confirmation',
};
