import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast, type ToastOptions } from './index.ts';

function Trigger({ message, options }: { message: string; options?: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, options)}>
      Notify
    </button>
  );
}

function setup(message: string, options?: ToastOptions) {
  render(
    <ToastProvider>
      <Trigger message={message} options={options} />
    </ToastProvider>,
  );
  return screen.getByRole('button', { name: 'Notify' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('keeps an empty polite live region and an alert region in the page before any toast', () => {
    setup('Hello');
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('shows the message in the status region without taking focus', async () => {
    const button = setup('Added Keychron K2 (Black) to your cart', { tone: 'success' });
    await userEvent.click(button);
    expect(screen.getByRole('status').textContent).toBe('Added Keychron K2 (Black) to your cart');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(document.activeElement).toBe(button);
  });

  it('puts errors in the alert region', async () => {
    await userEvent.click(setup('Checkout failed: card declined', { tone: 'error' }));
    expect(screen.getByRole('alert').textContent).toBe('Checkout failed: card declined');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('is dismissed with its button', async () => {
    await userEvent.click(setup('Saved'));
    const status = screen.getByRole('status');
    await userEvent.click(within(status).getByRole('button', { name: 'Dismiss notification' }));
    expect(status.textContent).toBe('');
  });

  it('goes away by itself after five seconds', () => {
    vi.useFakeTimers();
    fireEvent.click(setup('Saved'));
    const status = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(4900));
    expect(status.textContent).toBe('Saved');
    act(() => vi.advanceTimersByTime(200));
    expect(status.textContent).toBe('');
  });

  it('stays while the pointer rests on it', () => {
    vi.useFakeTimers();
    fireEvent.click(setup('Saved'));
    const toast = screen.getByText('Saved').parentElement!;
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status').textContent).toBe('Saved');
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(5100));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows at most three at a time, dropping the oldest', () => {
    const button = setup('Ping');
    for (let i = 0; i < 4; i++) fireEvent.click(button);
    expect(within(screen.getByRole('status')).getAllByText('Ping')).toHaveLength(3);
  });

  it('keeps one toast per group: the newest replaces the others and restarts its time', () => {
    vi.useFakeTimers();
    const button = setup('Added', { tone: 'success', group: 'cart-added' });
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(4000));
    fireEvent.click(button);
    fireEvent.click(button);
    expect(within(screen.getByRole('status')).getAllByText('Added')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status').textContent).toBe('Added');
  });

  it('refuses to work outside a provider', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger message="x" />)).toThrow('useToast() needs a <ToastProvider>');
    errors.mockRestore();
  });
});
