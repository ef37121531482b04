import { DropdownMenu as M } from 'radix-ui';
import { Menu } from 'lucide-react';
import { NavLink, useNavigate } from 'react-router';
import { cn } from '../../lib/cn';

export const NAV_LINKS = [
  { to: '/', label: 'Calendar' },
  { to: '/employees', label: 'Employee Management' },
  { to: '/exception-types', label: 'Manage Exception Types' },
  { to: '/reports', label: 'Reports' },
] as const;

export const menuItem =
  // The muted fill alone was 1.1:1 against the menu: the highlighted item also gets a ring-coloured outline.
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-muted data-[highlighted]:outline-solid data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-ring';
export const menuContent = 'z-50 min-w-52 rounded-md border border-border bg-card p-1 text-foreground shadow-lg';

/** Wide screens show the links inline; narrow ones fold them into a menu. */
export function NavMenu() {
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
        {NAV_LINKS.map((l) => (
          <NavLink
            key={l.to}
            to={l.to}
            end={l.to === '/'}
            className={({ isActive }) => cn('rounded-md px-3 py-1.5 text-sm font-medium hover:bg-muted', isActive ? 'bg-muted text-foreground' : 'text-muted-foreground')}
          >
            {l.label}
          </NavLink>
        ))}
      </nav>
      <M.Root modal={false}>
        <M.Trigger className="rounded-md p-2 hover:bg-muted lg:hidden" aria-label="Navigation menu">
          <Menu className="h-5 w-5" />
        </M.Trigger>
        <M.Portal>
          <M.Content align="start" sideOffset={6} className={menuContent}>
            {NAV_LINKS.map((l) => (
              <M.Item key={l.to} className={menuItem} onSelect={() => navigate(l.to)}>
                {l.label}
              </M.Item>
            ))}
          </M.Content>
        </M.Portal>
      </M.Root>
    </>
  );
}
