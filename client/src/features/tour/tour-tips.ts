import type { TourPage } from './tips.ts';

/** One tip of the guided tour (SPEC §2): where it points, on which page, in which order. */
export interface TourTip {
  id: string;
  title: string;
  content: string;
  elementId: string;
  placement: 'top' | 'right' | 'bottom' | 'left';
  page: TourPage;
  order: number;
}

/** SPEC §9: width w-80, 10px from the target, at least 5px inside the viewport, 0.3 s fade (styles.css). */
export const TOUR_LAYOUT = { offsetPx: 10, viewportMarginPx: 5 } as const;

export const TOUR_TIPS: readonly TourTip[] = [
  {
    id: 'welcome',
    title: 'Welcome to CrewBase',
    content:
      'Find film crew by role, read honest reviews from people who shared the set, and keep a profile that gets you hired.',
    elementId: 'hero-section',
    placement: 'bottom',
    page: '/',
    order: 1,
  },
  {
    id: 'search',
    title: 'Search crew',
    content: 'Type a name, role, skill or city. Suggestions appear as you type; press Enter for every match.',
    elementId: 'search-bar',
    placement: 'bottom',
    page: '/',
    order: 2,
  },
  {
    id: 'browse',
    title: 'Browse by role',
    content:
      'Open any role, from Director to Foley Artist, to see everyone who lists it and how they are rated.',
    elementId: 'browse-roles',
    placement: 'bottom',
    page: '/',
    order: 3,
  },
  {
    id: 'profile',
    title: 'Your account',
    content: 'Your profile, dashboard and notifications are in this menu, and so is Logout.',
    elementId: 'profile-menu',
    placement: 'left',
    page: '/dashboard',
    order: 1,
  },
  {
    id: 'subscription',
    title: 'Go Premium',
    content:
      'Premium unlocks messages, connections, the team builder, every review and the advanced search filters.',
    elementId: 'subscription-button',
    placement: 'right',
    page: '/dashboard',
    order: 2,
  },
  {
    id: 'reviews',
    title: 'Reviews',
    content:
      'Ratings and reviews from the people who worked with this crew member. Reviews after a booking or a shared team are marked as verified collaborations.',
    elementId: 'reviews-section',
    placement: 'top',
    page: '/profile',
    order: 1,
  },
];
