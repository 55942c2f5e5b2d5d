import { useEffect, useEffectEvent } from 'react';

/**
 * Taps on a control that cannot act yet are kept and acted on once it can (ADR 030). Two gaps:
 *
 * - **Before the app has started.** A server-rendered page shows its header's buttons before the
 *   app's script has run, and a tap then has no handler. The head script (public/theme-init.js, which
 *   runs before the first paint) keeps the last tap on an element carrying `data-early-tap="name"` as
 *   `<html data-kept-tap="name">`; once the app is ready (`markAppReady`), the mounted control of
 *   that name acts on it. A control mounting later (the account menu waits for the session check)
 *   acts on it when it mounts. Any tap after the app is ready drops a kept one: the person moved on.
 * - **Before a lazy part has arrived.** The control is a stand-in (the same button) whose tap sets the
 *   caller's state, so the real part mounts open (the bell, the theme menu, the account menu).
 *
 * `useEarlyTap` covers both: spread what it returns on the control that stands in.
 */
type Act = () => void;
/** The mounted controls by name, latest last (Log In is in the header and in the phone's panel). */
const controls = new Map<string, Act[]>();

const root = () => document.documentElement;
const isAppReady = () => root().hasAttribute('data-app-ready');

function actOnKeptTap() {
  const name = root().dataset.keptTap;
  const act = name ? controls.get(name)?.at(-1) : undefined;
  if (!act) return;
  delete root().dataset.keptTap;
  act();
}

/**
 * Marks `<html data-app-ready>` (the app has mounted or hydrated, every control's effect has run) and
 * acts on a tap kept before.
 */
export function markAppReady(): void {
  root().dataset.appReady = '';
  actOnKeptTap();
}

export interface EarlyTapProps {
  'data-early-tap': string;
  onClick: () => void;
}

/**
 * A control whose taps are never lost: `act` runs on a click, on a tap kept from before the app
 * started, or (for a control mounting later) on one kept until it mounts. `act` should open
 * something, so running it twice (React may also see a tap made during hydration) is harmless.
 */
export function useEarlyTap(name: string, act: Act): EarlyTapProps {
  const onAct = useEffectEvent(act);
  useEffect(() => {
    const run = () => onAct();
    controls.set(name, [...(controls.get(name) ?? []), run]);
    if (isAppReady()) actOnKeptTap();
    return () => {
      const rest = (controls.get(name) ?? []).filter((other) => other !== run);
      if (rest.length > 0) controls.set(name, rest);
      else controls.delete(name);
    };
  }, [name]);
  return { 'data-early-tap': name, onClick: act };
}
