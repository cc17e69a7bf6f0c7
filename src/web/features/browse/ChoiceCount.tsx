import { filterText } from './texts.ts';

/**
 * A choice's faceted count: shown as a number, and read as the control's description ("3
 * matching", by `aria-describedby` on the hidden twin) so the control's name stays the choice.
 */
export function ChoiceCount({ id, count }: { id: string; count: number }) {
  return (
    <>
      <span className="choice-count" aria-hidden="true">
        {count}
      </span>
      <span id={id} hidden>
        {filterText.matching(count)}
      </span>
    </>
  );
}
