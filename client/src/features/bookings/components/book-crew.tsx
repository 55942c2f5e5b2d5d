import { CalendarClock, CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ComparePlansLink } from '#client/components/compare-plans-link.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { useViewer } from '#client/features/auth/api.ts';
import { cn } from '#client/lib/cn.ts';
import { HOLD_LIMITS } from '#common/limits';
import { canBookCrew } from '#common/policies/bookings';
import { addDays, isoDay, useCreateBooking } from '../api.ts';
import { AvailabilityStrip } from './availability-strip.tsx';

const fieldClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground focus:border-ring';

type Kind = 'requested' | 'first' | 'second';

/**
 * The days a booking from a team starts with (issue 31): the team's shoot dates, from today at the
 * earliest, else a week ahead as for any booking.
 */
function firstDays(today: string, dates?: { startDate: string | null; endDate: string | null }) {
  const fallback = { startDate: addDays(today, 7), endDate: addDays(today, 9) };
  if (!dates?.startDate) return fallback;
  const end = dates.endDate ?? dates.startDate;
  if (end < today) return fallback;
  return { startDate: dates.startDate < today ? today : dates.startDate, endDate: end };
}

/**
 * "Book" and "Put on hold" for a crew member: days, role, day rate and message, with their
 * calendar above. From a team's crew sheet, `team` names the production and position it fills,
 * and the dialog starts on the team's dates and the position's role.
 * `tone="hero"` is for the dark band at the top of a profile.
 */
export function BookCrew({
  crew,
  team,
  tone = 'default',
  size = 'md',
  holds = true,
}: {
  crew: { id: number; name: string; roles: { id: number; name: string }[] };
  team?: {
    teamId: number;
    positionId?: number | undefined;
    name?: string;
    startDate?: string | null;
    endDate?: string | null;
  };
  tone?: 'hero' | 'default';
  size?: 'sm' | 'md';
  holds?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const today = isoDay(new Date());
  const [form, setForm] = useState({
    roleId: crew.roles[0]?.id ?? 0,
    ...firstDays(today, team && { startDate: team.startDate ?? null, endDate: team.endDate ?? null }),
    rate: '650',
    kind: 'requested' as Kind,
    message: '',
  });
  const create = useCreateBooking();
  const navigate = useNavigate();
  const me = useViewer();
  // Crew only (someone with a role), and never one's own profile or a visitor's view.
  if (crew.roles.length === 0 || !me || !canBookCrew(me.id, crew.id)) return null;
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const start = (kind: Kind) => {
    set({ kind });
    setOpen(true);
  };
  const trigger = cn(tone === 'hero' && 'bg-transparent text-white hover:text-foreground');
  return (
    <>
      <Button variant="outline" size={size} className={trigger} onClick={() => start('requested')}>
        <CalendarPlus aria-hidden="true" />
        Book
      </Button>
      {holds ? (
        <Button variant="outline" size={size} className={trigger} onClick={() => start('first')}>
          <CalendarClock aria-hidden="true" />
          Put on hold
        </Button>
      ) : null}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={form.kind === 'requested' ? `Book ${crew.name}` : `Put ${crew.name} on hold`}
        description={`Ask for days, or ask to pencil them in with a hold (at most ${HOLD_LIMITS.maxDays} days): once the crew member agrees, a first hold outranks a second, and you confirm it into a booking within ${HOLD_LIMITS.lapseDays} days.`}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              {
                crewId: crew.id,
                roleId: form.roleId,
                startDate: form.startDate,
                endDate: form.endDate,
                rate: Math.round(Number(form.rate) * 100),
                currency: 'usd',
                message: form.message,
                ...(form.kind === 'requested' ? {} : { hold: form.kind }),
                ...(team ? { teamId: team.teamId, positionId: team.positionId } : {}),
              },
              { onSuccess: (booking) => void navigate(`/bookings/${booking.id}`) },
            );
          }}
        >
          {team?.name ? (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm">
              For <span className="font-medium">{team.name}</span>
              {crew.roles.length === 1 ? ` as ${crew.roles[0]?.name}` : ''}
              {team.startDate
                ? `, the team's dates: ${team.startDate} to ${team.endDate ?? team.startDate}`
                : ''}
            </p>
          ) : null}
          <AvailabilityStrip userId={crew.id} />
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="flex flex-col gap-1 text-sm font-medium">
              First day
              <input
                type="date"
                className={fieldClass}
                value={form.startDate}
                min={today}
                onChange={(e) => set({ startDate: e.target.value })}
                required
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Last day
              <input
                type="date"
                className={fieldClass}
                value={form.endDate}
                min={form.startDate}
                onChange={(e) => set({ endDate: e.target.value })}
                required
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Role
              <select
                className={fieldClass}
                value={form.roleId}
                onChange={(e) => set({ roleId: Number(e.target.value) })}
              >
                {crew.roles.map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Day rate (USD)
              <input
                type="number"
                min="1"
                step="1"
                className={fieldClass}
                value={form.rate}
                onChange={(e) => set({ rate: e.target.value })}
                required
              />
            </label>
          </div>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Booking or hold
            <select
              className={fieldClass}
              value={form.kind}
              onChange={(e) => set({ kind: e.target.value as typeof form.kind })}
            >
              <option value="requested">Booking request</option>
              <option value="first">First hold (pencil, first in line)</option>
              <option value="second">Second hold (next in line)</option>
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Message
            <textarea
              className={`${fieldClass} h-20 py-2`}
              maxLength={2000}
              value={form.message}
              onChange={(e) => set({ message: e.target.value })}
            />
          </label>
          {create.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {create.error.message}{' '}
              {create.error.message.includes('Premium') ? (
                <>
                  <Link to="/subscription" className="font-semibold underline">
                    Upgrade
                  </Link>{' '}
                  or <ComparePlansLink />
                </>
              ) : null}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="brand" disabled={create.isPending}>
              {create.isPending
                ? 'Sending...'
                : form.kind === 'requested'
                  ? 'Send booking request'
                  : 'Put on hold'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
