import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TOUR_TIP_IDS, tourPageOf } from './tips.ts';
import { useTooltips } from './tour-context.ts';
import { TOUR_TIPS } from './tour-tips.ts';

function Probe() {
  useTooltips();
  return null;
}

describe('guided tour', () => {
  it('refuses to be used outside its provider, with SPEC’s message', () => {
    expect(() => renderToString(<Probe />)).toThrow('useTooltips must be used within a TooltipProvider');
  });

  it('has SPEC’s tips, targets, sides and order per page', () => {
    expect(TOUR_TIPS.map((tip) => [tip.page, tip.id, tip.elementId, tip.placement, tip.order])).toEqual([
      ['/', 'welcome', 'hero-section', 'bottom', 1],
      ['/', 'search', 'search-bar', 'bottom', 2],
      ['/', 'browse', 'browse-roles', 'bottom', 3],
      ['/dashboard', 'profile', 'profile-menu', 'left', 1],
      ['/dashboard', 'subscription', 'subscription-button', 'right', 2],
      ['/profile', 'reviews', 'reviews-section', 'top', 1],
    ]);
    expect(TOUR_TIP_IDS).toEqual(TOUR_TIPS.map((tip) => tip.id));
    expect(tourPageOf('/profile/42')).toBe('/profile');
    expect(tourPageOf('/profile/edit')).toBeNull();
    expect(tourPageOf('/search')).toBeNull();
  });
});
