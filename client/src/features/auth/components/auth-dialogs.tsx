import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import { warmUp } from '#client/lib/warm-up.ts';
import { whenIdle } from '#client/lib/when-idle.ts';
import { useViewer } from '../api.ts';
import { usePageEvent } from '../hooks/use-page-event.ts';
import type { AuthView } from './auth-dialog-body.tsx';

const AuthDialogBody = lazy(() => import('./auth-dialog-body.tsx'));

const TAGLINE = 'find the best film professionals or showcase your talent';

const HEADINGS = {
  login: { title: 'Welcome back', description: `Log in to ${TAGLINE}.` },
  register: { title: 'Join CrewBase', description: `Create an account to ${TAGLINE}.` },
  forgot: {
    title: 'Reset your password',
    description: "Enter the email you signed up with and we'll send you a link to choose a new password.",
  },
} as const;

const ROUTE_VIEWS: Record<string, AuthView | undefined> = { '/login': 'login', '/register': 'register' };

/**
 * The login, register and forgot-password modals (SPEC §2). Anything on the page opens them with
 * a page event; they share one dialog so switching between them does not flash the backdrop.
 */
export function AuthDialogs() {
  const [view, setView] = useState<AuthView | null>(null);
  const user = useViewer();
  const opener = useRef<HTMLElement | null>(null);

  // Fetch the dialog and its forms once the page is idle, so the first Log In click does not wait.
  useEffect(() => whenIdle(() => warmUp('dialog', 'auth-dialog')), []);

  const show = (next: AuthView) => {
    if (view === null && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
    setView(next);
  };
  usePageEvent(PAGE_EVENTS.openLogin, () => {
    if (!user) show('login');
  });
  usePageEvent(PAGE_EVENTS.openRegister, () => {
    if (!user) show('register');
  });
  usePageEvent(PAGE_EVENTS.openForgotPassword, () => show('forgot'));

  // SPEC §2 names /login and /register as routes: they are the home page with that modal open.
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routeView = ROUTE_VIEWS[pathname];
  useEffect(() => {
    if (!routeView) return;
    if (user) navigate('/', { replace: true });
    else setView(routeView);
  }, [routeView, user, navigate]);

  const close = () => {
    setView(null);
    if (routeView) navigate('/', { replace: true });
  };
  const headings = HEADINGS[view ?? 'login'];

  return (
    <LazyDialog
      open={view !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={headings.title}
      description={headings.description}
      onCloseAutoFocus={(event) => {
        if (!opener.current?.isConnected) return;
        event.preventDefault();
        opener.current.focus();
      }}
    >
      {view ? (
        <Suspense fallback={<Spinner className="self-center py-10" />}>
          <AuthDialogBody
            view={view}
            onShow={show}
            onClose={close}
            onRegistered={() => {
              // SPEC §2: on success the register form hides and the profile setup dialog opens.
              close();
              firePageEvent(PAGE_EVENTS.openProfileSetup);
            }}
            onForgotPassword={() => {
              // SPEC §2: the link closes this modal and asks the page for the forgot-password flow.
              close();
              firePageEvent(PAGE_EVENTS.openForgotPassword);
            }}
          />
        </Suspense>
      ) : null}
    </LazyDialog>
  );
}
