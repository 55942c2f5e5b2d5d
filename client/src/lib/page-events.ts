/** Page-wide events (SPEC §2): the header's buttons ask for the auth modals without importing them. */
export const PAGE_EVENTS = {
  openLogin: 'crewbase:open-login',
  openRegister: 'crewbase:open-register',
  openForgotPassword: 'crewbase:open-forgot-password',
  openProfileSetup: 'crewbase:open-profile-setup',
  replayTour: 'crewbase:replay-tour',
} as const;

export type PageEvent = (typeof PAGE_EVENTS)[keyof typeof PAGE_EVENTS];

export function firePageEvent(event: PageEvent): void {
  window.dispatchEvent(new CustomEvent(event));
}
