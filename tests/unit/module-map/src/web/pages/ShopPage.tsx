// Stand-in for the server-rendered pages' shell (src/web/pages/ShopPage.tsx).
export const ShopPage = 'ShopPage';
