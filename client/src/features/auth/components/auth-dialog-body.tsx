import { useEffect, useRef } from 'react';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AuthView = 'login' | 'register' | 'forgot';

/**
 * The forms inside the auth modal. A separate chunk: the form and validation libraries load when
 * someone is about to sign in, not with every page.
 */
export default function AuthDialogBody({
  view,
  onShow,
  onClose,
  onRegistered,
  onForgotPassword,
}: {
  view: AuthView;
  onShow: (view: AuthView) => void;
  onClose: () => void;
  onRegistered: () => void;
  onForgotPassword: () => void;
}) {
  const body = useRef<HTMLDivElement>(null);
  // Radix focuses the first field when the dialog opens, but this body may arrive later (lazy) and
  // a view can replace another: put focus on the first field each time, or it falls to the page.
  useEffect(() => {
    if (view) body.current?.querySelector<HTMLElement>('input, a[href], button')?.focus();
  }, [view]);

  return (
    <div ref={body}>
      {view === 'login' ? (
        <LoginForm
          onSuccess={onClose}
          onSwitchToRegister={() => onShow('register')}
          onForgotPassword={onForgotPassword}
        />
      ) : null}
      {view === 'register' ? (
        <RegisterForm onSuccess={onRegistered} onSwitchToLogin={() => onShow('login')} onLeave={onClose} />
      ) : null}
      {view === 'forgot' ? <ForgotPasswordForm onBackToLogin={() => onShow('login')} /> : null}
    </div>
  );
}
