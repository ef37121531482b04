import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZCreateSiteRequest } from '../../../shared/contracts/super-admin';
import { Button, PendingButton } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useCreateSite } from './api';
import { failure } from './token';

type Form = z.input<typeof ZCreateSiteRequest>;

/** A new site for the business: starts as a 14-day Starter trial, like a registration's first site. */
export function CreateSiteDialog({
  businessId,
  open,
  onOpenChange,
}: {
  businessId: number;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const create = useCreateSite();
  const form = useForm<Form, unknown, z.output<typeof ZCreateSiteRequest>>({
    resolver: zodResolver(ZCreateSiteRequest),
    defaultValues: { name: '', subdomain: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync({ businessId, body });
      toast({ title: 'Site created', variant: 'success' });
      form.reset();
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Update failed', description: failure('Failed to update site', err), variant: 'destructive' });
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Site"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <PendingButton type="submit" form="create-site" pending={isSubmitting}>
            Create Site
          </PendingButton>
        </>
      }
    >
      <form id="create-site" onSubmit={onSubmit} noValidate className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor="new-site-name">Site name</Label>
          <Input id="new-site-name" aria-invalid={!!errors.name} {...form.register('name')} />
          <FieldError message={errors.name?.message} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="new-site-subdomain">Subdomain</Label>
          <Input id="new-site-subdomain" aria-invalid={!!errors.subdomain} {...form.register('subdomain')} />
          <FieldError message={errors.subdomain?.message} />
        </div>
      </form>
    </Dialog>
  );
}
