import { ListPage } from './ListPage.tsx';

export function KeyboardsPage() {
  return <ListPage category="keyboards" />;
}

export function SwitchesPage() {
  return <ListPage category="switches" />;
}

export function AccessoriesPage() {
  return <ListPage category="accessories" />;
}
