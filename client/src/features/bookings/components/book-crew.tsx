import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useCurrentUser } from '../../auth/api.ts';
import { addDays, isoDay, useCreateBooking } from '../api.ts';
import { AvailabilityStrip } from './availability-strip.tsx';

const fieldClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground focus:border-ring';

/** "Book or hold" on a profile: days, role, day rate and message, with the crew member's calendar beside. */
export function BookCrew({
  crew,
}: {
  crew: { id: number; name: string; roles: { id: number; name: string }[] };
}) {
  const [open, setOpen] = useState(false);
  const today = isoDay(new Date());
  const [form, setForm] = useState({
    roleId: crew.roles[0]?.id ?? 0,
    startDate: addDays(today, 7),
    endDate: addDays(today, 9),
    rate: '650',
    kind: 'requested' as 'requested' | 'first' | 'second',
    message: '',
  });
  const create = useCreateBooking();
  const navigate = useNavigate();
  const { data: me } = useCurrentUser();
  // Crew only (someone with a role), and never one's own profile or a visitor's view.
  if (crew.roles.length === 0 || !me || me.id === crew.id) return null;
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <>
      <Button
        variant="outline"
        className="bg-transparent text-white hover:text-foreground"
        onClick={() => setOpen(true)}
      >
        <CalendarPlus aria-hidden="true" />
        Book or hold
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Book ${crew.name}`}
        description="Ask for days, or pencil them in with a hold."
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
              },
              { onSuccess: (booking) => void navigate(`/bookings/${booking.id}`) },
            );
          }}
        >
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
                <Link to="/subscription" className="font-semibold underline">
                  Upgrade
                </Link>
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
