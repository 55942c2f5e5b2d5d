import {
  Bell,
  Bookmark,
  CalendarDays,
  Clapperboard,
  Crown,
  Flag,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  Settings,
  ShieldCheck,
  User,
  UserPlus,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { displayNameOf } from '#client/features/auth/api.ts';
import { MessagesLink } from '#client/features/messages/components/messages-link.tsx';
import { cn } from '#client/lib/cn.ts';
import { forgetMember } from '#client/lib/member-session.ts';
import { isAdmin, isModerator } from '#common/policies/staff';
import type { AuthUser } from '#common/schemas/auth';

interface MenuLink {
  to: string;
  label: string;
  icon: ReactNode;
}

/**
 * SPEC §2's sections, and since issue 31 "Your work" for every member, free crew included: the
 * bookings made of them, the messages productions send them (anyone may answer one) and the teams
 * they are invited to are theirs whether or not they pay. Premium Features keeps what needs Premium.
 */
function menuSections(user: AuthUser) {
  const sections: { title: string; links: MenuLink[] }[] = [
    {
      title: 'Account',
      links: [
        { to: `/profile/${user.id}`, label: 'My Profile', icon: <User aria-hidden="true" /> },
        { to: '/dashboard', label: 'Dashboard', icon: <LayoutDashboard aria-hidden="true" /> },
        { to: '/notifications', label: 'Notifications', icon: <Bell aria-hidden="true" /> },
        { to: '/account', label: 'Account settings', icon: <Settings aria-hidden="true" /> },
      ],
    },
    {
      title: 'Your work',
      links: [
        { to: '/bookings', label: 'Bookings', icon: <CalendarDays aria-hidden="true" /> },
        { to: '/messages', label: 'Messages', icon: <MessageSquare aria-hidden="true" /> },
        { to: '/teams', label: 'Teams', icon: <Clapperboard aria-hidden="true" /> },
        { to: '/saved-searches', label: 'Saved searches', icon: <Bookmark aria-hidden="true" /> },
      ],
    },
  ];
  if (user.isSubscribed) {
    sections.push({
      title: 'Premium Features',
      links: [
        { to: '/connections', label: 'Connections', icon: <UserPlus aria-hidden="true" /> },
        { to: '/team-builder', label: 'Team Builder', icon: <Users aria-hidden="true" /> },
      ],
    });
  }
  // Staff links only for staff (DESIGN §3); the server refuses everyone else anyway.
  if (isModerator(user)) {
    sections.push({
      title: 'Staff',
      links: [
        { to: '/admin/moderation', label: 'Moderation', icon: <Flag aria-hidden="true" /> },
        ...(isAdmin(user)
          ? [{ to: '/admin/security', label: 'Security', icon: <ShieldCheck aria-hidden="true" /> }]
          : []),
      ],
    });
  }
  return sections;
}

/**
 * The GET form of logout ends the session on the server and lands on / (SPEC §2). The service
 * worker's copies of the member's pages and answers go first (lib/member-session.ts).
 */
const logOut = () => void forgetMember().finally(() => window.location.assign('/api/logout'));

function SubscriptionBadge({ user }: { user: AuthUser }) {
  return user.isSubscribed ? (
    <Badge className="gap-1 border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
      <Crown aria-hidden="true" className="size-3" /> Premium
    </Badge>
  ) : (
    <Badge>Free</Badge>
  );
}

function UserSummary({ user, upgrade }: { user: AuthUser; upgrade: ReactNode }) {
  return (
    <div className="flex items-center gap-3">
      <Avatar user={user} size={40} />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="truncate text-sm font-semibold">{displayNameOf(user)}</p>
        <div className="flex items-center gap-2">
          <SubscriptionBadge user={user} />
          {user.isSubscribed ? null : upgrade}
        </div>
      </div>
    </div>
  );
}

const upgradeLinkClass =
  'rounded text-xs font-semibold text-brand-strong underline-offset-4 hover:underline dark:text-brand';

/** The signed-in header's right side on wide screens. */
export function SignedInHeaderAccount({
  user,
  initiallyOpen = false,
}: {
  user: AuthUser;
  initiallyOpen?: boolean;
}) {
  return (
    <div className="flex items-center gap-1">
      {user.isSubscribed ? <MessagesLink /> : null}
      {/* Not modal, so the page behind is not aria-hidden while it is open; Escape and an outside click still close it. */}
      <DropdownMenu modal={false} defaultOpen={initiallyOpen}>
        <DropdownMenuTrigger
          id="profile-menu"
          aria-label="Account menu"
          className="ml-1 rounded-full ring-offset-2 ring-offset-background hover:ring-2 hover:ring-border data-[state=open]:ring-2 data-[state=open]:ring-ring"
        >
          <Avatar user={user} size={36} />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-64">
          <div className="px-2.5 py-2">
            <UserSummary
              user={user}
              upgrade={
                <DropdownMenuItem
                  asChild
                  className={cn(
                    upgradeLinkClass,
                    'p-0 data-[highlighted]:bg-transparent data-[highlighted]:underline',
                  )}
                >
                  <Link to="/subscription">Upgrade</Link>
                </DropdownMenuItem>
              }
            />
          </div>
          {menuSections(user).map((section) => (
            <DropdownMenuGroup key={section.title}>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>{section.title}</DropdownMenuLabel>
              {section.links.map((link) => (
                <DropdownMenuItem key={link.to} asChild>
                  <Link to={link.to}>
                    {link.icon}
                    {link.label}
                  </Link>
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={logOut}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

const sheetLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground',
    isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
  );

/** The same account menu inside the phone's side panel; `onNavigate` closes the panel. */
export function SignedInMobileAccount({ user, onNavigate }: { user: AuthUser; onNavigate: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="px-3">
        <UserSummary
          user={user}
          upgrade={
            <Link to="/subscription" onClick={onNavigate} className={upgradeLinkClass}>
              Upgrade
            </Link>
          }
        />
      </div>
      {menuSections(user).map((section) => (
        <nav key={section.title} aria-label={section.title} className="flex flex-col gap-1">
          <h3 className="px-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {section.title}
          </h3>
          {section.links.map((link) => (
            <NavLink key={link.to} to={link.to} className={sheetLinkClass} onClick={onNavigate}>
              {link.icon}
              {link.label}
            </NavLink>
          ))}
        </nav>
      ))}
      <button type="button" onClick={logOut} className={sheetLinkClass({ isActive: false })}>
        <LogOut aria-hidden="true" />
        Logout
      </button>
    </div>
  );
}
