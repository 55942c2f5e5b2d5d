import { Monitor, Moon, Sun } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import { type ThemePreference, useTheme } from '../../lib/theme.ts';
import { whenIdle } from '../../lib/when-idle.ts';

export const THEME_OPTIONS: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];
export const themeIconOf = (theme: ThemePreference) =>
  THEME_OPTIONS.find((option) => option.value === theme)?.Icon ?? Monitor;
export const themeButtonClass = 'inline-flex size-10 items-center justify-center rounded-lg hover:bg-muted';

const loadMenu = () => import('./theme-menu.tsx');
const ThemeMenu = lazy(loadMenu);

/**
 * The header's theme picker. It paints as a plain button, and its Radix menu (a dropdown with
 * roving focus and a popper) arrives once the page is idle, or at once when the button is used first.
 */
export function ThemeToggle() {
  const { theme } = useTheme();
  const [menu, setMenu] = useState<{ focus: boolean; openNow: boolean } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Whether the plain button has focus is read at the swap, so the menu's trigger can take it over.
  // The plain button also stands in while the loaded menu mounts, so a click then still opens it.
  const swapIn = (openNow: boolean) =>
    setMenu((current) =>
      current
        ? { ...current, openNow: current.openNow || openNow }
        : { focus: document.activeElement === button.current, openNow },
    );
  const swapInWhenIdle = useEffectEvent(() => swapIn(false));
  useEffect(() => whenIdle(() => void loadMenu().then(swapInWhenIdle)), []);

  const Current = themeIconOf(theme);
  const plain = (
    <button
      ref={button}
      type="button"
      className={themeButtonClass}
      aria-label={`Theme: ${theme}`}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onClick={() => swapIn(true)}
    >
      <Current aria-hidden="true" className="size-5" />
    </button>
  );
  if (!menu) return plain;
  return (
    <Suspense fallback={plain}>
      <ThemeMenu focus={menu.focus} openNow={menu.openNow} />
    </Suspense>
  );
}
