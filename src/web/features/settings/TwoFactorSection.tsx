import { TwoFactorPanel, type TwoFactorCalls } from '../../components/TwoFactorPanel';
import { api } from '../../lib/api';
import { Section } from './parts';

const calls: TwoFactorCalls = {
  status: () => api('GET /api/auth/two-factor'),
  setup: () => api('POST /api/auth/two-factor/setup'),
  enable: (code) => api('POST /api/auth/two-factor/enable', { body: { code } }),
  disable: (body) => api('POST /api/auth/two-factor/disable', { body }),
};

/** Settings → "Two-factor sign-in": optional for admins, for their own account (decision 065). */
export function TwoFactorSection() {
  return (
    <Section
      id="two-factor-heading"
      title="Two-factor sign-in"
      description="A code from your phone after your password, so a stolen password alone cannot sign in."
    >
      <TwoFactorPanel calls={calls} />
    </Section>
  );
}
