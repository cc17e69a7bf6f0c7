import { Svg, type ArtProps } from './Svg.tsx';

interface LogoProps extends ArtProps {
  /** Adds the word "Keebshop" beside the mark. */
  wordmark?: boolean;
}

/** The Keebshop mark, a keycap with a K; also the picture shown when a product has none. */
export function Logo({ wordmark, title = 'Keebshop', ...rest }: LogoProps) {
  return (
    <Svg viewBox={wordmark ? '0 0 216 48' : '0 0 48 48'} label={title} {...rest}>
      <rect x="2" y="4" width="44" height="42" rx="9" fill="#0b5e5a" />
      <rect x="7" y="5" width="34" height="33" rx="7" fill="#3ee6d8" />
      <path d="M17 12v20M31 12l-11 10 11 10" fill="none" stroke="#04151a" strokeWidth="4.5" />
      {wordmark ? (
        <text
          x="58"
          y="35"
          fill="currentColor"
          fontSize="28"
          fontWeight="700"
          fontFamily="system-ui"
        >
          Keebshop
        </text>
      ) : null}
    </Svg>
  );
}
