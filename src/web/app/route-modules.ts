// What each lazy route's page loads before it can show, as source files under src/web: its own
// module, any page its feature loads lazily in turn (routes.tsx preloads both), and wouter's scope.
// The build turns this into the route preloads of index.html (scripts/route-preload.ts), so a page
// opened straight from a link fetches its chunks beside the entry instead of after it. The keys
// are the routes' paths as the hash holds them, lowercased, without the slash; routes.test.tsx
// checks that every lazy route has its entry, and the browser tests that nothing is missing. A
// route with a frame (page-frames.tsx) has none: its first paint needs only the entry, and its
// chunks, fetched once the frame is painted, would only hold that paint back (ADR 0037).

const SCOPE = 'app/WouterScope.tsx';
const auth = ['features/auth/index.ts', SCOPE];

export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  compare: ['features/compare/index.ts', SCOPE],
  login: auth,
  signup: auth,
  forgotpassword: auth,
  resetpassword: auth,
  emaillink: auth,
  settings: ['features/account/index.ts', SCOPE],
  orderhistory: ['features/orders/index.ts', SCOPE],
  ordersuccess: [
    'features/checkout/index.ts',
    'features/checkout/OrderConfirmationPage.tsx',
    SCOPE,
  ],
  admin: ['features/admin/index.ts', SCOPE],
};
