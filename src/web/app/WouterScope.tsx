import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { useHashPath } from '../lib/hash-location.ts';

/**
 * wouter's router on the hash, around every lazily loaded page: pages may use wouter's Link and
 * hooks. The shell itself does without it (lib/hash-link.tsx), so wouter stays out of the
 * first-load chunk and arrives with the first lazy page.
 */
export function WouterScope({ children }: { children: ReactNode }) {
  return <Router hook={useHashPath}>{children}</Router>;
}
