import type { ReactNode } from 'react';

/** Plain geometric marks for the footer's social links (lucide no longer ships brand icons). */
function Mark({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      {children}
    </svg>
  );
}

export const SOCIAL_LINKS = [
  {
    label: 'CrewBase on Instagram',
    href: 'https://www.instagram.com/crewbase',
    icon: (
      <Mark>
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
      </Mark>
    ),
  },
  {
    label: 'CrewBase on X',
    href: 'https://x.com/crewbase',
    icon: (
      <Mark>
        <path d="M4 4l16 16M20 4L4 20" />
      </Mark>
    ),
  },
  {
    label: 'CrewBase on LinkedIn',
    href: 'https://www.linkedin.com/company/crewbase',
    icon: (
      <Mark>
        <rect x="3" y="3" width="18" height="18" rx="3" />
        <path d="M8 10v7M8 7v.01M12 17v-7M12 13a3 3 0 0 1 6 0v4" />
      </Mark>
    ),
  },
  {
    label: 'CrewBase on YouTube',
    href: 'https://www.youtube.com/@crewbase',
    icon: (
      <Mark>
        <rect x="2.5" y="5" width="19" height="14" rx="4" />
        <path d="M10 9l5 3-5 3z" fill="currentColor" />
      </Mark>
    ),
  },
  {
    label: 'CrewBase on Vimeo',
    href: 'https://vimeo.com/crewbase',
    icon: (
      <Mark>
        <path d="M3 8.5l1.5 1.5C6 8.5 7 8 7.5 9.5S9 17 10.5 17 16 10.5 16.5 8 15 4.5 13 6" />
      </Mark>
    ),
  },
];
