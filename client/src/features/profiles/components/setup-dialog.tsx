import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { currentUserQuery, useViewer } from '#client/features/auth/api.ts';
import { PAGE_EVENTS } from '#client/lib/page-events.ts';
import { SETUP_STEP_LABELS, SETUP_STEPS, type SetupStep } from './setup-steps.ts';

const loadFlow = () => import('./setup-flow.tsx');
const SetupFlow = lazy(loadFlow);

/**
 * Opens the setup dialog from anywhere (the register modal, the dashboard). The page event of SPEC §2
 * carries the step to start at; without one the dialog starts at the basics.
 */
export function openProfileSetup(step: SetupStep = 'basic'): void {
  window.dispatchEvent(
    new CustomEvent<{ step: SetupStep }>(PAGE_EVENTS.openProfileSetup, { detail: { step } }),
  );
}

function stepOf(event: Event): SetupStep {
  const step = event instanceof CustomEvent ? (event.detail as { step?: unknown } | null)?.step : undefined;
  return SETUP_STEPS.find((known) => known === step) ?? 'basic';
}

/**
 * The profile setup dialog, mounted once in the shell. It opens on the page event for a signed-in
 * user; its steps live in a separate chunk that loads on first open.
 */
export function ProfileSetupDialog() {
  const user = useViewer();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SetupStep | null>(null);
  // Each opening starts a fresh run of the flow, read from the profile as the server has it now.
  const [run, setRun] = useState(0);

  useEffect(() => {
    const listener = (event: Event) => {
      // Read from the cache, not from this render: right after sign-up the event comes in the same
      // tick as the new user, before a render. Signed out, the request is dropped, not kept for later.
      if (!queryClient.getQueryData(currentUserQuery.queryKey)) return;
      setStep(stepOf(event));
      setRun((previous) => previous + 1);
    };
    window.addEventListener(PAGE_EVENTS.openProfileSetup, listener);
    return () => window.removeEventListener(PAGE_EVENTS.openProfileSetup, listener);
  }, [queryClient]);

  // Signing out closes it for good.
  if (!user && step !== null) setStep(null);
  const open = step !== null && Boolean(user);
  const close = () => setStep(null);
  const shown = step ?? 'basic';
  return (
    <LazyDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Set up your profile"
      description={`Step ${SETUP_STEPS.indexOf(shown) + 1} of ${SETUP_STEPS.length}: ${SETUP_STEP_LABELS[shown]}`}
      // Anchored near the top rather than centred, so the header stays put as steps change height, and
      // ending well above the bottom edge, where toasts ("Experience added") would cover the Next button.
      className="top-[6dvh] max-h-[calc(94dvh-8rem)] max-w-2xl translate-y-0 gap-5"
    >
      {open && user ? (
        <Suspense fallback={<Spinner className="self-center py-16" />}>
          <SetupFlow key={run} userId={user.id} step={shown} onStepChange={setStep} onClose={close} />
        </Suspense>
      ) : null}
    </LazyDialog>
  );
}
