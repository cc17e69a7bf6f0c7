// Stand-in for the web app's page renderer (src/web/pages/render.tsx).
export const renderPage = 'renderPage';
