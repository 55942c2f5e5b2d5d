import { DEFAULT_HEADSHOT_COUNT } from './limits.ts';

export function defaultHeadshotUrl(userId: number): string {
  return `/uploads/profile-${(userId % DEFAULT_HEADSHOT_COUNT) + 1}.svg`;
}

export function avatarUrl(user: { id: number; profileImage: string | null }): string {
  return user.profileImage ?? defaultHeadshotUrl(user.id);
}
