export { ComparePage } from './ComparePage.tsx';
