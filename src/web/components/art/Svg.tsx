import type { ReactNode } from 'react';

/** Props every drawing accepts: a label for assistive tech, or decorative to hide it. */
export interface ArtProps {
  className?: string;
  /** Accessible name; each drawing has a sensible default. */
  title?: string;
  /** Hidden from assistive tech (when the text beside it already names the thing). */
  decorative?: boolean;
}

interface SvgProps extends ArtProps {
  viewBox: string;
  label: string;
  children: ReactNode;
}

/** The outer <svg>: scales to its container through the viewBox, and is either an image or hidden. */
export function Svg({ viewBox, label, decorative, className, title, children }: SvgProps) {
  const name = title ?? label;
  const a11y = decorative
    ? { 'aria-hidden': true, focusable: false }
    : { role: 'img', 'aria-label': name };
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox={viewBox} className={className} {...a11y}>
      {decorative ? null : <title>{name}</title>}
      {children}
    </svg>
  );
}
