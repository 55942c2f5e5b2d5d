import { createContext, useContext } from 'react';

export interface TooltipApi {
  /** Marks a tip seen and shows the page's next unseen one. */
  dismiss: (id: string) => void;
  /** Marks every tip seen: the visitor does not want the tour. */
  skipAll: () => void;
  /** Clears every seen marker (SPEC §4), so the tour starts again. */
  reset: () => void;
  /** Shows one tip now, seen or not, when its target is on the page. */
  showTip: (id: string) => void;
  /** Which tip was asked for by id, if any. */
  requested: string | null;
  /** Changes whenever a marker does, so the host re-reads them. */
  version: number;
}

export const TooltipContext = createContext<TooltipApi | null>(null);

export function useTooltips(): TooltipApi {
  const api = useContext(TooltipContext);
  if (!api) throw new Error('useTooltips must be used within a TooltipProvider');
  return api;
}
