import { CalendarPlus, MessageSquare, UserPlus } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';

/**
 * What a signed-out visitor can do on a profile (issue 31): the actions a member has, each asking
 * them to sign up first. The register dialog opens over this page and closes back onto it, so the
 * new member is on the same profile, now with the real actions. The server renders these too
 * (visitors are who it renders for), so hydration finds the same markup.
 */
export function VisitorActions({ name }: { name: string }) {
  const signUp = () => firePageEvent(PAGE_EVENTS.openRegister);
  const outline = 'bg-transparent text-white hover:text-foreground';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="brand" onClick={signUp}>
          <CalendarPlus aria-hidden="true" />
          Book or hold
        </Button>
        <Button variant="outline" className={outline} onClick={signUp}>
          <MessageSquare aria-hidden="true" />
          Message
        </Button>
        <Button variant="outline" className={outline} onClick={signUp}>
          <UserPlus aria-hidden="true" />
          Invite to team
        </Button>
      </div>
      <p className="text-xs text-slate-400">
        Free to join: sign up to work with {name}, then come straight back here.
      </p>
    </div>
  );
}
