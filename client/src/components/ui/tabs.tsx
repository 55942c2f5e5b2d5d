import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  use,
  useCallback,
  useId,
  useState,
} from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * Tabs after the WAI-ARIA tabs pattern, with an underlined tab row: arrow keys move between tabs
 * (and pick them), Home and End jump to the ends, only the chosen tab is in the Tab order, and each
 * panel is labelled by its tab. The row scrolls sideways on a narrow screen instead of wrapping.
 *
 * Written here rather than taken from Radix (ADR 022): a server-rendered profile hydrates its tabs,
 * and Radix's panels and tab row each set state while the page hydrates (a measured style read per
 * panel and a second render of every tab), which made the hydration's commit one long task on a
 * slow phone. This renders once and sets nothing until the visitor picks a tab.
 * The markup keeps Radix's attributes (`data-state`, `data-orientation`), which the styles use.
 */
interface TabsContextValue {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = use(TabsContext);
  if (!context) throw new Error(`${part} must be used within Tabs`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;
const stateOf = (active: boolean) => (active ? 'active' : 'inactive');

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  /** The chosen tab, when the caller keeps it (say in the address); else `defaultValue` starts it. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue = '', onValueChange, children, ...props }: TabsProps) {
  const baseId = useId();
  const [ownValue, setOwnValue] = useState(defaultValue);
  const current = value ?? ownValue;
  const select = useCallback(
    (next: string) => {
      if (value === undefined) setOwnValue(next);
      onValueChange?.(next);
    },
    [value, onValueChange],
  );
  return (
    <TabsContext value={{ baseId, value: current, select }}>
      <div data-orientation="horizontal" {...props}>
        {children}
      </div>
    </TabsContext>
  );
}

const NEXT_TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    const step = NEXT_TAB_KEYS[event.key];
    if (event.defaultPrevented || !step || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index === -1) return;
    event.preventDefault();
    // Focusing a tab picks it (automatic activation, as the pattern recommends for tabs shown at once).
    tabs[step(index, tabs.length)]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        'flex gap-1 overflow-x-auto border-b border-border [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        className,
      )}
      onKeyDown={moveFocus}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onFocus,
  onMouseDown,
  onKeyDown,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const active = tabs.value === value;
  const pick = () => {
    if (!active && !disabled) tabs.select(value);
  };
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={active}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={stateOf(active)}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={active ? 0 : -1}
      className={cn(
        '-mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-2.5 py-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-offset-[-2px] data-[state=active]:border-brand data-[state=active]:text-foreground sm:px-4',
        className,
      )}
      // Picked on press rather than on click, as native tabs are; a right or modified click is not a pick.
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.button === 0 && !event.ctrlKey) pick();
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key === 'Enter' || event.key === ' ') pick();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        pick();
      }}
      {...props}
    />
  );
}

/** A panel; `forceMount` keeps an unchosen one in the page (hidden by its caller's class). */
export function TabsContent({
  value,
  forceMount,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { value: string; forceMount?: boolean }) {
  const tabs = useTabs('TabsContent');
  const active = tabs.value === value;
  const shown = active || forceMount === true;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      data-state={stateOf(active)}
      data-orientation="horizontal"
      hidden={!shown}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern puts a panel in the Tab order, so a panel of plain text can be reached and read from its tab
      tabIndex={0}
      className={cn('pt-8 focus-visible:outline-offset-4', className)}
      {...props}
    >
      {shown ? children : null}
    </div>
  );
}
