import { useQuery } from '@tanstack/react-query';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import type { SecuritySummary } from '#common/schemas/admin';
import { securitySummaryQuery } from '../api.ts';
import { StaffSection } from './staff-gate.tsx';
import { StaffTable } from './staff-table.tsx';

const dayHour = new Intl.DateTimeFormat('en-US', { weekday: 'short', hour: 'numeric' });
const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{value.toLocaleString('en-US')}</p>
    </div>
  );
}

/** Failed sign-ins and refusals per hour over 7 days; the table below says the same in words. */
function HourlyChart({ hours }: { hours: SecuritySummary['hours'] }) {
  const data = hours.map((h) => ({ ...h, at: new Date(h.hour).getTime() }));
  return (
    <figure aria-label="Failed sign-ins and refused requests per hour, last 7 days" className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis
            dataKey="at"
            type="number"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(v: number) => day.format(new Date(v))}
            tick={{ fontSize: 12 }}
            minTickGap={24}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(v) => dayHour.format(new Date(Number(v)))} />
          <Legend />
          <Area
            isAnimationActive={false}
            type="monotone"
            dataKey="failedSignIns"
            name="Failed sign-ins"
            stroke="#dc2626"
            fill="#dc2626"
            fillOpacity={0.15}
          />
          <Area
            isAnimationActive={false}
            type="monotone"
            dataKey="refusals"
            name="Refused requests"
            stroke="#d97706"
            fill="#d97706"
            fillOpacity={0.15}
          />
        </AreaChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function SecurityOverview() {
  const { data, isPending } = useQuery(securitySummaryQuery);
  if (isPending || !data) return <Skeleton className="h-80" />;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label="Failed sign-ins (7 days)" value={data.failedSignIns} />
        <Stat label="Refused requests (7 days)" value={data.refusals} />
        <Stat label="New accounts (7 days)" value={data.newAccounts} />
      </div>
      <StaffSection
        title="Failed sign-ins and refusals"
        description="Per hour, last 7 days. Refusals are rate-limit and CSRF refusals."
      >
        <HourlyChart hours={data.hours} />
      </StaffSection>
      <StaffSection
        title="Top offending networks"
        description="IPv4 addresses or IPv6 /64 networks with the most failed sign-ins this week."
      >
        {data.topNetworks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No failed sign-ins this week.</p>
        ) : (
          <StaffTable columns={['Network', 'Failures', 'Last seen']}>
            {data.topNetworks.map((n) => (
              <tr key={n.network}>
                <td className="py-2 pr-3 font-mono text-xs">{n.network}</td>
                <td className="py-2 pr-3 tabular-nums">{n.failures}</td>
                <td className="py-2">{dayHour.format(new Date(n.lastSeen))}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>
    </div>
  );
}
