import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { firePageEvent, PAGE_EVENTS } from '../../lib/page-events.ts';
import { Button } from '../ui/button.tsx';
import { Sheet } from '../ui/sheet.tsx';
import { Logo } from './logo.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/search', label: 'Search' },
  { to: '/browse', label: 'Browse Crew' },
  { to: '/about', label: 'About' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted',
    isActive ? 'text-foreground' : 'text-muted-foreground',
  );

function AuthButtons({ stacked = false, onChoose }: { stacked?: boolean; onChoose?: () => void }) {
  return (
    <div className={cn('flex gap-2', stacked && 'flex-col')}>
      <Button
        variant="outline"
        onClick={() => {
          onChoose?.();
          firePageEvent(PAGE_EVENTS.openLogin);
        }}
      >
        Log In
      </Button>
      <Button
        variant="brand"
        onClick={() => {
          onChoose?.();
          firePageEvent(PAGE_EVENTS.openRegister);
        }}
      >
        Sign Up
      </Button>
    </div>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
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
          <div className="hidden md:block">
            <AuthButtons />
          </div>
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
        </div>
      </div>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} title="Menu" returnFocusRef={menuButtonRef}>
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
        <div className="mt-auto border-t border-border pt-4">
          <AuthButtons stacked onChoose={() => setMenuOpen(false)} />
        </div>
      </Sheet>
    </header>
  );
}
