import { BadgeCheck, Search, Star } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading } from '#client/components/layout/app-shell.tsx';
import { FormAlert } from '#client/components/ui/form-field.tsx';
import { useCurrentUser } from '#client/features/auth/api.ts';
import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { RegisterForm } from '#client/features/auth/components/register-form.tsx';
import { NEXT_PARAM, safeNextPath } from '#client/features/auth/redirect.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import { authPageErrorText } from '#common/schemas/auth-page-errors';

type Tab = 'login' | 'register';

const POINTS = [
  { Icon: Search, text: 'Find crew by name, role or skill, from pre-production to cast.' },
  { Icon: Star, text: 'Read and write honest reviews from people who shared the set.' },
  { Icon: BadgeCheck, text: 'Keep one profile with your roles, credits and portfolio.' },
];

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** SPEC §2 /auth: the login and register forms as a page; a signed-in user is sent on (to / by default). */
export default function AuthPage() {
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'register' ? 'register' : 'login');
  const { data: user, isPending } = useCurrentUser();
  const next = safeNextPath(params.get(NEXT_PARAM)) ?? '/';
  // Sign-in problems the server sends back here as a code (an OAuth provider that is not
  // configured); anything else in the URL is someone else's text and is not shown.
  const serverError = authPageErrorText(params.get('error'));
  useDocumentTitle(tab === 'login' ? 'Log In' : 'Sign Up');

  if (isPending) return <PageLoading />;
  if (user) return <Navigate to={next} replace />;

  return (
    <AuthLayout>
      <h1 className="text-2xl font-bold tracking-tight">
        {tab === 'login' ? 'Log in to CrewBase' : 'Create your CrewBase account'}
      </h1>
      <p className="mt-1.5 text-sm text-muted-foreground">
        {tab === 'login' ? 'Welcome back.' : 'It takes a minute, and it is free.'}
      </p>
      {serverError ? (
        <div className="mt-6">
          <FormAlert message={serverError} />
        </div>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
        <Tabs.List aria-label="Log in or sign up" className="mb-6 flex gap-1 rounded-lg bg-muted p-1">
          <Tabs.Trigger value="login" className={tabClass}>
            Log In
          </Tabs.Trigger>
          <Tabs.Trigger value="register" className={tabClass}>
            Sign Up
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">
          <LoginForm
            onSwitchToRegister={() => setTab('register')}
            onForgotPassword={() => firePageEvent(PAGE_EVENTS.openForgotPassword)}
          />
        </Tabs.Content>
        <Tabs.Content value="register">
          <RegisterForm
            // SPEC §2: after signing up the profile setup dialog opens; this page moves on to `next`.
            onSuccess={() => firePageEvent(PAGE_EVENTS.openProfileSetup)}
            onSwitchToLogin={() => setTab('login')}
          />
        </Tabs.Content>
      </Tabs.Root>
    </AuthLayout>
  );
}

function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-layout gap-8 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1fr_28rem] lg:items-start">
      <section
        aria-label="Why join CrewBase"
        className="relative hidden overflow-hidden rounded-2xl bg-ink p-10 text-white lg:block"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.35),transparent_60%)]"
        />
        <div className="relative flex flex-col gap-6">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand">
            The film crew directory
          </p>
          <p className="max-w-md text-3xl font-bold tracking-tight text-balance">
            Find the best film professionals. Showcase your talent.
          </p>
          <ul className="flex flex-col gap-4">
            {POINTS.map(({ Icon, text }) => (
              <li key={text} className="flex gap-3 text-slate-300">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="w-full max-w-md justify-self-center rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8 lg:justify-self-stretch">
        {children}
      </div>
    </div>
  );
}
