import type { TTwoFactorEnabled, TTwoFactorSetup, TTwoFactorStatus } from '../../../shared/contracts/auth-two-factor';
import { TwoFactorPanel, type TwoFactorCalls } from '../../components/TwoFactorPanel';
import { get, post } from '../../lib/api';
import { Section } from './parts';

const calls: TwoFactorCalls = {
  status: () => get<TTwoFactorStatus>('/api/auth/two-factor'),
  setup: () => post<TTwoFactorSetup>('/api/auth/two-factor/setup'),
  enable: (code) => post<TTwoFactorEnabled>('/api/auth/two-factor/enable', { code }),
  disable: (body) => post<{ message: string }>('/api/auth/two-factor/disable', body),
};

/** Settings → "Two-factor sign-in": optional for admins, for their own account (decision 065). */
export function TwoFactorSection() {
  return (
    <Section id="two-factor-heading" title="Two-factor sign-in" description="A code from your phone after your password, so a stolen password alone cannot sign in.">
      <TwoFactorPanel calls={calls} />
    </Section>
  );
}
