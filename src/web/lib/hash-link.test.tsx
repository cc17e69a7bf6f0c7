import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Link } from './hash-link.tsx';

function renderLink(props: Partial<Parameters<typeof Link>[0]> = {}) {
  window.history.replaceState(null, '', '#/home');
  render(
    <Link href="/keyboard" className="nav" {...props}>
      Keyboards
    </Link>,
  );
  return screen.getByRole('link', { name: 'Keyboards' });
}

describe('Link', () => {
  it('points at the hash route and goes there on a click, adding a history entry', () => {
    const link = renderLink();
    expect(link.getAttribute('href')).toBe('#/keyboard');
    expect(link.className).toBe('nav');
    const length = window.history.length;
    // fireEvent returns false when the click's default action was prevented.
    expect(fireEvent.click(link)).toBe(false);
    expect(window.location.hash).toBe('#/keyboard');
    expect(window.history.length).toBe(length + 1);
  });

  it('replaces the entry when asked', () => {
    const link = renderLink({ replace: true });
    const length = window.history.length;
    fireEvent.click(link);
    expect(window.location.hash).toBe('#/keyboard');
    expect(window.history.length).toBe(length);
  });

  it.each([
    { ctrlKey: true },
    { metaKey: true },
    { shiftKey: true },
    { altKey: true },
    { button: 1 },
  ])('leaves a click with %o to the browser (a new tab or window)', (init) => {
    const onClick = vi.fn();
    const link = renderLink({ onClick });
    expect(fireEvent.click(link, init)).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('calls its own onClick first, and does not navigate when that prevents the default', () => {
    const link = renderLink({ onClick: (event) => event.preventDefault() });
    const length = window.history.length;
    fireEvent.click(link);
    expect(window.location.hash).toBe('#/home');
    expect(window.history.length).toBe(length);
  });
});
