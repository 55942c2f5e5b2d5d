import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { LazySheet, preloadSheet } from '#client/components/ui/lazy-overlays.tsx';
import { cn } from '#client/lib/cn.ts';
import { useEarlyTap } from '#client/lib/early-taps.ts';
import { warmUp } from '#client/lib/warm-up.ts';
import { whenIdle } from '#client/lib/when-idle.ts';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/search', label: 'Search' },
  { to: '/browse', label: 'Browse Crew' },
  { to: '/calls', label: 'Crew Calls' },
  { to: '/about', label: 'About' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

/**
 * The header's account area comes from the app layer (the auth feature), so layout code does not
 * depend on features: `desktop` sits at the right of the bar, `mobile` at the foot of the side panel,
 * `bell` (the notifications feature) in the bar at every width, before the account menu.
 */
export interface HeaderAccountSlots {
  desktop: ReactNode;
  bell?: ReactNode;
  mobile: (closeMenu: () => void) => ReactNode;
}

export function Header({ account }: { account?: HeaderAccountSlots }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // A tap before the app has started opens the panel once it has (lib/early-taps.ts).
  const menuTap = useEarlyTap('menu', () => setMenuOpen(true));
  useEffect(() => whenIdle(() => warmUp('sheet')), []);
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-layout items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {account?.bell}
          {account ? <div className="hidden md:block">{account.desktop}</div> : null}
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            // The panel's code comes with the first open; a pointer on its way there starts the fetch.
            onPointerEnter={() => void preloadSheet()}
            {...menuTap}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <LazySheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" returnFocusRef={menuButtonRef}>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={navLinkClass}
              onClick={() => setMenuOpen(false)}
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        {account ? (
          <div className="mt-auto border-t border-border pt-4">
            {account.mobile(() => setMenuOpen(false))}
          </div>
        ) : null}
      </LazySheet>
    </header>
  );
}
