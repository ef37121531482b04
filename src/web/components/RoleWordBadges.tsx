import { roleBadges, type RoleBadgeWord } from '../../shared/contracts/users';
import { Badge } from './ui/badge';

const TONE: Record<RoleBadgeWord, 'purple' | 'blue' | 'amber' | 'neutral'> = {
  Admin: 'purple',
  User: 'blue',
  'Read Only': 'amber',
  Staff: 'neutral',
};

/** A user's role in the spec's words (§6): Admin, User, Read Only or Staff; a read-only admin shows Admin and Read Only. */
export function RoleWordBadges({ isAdmin, isReadOnly, isStaff }: { isAdmin: boolean; isReadOnly: boolean; isStaff: boolean }) {
  return (
    <>
      {roleBadges({ isAdmin, isReadOnly, isStaff }).map((word) => (
        <Badge key={word} tone={TONE[word]}>
          {word}
        </Badge>
      ))}
    </>
  );
}
