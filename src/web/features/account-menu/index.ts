export { AccountSlot, type AccountSlotProps } from './AccountSlot.tsx';
