import type { JSX } from 'react';
import type { HomeSectionId } from './texts.ts';

// Small line drawings for the category cards; the product art proper lives in components/art.
const drawings: Record<HomeSectionId, JSX.Element> = {
  keyboards: (
    <>
      <rect x="3" y="12" width="42" height="24" rx="4" />
      <path d="M9 19h3M16 19h3M23 19h3M30 19h3M37 19h2M9 25h3M16 25h3M23 25h3M30 25h3M37 25h2M14 31h20" />
    </>
  ),
  switches: (
    <>
      <path d="M12 22h24v12a4 4 0 0 1-4 4H16a4 4 0 0 1-4-4z" />
      <path d="M16 22v-6h16v6M22 16V9h4v7M20 12.5h8" />
    </>
  ),
  accessories: (
    <>
      <path d="M8 30c0-5 4-8 9-8h14c5 0 9 3 9 8v4H8z" />
      <path d="M14 22v-4a10 10 0 0 1 20 0v4M24 8v4" />
    </>
  ),
};

export function CategoryIcon({ id }: { id: HomeSectionId }) {
  return (
    <svg className="home-category__icon" viewBox="0 0 48 48" aria-hidden="true">
      {drawings[id]}
    </svg>
  );
}
