// Placeholder until the browse feature lands: the list pages the router lazy-loads.
export function KeyboardsPage() {
  return null;
}
export function SwitchesPage() {
  return null;
}
export function AccessoriesPage() {
  return null;
}
