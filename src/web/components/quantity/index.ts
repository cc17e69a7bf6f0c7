export { QuantityField, type QuantityFieldProps } from './QuantityField.tsx';
export { PackChooser, type PackChooserProps } from './PackChooser.tsx';
export { quantityText } from './texts.ts';
