import { useEffect } from 'react';

export const DEFAULT_TITLE = 'CrewBase | Connect with Film Industry Professionals';

/** Sets the tab title for a page; `null` keeps the product's default title. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | CrewBase` : DEFAULT_TITLE;
  }, [title]);
}
