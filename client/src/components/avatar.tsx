import { cn } from '#client/lib/cn.ts';
import { avatarUrl } from '#common/avatar';

export function Avatar({
  user,
  size = 48,
  className,
}: {
  user: { id: number; profileImage: string | null };
  size?: number;
  className?: string;
}) {
  return (
    <img
      src={avatarUrl(user)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn('shrink-0 rounded-full bg-muted object-cover', className)}
      style={{ width: size, height: size }}
    />
  );
}
