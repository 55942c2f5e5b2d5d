import { Monitor, Moon, Sun } from 'lucide-react';
import type { ThemePreference } from '#client/lib/theme.ts';

/** What the header's plain theme button and its lazily loaded menu both draw. */
export const THEME_OPTIONS: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
];
export const themeIconOf = (theme: ThemePreference) =>
  THEME_OPTIONS.find((option) => option.value === theme)?.Icon ?? Monitor;
export const themeButtonClass = 'inline-flex size-10 items-center justify-center rounded-lg hover:bg-muted';
