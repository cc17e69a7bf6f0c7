import type { JSX } from 'react';
import type { HomeSectionId } from './texts.ts';

// Small line drawings for the category cards; the product art proper lives in components/art.
const drawings: Record<HomeSectionId, JSX.Element> = {
  keyboards: (
    <>
      <rect x="3" y="13" width="42" height="22" rx="4" />
      <path d="M9 20h2M15 20h2M21 20h2M27 20h2M33 20h2M39 20h0M9 25h2M15 25h2M21 25h2M27 25h2M33 25h2M39 25h0M15 30h18" />
    </>
  ),
  switches: (
    <>
      <path d="M10 26h28v10a4 4 0 0 1-4 4H14a4 4 0 0 1-4-4z" />
      <path d="M14 26v-8h20v8M24 18V7M19 11.5h10" />
    </>
  ),
  accessories: (
    <>
      <rect x="3" y="17" width="9" height="14" rx="2" />
      <path d="M6 21v6M9 21v6M12 24h2c2.5 0 2.5-9 5-9s2.5 18 5 18 2.5-18 5-18 2.5 18 5 18 2.5-9 5-9h2" />
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
