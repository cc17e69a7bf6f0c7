import type { Category } from '../../../catalogue/types.ts';
import './list-header.css';

// The list pages' heading and lead: the page itself shows them, and so does the first chunk while
// the page's own chunk loads (app/page-frames.tsx), in the same place, so the first paint already
// holds the page's largest text (ADR 0037).

export const listPageText: Record<Category, { title: string; intro: string }> = {
  keyboards: {
    title: 'Keyboards',
    intro:
      'Mechanical boards for every desk: full-size and tenkeyless, compact and ergonomic, wired for tournaments or wireless for a clean setup.',
  },
  switches: {
    title: 'Switches',
    intro:
      'Choose how every keystroke feels: a crisp tactile bump or a smooth linear press. Priced per switch, so you can mix and match.',
  },
  accessories: {
    title: 'Accessories',
    intro:
      'Stands, wrist rests, cables and tools that keep your setup comfortable, tidy and clean.',
  },
};

export function ListHeader({ category }: { category: Category }) {
  const { title, intro } = listPageText[category];
  return (
    <header className="list-page__header">
      <h1>{title}</h1>
      <p className="page-lead">{intro}</p>
    </header>
  );
}
