import { afterEach, describe, expect, it } from 'vitest';
import {
  captureMailedLink,
  clearMailedSession,
  EMAIL_LINK_ROUTE,
  pendingMailedSession,
} from './mailed-link.ts';

function open(url: string) {
  window.history.replaceState(null, '', url);
}

afterEach(clearMailedSession);

describe('captureMailedLink', () => {
  it('takes a session out of the address bar, replacing the entry, and keeps it for the page', () => {
    open(
      '/keebshop/#access_token=aaa.bbb.ccc&expires_at=2000000000&expires_in=3600&refresh_token=r1&sb=&token_type=bearer&type=recovery',
    );
    const entries = window.history.length;
    expect(captureMailedLink()).toBe(true);
    expect(window.location.pathname).toBe('/keebshop/');
    expect(window.location.hash).toBe(`#${EMAIL_LINK_ROUTE}`);
    expect(window.location.href).not.toContain('aaa.bbb.ccc');
    expect(window.location.href).not.toContain('r1');
    expect(window.history.length).toBe(entries);
    expect(pendingMailedSession()).toEqual({
      accessToken: 'aaa.bbb.ccc',
      refreshToken: 'r1',
      type: 'recovery',
    });
  });

  it("turns an error fragment into the page's error route, without the server's text", () => {
    open(
      '/keebshop/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    expect(captureMailedLink()).toBe(true);
    expect(window.location.hash).toBe(`#${EMAIL_LINK_ROUTE}?error=otp_expired`);
    expect(pendingMailedSession()).toBeNull();
  });

  it.each(['#/home', '#/keyboard?q=pro&error=1', '', '#/', '#sb=', '#access_token=only'])(
    'leaves %s alone',
    (hash) => {
      open(`/keebshop/${hash}`);
      const before = window.location.href;
      expect(captureMailedLink()).toBe(false);
      expect(window.location.href).toBe(before);
      expect(pendingMailedSession()).toBeNull();
    },
  );
});
