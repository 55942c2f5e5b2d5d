import { useQuery } from '@tanstack/react-query';
import { PageLoading } from '#client/components/layout/app-shell.tsx';
import { reportsQuery } from '#client/features/admin/api.ts';
import { AuditTrail } from '#client/features/admin/components/audit-trail.tsx';
import { ReportQueue } from '#client/features/admin/components/report-queue.tsx';
import { StaffGate, StaffSection } from '#client/features/admin/components/staff-gate.tsx';
import { ModerationActions, UserLookup } from '#client/features/admin/components/user-lookup.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function AdminModerationPage() {
  useDocumentTitle('Moderation');
  // The queue is also the access check: the server answers 404 below moderator.
  const probe = useQuery(reportsQuery('open'));
  if (probe.isPending) return <PageLoading />;
  return (
    <StaffGate error={probe.error}>
      <div className="mx-auto max-w-layout px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Moderation</h1>
        <p className="mt-2 text-muted-foreground">
          Reported reviews and crew calls, member accounts and the record of every staff action.
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
          <StaffSection
            title="Report queue"
            description="Hide a review or a crew call, or dismiss the report. Every decision needs a reason."
          >
            <ReportQueue />
          </StaffSection>
          <StaffSection
            title="Members"
            description="Suspend or restore an account, or feature a profile on the home page."
          >
            <UserLookup actions={(user) => <ModerationActions user={user} />} />
          </StaffSection>
        </div>
        <div className="mt-6">
          <StaffSection
            title="Audit trail"
            description="Every staff action, newest first. Entries cannot be changed."
          >
            <AuditTrail />
          </StaffSection>
        </div>
      </div>
    </StaffGate>
  );
}
