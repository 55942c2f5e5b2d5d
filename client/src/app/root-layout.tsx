import { AppShell } from '#client/components/layout/app-shell.tsx';
import { AuthDialogs } from '#client/features/auth/components/auth-dialogs.tsx';
import { NotificationBell } from '#client/features/notifications/components/notification-bell.tsx';
import { ProfileSetupDialog } from '#client/features/profiles/components/setup-dialog.tsx';
import { TooltipProvider } from '#client/features/tour/tour-provider.tsx';
import { HeaderAccount, MobileAccount } from './account-menu.tsx';
import { EmailNoticeSlot } from './email-notice-slot.tsx';
import { useIdlePreloads } from './preloads.ts';
import { RealtimeSlot } from './realtime-slot.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

const account = {
  desktop: <HeaderAccount />,
  bell: <NotificationBell />,
  mobile: (closeMenu: () => void) => <MobileAccount onNavigate={closeMenu} />,
};

/**
 * The shell with the signed-in parts: the account menu, the notification bell and the tab's realtime
 * socket, the unconfirmed-email banner, the auth modals, the profile setup dialog, the guided tour
 * and the new-version prompt.
 */
export function RootLayout() {
  useIdlePreloads();
  return (
    <TooltipProvider>
      <AppShell
        account={account}
        notice={<EmailNoticeSlot />}
        overlays={
          <>
            <AuthDialogs />
            <ProfileSetupDialog />
            <RealtimeSlot />
            <UpdatePrompt />
          </>
        }
      />
    </TooltipProvider>
  );
}
