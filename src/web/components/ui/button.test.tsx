import type { MouseEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PendingButton, type PendingButtonProps } from './button';

/** The Button element PendingButton renders, and a press on it that records what happened. */
function press(props: PendingButtonProps) {
  const element = PendingButton(props) as ReactElement<{ onClick: (e: MouseEvent<HTMLButtonElement>) => void }>;
  let prevented = false;
  element.props.onClick({
    preventDefault: () => {
      prevented = true;
    },
  } as unknown as MouseEvent<HTMLButtonElement>);
  return { prevented };
}

describe('PendingButton', () => {
  it('is aria-disabled and busy while pending, never disabled', () => {
    const html = renderToStaticMarkup(<PendingButton pending>Add Holiday</PendingButton>);
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toMatch(/\sdisabled=""/);
  });

  it('is aria-disabled without aria-busy when only unavailable', () => {
    const html = renderToStaticMarkup(<PendingButton unavailable>Save Settings</PendingButton>);
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toMatch(/\saria-busy=/);
  });

  it('carries neither attribute when it may be pressed', () => {
    const html = renderToStaticMarkup(<PendingButton pending={false}>Create Feed</PendingButton>);
    // The class list names aria-disabled (its dimmed look): only the attributes count here.
    expect(html).not.toMatch(/\saria-disabled=/);
    expect(html).not.toMatch(/\saria-busy=/);
  });

  it('swallows a press while pending or unavailable, and cancels a submit', () => {
    let calls = 0;
    expect(press({ pending: true, type: 'submit', onClick: () => calls++ })).toEqual({ prevented: true });
    expect(press({ unavailable: true, onClick: () => calls++ })).toEqual({ prevented: true });
    expect(calls).toBe(0);
  });

  it('passes a press through otherwise', () => {
    let calls = 0;
    expect(press({ pending: false, onClick: () => calls++ })).toEqual({ prevented: false });
    expect(calls).toBe(1);
  });
});
