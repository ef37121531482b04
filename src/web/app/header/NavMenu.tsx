import { Menu } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { LazyMenu, type TriggerLook } from './lazy-menu';
import { useMe } from '../../lib/session';
import { navLinksFor } from './nav-links';
import { timeOffLinks } from './time-off-links';

const look: TriggerLook = {
  label: 'Navigation menu',
  className: 'rounded-md p-2 hover:bg-muted xl:hidden',
  children: <Menu className="h-5 w-5" />,
};

/** Wide screens show the links inline; narrow ones fold them into a menu. */
export function NavMenu() {
  const user = useMe().data?.user;
  const links = [...navLinksFor(user), ...timeOffLinks(user)];
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 xl:flex">
        {links.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.to === '/'}
            className={({ isActive }) =>
              cn(
                'rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap hover:bg-muted 2xl:px-3',
                isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
              )
            }
          >
            {l.label}
          </NavLink>
        ))}
      </nav>
      <LazyMenu look={look} render={(v, replay) => <v.NavMenuView look={look} replay={replay} />} />
    </>
  );
}
