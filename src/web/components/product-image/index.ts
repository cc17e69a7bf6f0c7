// A product's photo (srcset through the server's image transformations) or, without one, its drawing.
export { ProductImage, type ProductImageProps } from './ProductImage.tsx';
