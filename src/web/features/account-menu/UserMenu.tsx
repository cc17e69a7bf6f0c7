import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useToast } from '../../components/toast/index.ts';
import { navigate, useHashPath } from '../../lib/hash-location.ts';
import { useSession, useSessionStore } from '../../lib/session-react.tsx';
import { AccountIcon } from './AccountIcon.tsx';
import { clearOpenRequest, openRequested, subscribeOpenRequest } from './open-request.ts';
import { MENU_TEXT as T } from './texts.ts';
import './user-menu.css';

export interface UserMenuProps {
  /** Shown when the session turns out to be gone (the slot then switches to it too). */
  loginLink: ReactNode;
}

/**
 * The signed-in side of the nav's account slot: a menu button (the WAI-ARIA menu button pattern)
 * with Order History, Settings, Admin (staff only) and Logout.
 */
export function UserMenu({ loginLink }: UserMenuProps) {
  const session = useSession('idle');
  const store = useSessionStore();
  const toast = useToast();

  // Tell the shopper once when the stored session could not be confirmed (docs/product.md,
  // Session).
  useEffect(() => {
    if (!session.userError) return;
    toast.show(session.userError, { tone: 'error' });
    store.clearUserError();
  }, [session.userError, store, toast]);

  if (session.status === 'signedOut') return loginLink;
  return (
    <AccountMenu
      email={session.user?.email ?? null}
      staff={session.user?.app_metadata?.role === 'staff'}
    />
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

function focusItem(menu: HTMLElement | null, which: 'first' | 'last') {
  const list = menuItems(menu);
  (which === 'first' ? list[0] : list[list.length - 1])?.focus();
}

function AccountMenu({ email, staff }: { email: string | null; staff: boolean }) {
  const store = useSessionStore();
  const [opened, setOpen] = useState(false);
  // Or opened by a click on the placeholder while this chunk was loading.
  const requested = useSyncExternalStore(subscribeOpenRequest, openRequested, openRequested);
  const open = opened || requested;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // Which item takes focus once the menu has rendered open.
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    const which = focusOnOpen.current ?? (requested ? 'first' : null);
    if (!open || !which) return;
    focusItem(menuRef.current, which);
    focusOnOpen.current = null;
  }, [open, requested]);

  // A new route closes the menu: a link, Back or Forward leaves it behind with the page it was
  // opened on (the new page's heading takes focus).
  const [path] = useHashPath();
  const lastPath = useRef(path);
  useEffect(() => {
    if (lastPath.current === path) return;
    lastPath.current = path;
    setOpen(false);
    clearOpenRequest();
  }, [path]);

  // A press anywhere outside closes the menu (and leaves focus where the shopper put it).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      clearOpenRequest();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openMenu = (focus: 'first' | 'last') => {
    if (open) {
      focusItem(menuRef.current, focus);
      return;
    }
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    clearOpenRequest();
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
    }
  };

  const logout = async () => {
    close(false);
    await store.signOut();
    navigate('/');
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="user-menu__button"
        aria-label={T.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <AccountIcon />
      </button>
      <div className="user-menu__popup" hidden={!open}>
        {email && (
          <p className="user-menu__email">
            {T.signedInAs} <span className="user-menu__address">{email}</span>
          </p>
        )}
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="user-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <a role="menuitem" tabIndex={-1} href="#/orderHistory" onClick={() => close(false)}>
              {T.orderHistory}
            </a>
          </li>
          <li role="none">
            <a role="menuitem" tabIndex={-1} href="#/settings" onClick={() => close(false)}>
              {T.settings}
            </a>
          </li>
          {staff && (
            // The back office, for staff only (the page and the server check the role again).
            <li role="none">
              <a role="menuitem" tabIndex={-1} href="#/admin" onClick={() => close(false)}>
                {T.admin}
              </a>
            </li>
          )}
          <li role="none">
            <button role="menuitem" tabIndex={-1} type="button" onClick={() => void logout()}>
              {T.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
