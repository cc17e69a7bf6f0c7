// The list pages; the router lazy-loads this module, so it and its CSS stay out of the home chunk.
export { KeyboardsPage, SwitchesPage, AccessoriesPage } from './pages.tsx';
