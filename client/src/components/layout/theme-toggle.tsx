import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useEarlyTap } from '#client/lib/early-taps.ts';
import { useTheme } from '#client/lib/theme.ts';
import { warmUp } from '#client/lib/warm-up.ts';
import { whenIdle } from '#client/lib/when-idle.ts';
import { themeButtonClass, themeIconOf } from './theme-options.ts';

const loadMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(loadMenu);

/**
 * The header's theme picker. It paints as a plain button; its Radix menu (a dropdown with roving
 * focus and a popper) is fetched while the page is idle, run when a pointer comes near or the button
 * takes focus, and takes the button's place when it is used first (lib/warm-up.ts: nothing runs on a
 * page nobody touches).
 */
export function ThemeToggle() {
  const { theme } = useTheme();
  const [menu, setMenu] = useState<{ focus: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Whether the plain button has focus is read at the swap, so the menu's trigger can take it over.
  // The plain button also stands in while the loaded menu mounts, so a click then still opens it.
  const open = () => setMenu((current) => current ?? { focus: document.activeElement === button.current });
  // A tap made before the app started is kept and opens the menu once it has (lib/early-taps.ts).
  const tap = useEarlyTap('theme', open);
  useEffect(() => whenIdle(() => warmUp('theme-menu')), []);

  const Current = themeIconOf(theme);
  const plain = (
    <button
      ref={button}
      type="button"
      className={themeButtonClass}
      aria-label={`Theme: ${theme}`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      {...tap}
    >
      <Current aria-hidden="true" className="size-5" />
    </button>
  );
  if (!menu) return plain;
  return (
    <Suspense fallback={plain}>
      <ThemeMenu focus={menu.focus} />
    </Suspense>
  );
}
