export { CatalogueStatus } from './CatalogueStatus.tsx';
export { catalogueStatusText } from './texts.ts';
