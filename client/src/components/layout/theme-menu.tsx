import { DropdownMenu } from 'radix-ui';
import { useEffect, useRef } from 'react';
import { type ThemePreference, useTheme } from '#client/lib/theme.ts';
import { THEME_OPTIONS, themeButtonClass, themeIconOf } from './theme-options.ts';

/**
 * The theme picker's Radix menu. <ThemeToggle /> swaps it in for its plain button when that button
 * is first used, so it mounts open; if the button had focus, the menu's trigger takes it over.
 */
export default function ThemeMenu({ focus }: { focus: boolean }) {
  const { theme, setTheme } = useTheme();
  const Current = themeIconOf(theme);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) trigger.current?.focus();
  }, [focus]);
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger ref={trigger} className={themeButtonClass} aria-label={`Theme: ${theme}`}>
        <Current aria-hidden="true" className="size-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-lg border border-border bg-card p-1 text-foreground shadow-lg"
        >
          <DropdownMenu.RadioGroup
            value={theme}
            onValueChange={(value) => setTheme(value as ThemePreference)}
          >
            {THEME_OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted data-[state=checked]:font-semibold"
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
