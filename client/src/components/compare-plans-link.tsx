import { Link } from 'react-router';
import { cn } from '#client/lib/cn.ts';

/**
 * "Compare plans": every "Premium needed" message links to /pricing (issue 33), beside its Upgrade
 * link, so that someone who meets a Premium gate can see what Premium gives and what it costs.
 */
export function ComparePlansLink({ className }: { className?: string }) {
  return (
    <Link to="/pricing" className={cn('font-medium underline underline-offset-4', className)}>
      Compare plans
    </Link>
  );
}
