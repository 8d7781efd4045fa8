import Avatar from 'antd/es/avatar';
import type { User } from '@oncodesk/shared';

/** Initials of the nickname (or email / wallet), e.g. "Maria Rossi" -> "MR". */
export function initials(user: User | null): string {
  const source = (user?.nickname || user?.email || user?.walletAddress || '?').trim();
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

export function UserAvatar({ user, size = 32 }: { user: User | null; size?: number }) {
  return (
    <Avatar size={size} style={{ background: user?.avatarColor ?? '#5b3cc4', flexShrink: 0 }} data-testid="user-avatar">
      {initials(user)}
    </Avatar>
  );
}
