export { SettingsPage } from './placeholder-pages.tsx';
