import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useHashQuery } from './hash-location.ts';

function QueryProbe() {
  const [params, setParams] = useHashQuery();
  return (
    <div>
      <output aria-label="q">{params.get('q') ?? ''}</output>
      <output aria-label="types">{params.getAll('type').join(',')}</output>
      <button
        type="button"
        onClick={() =>
          setParams(
            (current) => {
              current.set('q', 'a+b & (c)');
              return current;
            },
            { replace: true },
          )
        }
      >
        Type
      </button>
      <button
        type="button"
        onClick={() => {
          // Two updates in one event must both land.
          setParams((current) => {
            current.append('type', 'Linear');
            return current;
          });
          setParams((current) => {
            current.set('sort', 'price-asc');
            return current;
          });
        }}
      >
        Filter
      </button>
      <button type="button" onClick={() => setParams(new URLSearchParams())}>
        Clear
      </button>
    </div>
  );
}

const text = (name: string) => screen.getByRole('status', { name }).textContent;

describe('useHashQuery', () => {
  it('reads the query that follows the route in the hash', () => {
    window.history.replaceState(null, '', '#/switches?q=red&type=Linear&type=Tactile');
    render(<QueryProbe />);
    expect(text('q')).toBe('red');
    expect(text('types')).toBe('Linear,Tactile');
  });

  it('writes the query after the same path, replacing or pushing history as asked', async () => {
    window.history.replaceState(null, '', '#/switches');
    render(<QueryProbe />);
    const length = window.history.length;

    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    expect(window.location.hash).toBe('#/switches?q=a%2Bb+%26+%28c%29');
    expect(text('q')).toBe('a+b & (c)');
    expect(window.history.length).toBe(length);

    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(window.location.hash).toBe('#/switches?q=a%2Bb+%26+%28c%29&type=Linear&sort=price-asc');
    expect(window.history.length).toBe(length + 2);

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(window.location.hash).toBe('#/switches');
  });

  it('follows Back and edits made to the address', () => {
    window.history.replaceState(null, '', '#/keyboard?q=pro');
    render(<QueryProbe />);
    act(() => {
      window.history.replaceState(null, '', '#/keyboard?q=k2');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(text('q')).toBe('k2');
  });
});
