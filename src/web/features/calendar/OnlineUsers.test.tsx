import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OnlineUsers, type OnlineUser } from './OnlineUsers';

const users: OnlineUser[] = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'me'].map((username, i) => ({
  userId: i + 1,
  username,
  initial: username[0].toUpperCase(),
}));

describe('OnlineUsers', () => {
  it('shows up to five other users, then +N, leaving out the current user', () => {
    const html = renderToStaticMarkup(<OnlineUsers users={users} currentUserId={8} />);
    expect(html.match(/is online"/g)).toHaveLength(5);
    expect(html).toContain('aria-label="ann is online"');
    expect(html).not.toContain('me is online');
    expect(html).toContain('+2');
    expect(html).toContain('7 other users online');
  });

  it('renders nothing when nobody else is online', () => {
    expect(renderToStaticMarkup(<OnlineUsers users={[]} currentUserId={1} />)).toBe('');
    expect(renderToStaticMarkup(<OnlineUsers users={[users[7]]} currentUserId={8} />)).toBe('');
  });
});
