import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useHashPath } from '../../lib/hash-location.ts';
import { Link } from '../../lib/hash-link.tsx';
import { getLikelySignedIn, subscribeLikelySignedIn } from '../../lib/session-hint.ts';
import { AccountIcon } from './AccountIcon.tsx';
import { requestOpen } from './open-request.ts';
import { MENU_TEXT as T } from './texts.ts';

// The menu, the session store and the clients are a lazy chunk: home's first load stays within
// budget, and a visitor who never signs in never downloads them.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

export interface AccountSlotProps {
  /** Class of the nav's links, so Login looks like its neighbours. */
  linkClassName?: string;
}

/** The nav's account slot: Login when signed out, the account menu when (probably) signed in. */
export function AccountSlot({ linkClassName }: AccountSlotProps) {
  const likelySignedIn = useSyncExternalStore(
    subscribeLikelySignedIn,
    getLikelySignedIn,
    () => false,
  );
  // Once loaded, the menu stays: it follows the session itself (Login again after a logout) and
  // must still be there to report a session that failed to load.
  const [menuInUse, setMenuInUse] = useState(likelySignedIn);
  if (likelySignedIn && !menuInUse) setMenuInUse(true);
  if (!menuInUse) return <LoginLink className={linkClassName} />;
  return (
    <Suspense fallback={<AccountButtonPlaceholder />}>
      <UserMenu loginLink={<LoginLink className={linkClassName} />} />
    </Suspense>
  );
}

function LoginLink({ className }: { className: string | undefined }) {
  const [path] = useHashPath();
  const current = path.replace(/\/+$/, '').toLowerCase() === '/login';
  return (
    <Link href="/login" className={className} aria-current={current ? 'page' : undefined}>
      {T.login}
    </Link>
  );
}

/** What the first frame shows a returning shopper while the menu's chunk arrives. */
function AccountButtonPlaceholder() {
  return (
    <button
      type="button"
      className="user-menu__button"
      aria-label={T.button}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={requestOpen}
    >
      <AccountIcon />
    </button>
  );
}
