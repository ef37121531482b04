import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  BILLING_MODELS,
  PLAN_TYPES,
  SUBSCRIPTION_STATUSES,
  ZUpdateSiteRequest,
  type TAdminSite,
} from '../../../shared/contracts/super-admin';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useUpdateSite } from './api';
import { Check, labels, Select } from './fields';
import { failure } from './token';

type Form = z.input<typeof ZUpdateSiteRequest>;

const valuesOf = (s: TAdminSite): Form => ({
  name: s.name,
  subdomain: s.subdomain,
  isActive: s.isActive,
  subscriptionStatus: s.subscriptionStatus as Form['subscriptionStatus'],
  planType: s.planType as Form['planType'],
  billingModel: s.billingModel as Form['billingModel'],
  enterpriseContactEmail: s.enterpriseContactEmail ?? '',
  hidePaymentControls: s.hidePaymentControls,
  externalBillingReference: s.externalBillingReference ?? '',
  accountingNotes: s.accountingNotes ?? '',
});

/** Edit a site (spec §7 PATCH /api/admin/sites/{id}): identity, status, plan, billing and enterprise fields. */
export function EditSiteDialog({ site, onClose }: { site: TAdminSite | null; onClose: () => void }) {
  const update = useUpdateSite();
  const form = useForm<Form, unknown, z.output<typeof ZUpdateSiteRequest>>({ resolver: zodResolver(ZUpdateSiteRequest) });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    if (site) form.reset(valuesOf(site));
  }, [site, form]);

  const onSubmit = form.handleSubmit(async (body) => {
    if (!site) return;
    try {
      await update.mutateAsync({ id: site.id, body });
      toast({ title: 'Site updated', variant: 'success' });
      onClose();
    } catch (err) {
      toast({ title: 'Update failed', description: failure('Failed to update site', err), variant: 'destructive' });
    }
  });

  const field = (name: keyof Form, label: string, node: React.ReactNode) => (
    <div className="space-y-1.5">
      <Label htmlFor={`site-${name}`}>{label}</Label>
      {node}
      <FieldError message={errors[name]?.message} />
    </div>
  );
  return (
    <Dialog
      open={site !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit Site"
      description={site ? `${site.businessName} · ${site.subdomain}` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <PendingButton type="submit" form="edit-site" pending={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save Changes'}
          </PendingButton>
        </>
      }
    >
      <form id="edit-site" onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
        {field('name', 'Site name', <Input id="site-name" aria-invalid={!!errors.name} {...form.register('name')} />)}
        {field('subdomain', 'Subdomain', <Input id="site-subdomain" aria-invalid={!!errors.subdomain} {...form.register('subdomain')} />)}
        {field(
          'subscriptionStatus',
          'Subscription status',
          <Select id="site-subscriptionStatus" {...form.register('subscriptionStatus')}>
            {SUBSCRIPTION_STATUSES.map((v) => (
              <option key={v} value={v}>
                {labels.subscriptionStatus[v]}
              </option>
            ))}
          </Select>,
        )}
        {field(
          'planType',
          'Plan',
          <Select id="site-planType" {...form.register('planType')}>
            {PLAN_TYPES.map((v) => (
              <option key={v} value={v}>
                {labels.planType[v]}
              </option>
            ))}
          </Select>,
        )}
        {field(
          'billingModel',
          'Billing model',
          <Select id="site-billingModel" {...form.register('billingModel')}>
            {BILLING_MODELS.map((v) => (
              <option key={v} value={v}>
                {labels.billingModel[v]}
              </option>
            ))}
          </Select>,
        )}
        {field(
          'enterpriseContactEmail',
          'Enterprise contact email',
          <Input id="site-enterpriseContactEmail" type="email" {...form.register('enterpriseContactEmail')} />,
        )}
        {field(
          'externalBillingReference',
          'External billing reference',
          <Input id="site-externalBillingReference" {...form.register('externalBillingReference')} />,
        )}
        <div className="flex flex-col justify-end gap-2 pb-1">
          <Check id="site-isActive" label="Site active" {...form.register('isActive')} />
          <Check id="site-hidePaymentControls" label="Hide payment controls" {...form.register('hidePaymentControls')} />
        </div>
        <div className="sm:col-span-2">
          {field(
            'accountingNotes',
            'Accounting notes',
            <Textarea id="site-accountingNotes" rows={3} {...form.register('accountingNotes')} />,
          )}
        </div>
      </form>
    </Dialog>
  );
}
