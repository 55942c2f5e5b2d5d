import { Badge } from '#client/components/ui/badge.tsx';
import { cn } from '#client/lib/cn.ts';
import type { ApplicationStatus } from '#common/schemas/calls';

export const APPLICATION_STATUS_LABEL: Record<ApplicationStatus, string> = {
  applied: 'Applied',
  shortlisted: 'Shortlisted',
  declined: 'Declined',
  booked: 'Booked',
  withdrawn: 'Withdrawn',
};

const TONE: Partial<Record<ApplicationStatus, string>> = {
  shortlisted: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200',
  booked:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge className={cn(TONE[status])}>{APPLICATION_STATUS_LABEL[status]}</Badge>;
}
