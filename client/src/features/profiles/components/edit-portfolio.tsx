import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Link2, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { TextField } from '#client/components/ui/form-field.tsx';
import { LIMITS } from '#common/limits';
import {
  type PortfolioItem,
  type PublicProfile,
  portfolioLinkRequest,
  portfolioUpdateRequest,
} from '#common/schemas/profiles';
import {
  useAddPortfolioItem,
  useDeletePortfolioItem,
  useEditPortfolioItem,
  useReorderPortfolio,
} from '../api.ts';
import { showFieldErrors, toastFailure, toastSuccess } from './edit-feedback.ts';
import { DeleteItemDialog, EditListItem } from './edit-list.tsx';
import { PortfolioImageForm } from './edit-portfolio-image.tsx';
import { hostnameOf } from './profile-format.ts';
import { useOptimisticReorder } from './use-reorder.ts';

type Open = { dialog: 'image' } | { dialog: 'link' } | { dialog: 'edit'; item: PortfolioItem } | null;

const KIND_LABELS: Record<PortfolioItem['kind'], string> = { image: 'Image', video: 'Video', link: 'Link' };

export function EditPortfolio({ profile }: { profile: PublicProfile }) {
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState<PortfolioItem | null>(null);
  const remove = useDeletePortfolioItem(profile.id);
  const { move, announcement } = useOptimisticReorder(
    profile.id,
    'portfolio',
    useReorderPortfolio(profile.id),
  );
  const items = profile.portfolio;
  const full = items.length >= LIMITS.portfolioItemsMax;
  const close = () => setOpen(null);

  return (
    <div className="flex flex-col gap-5">
      {items.length > 0 ? (
        <ul aria-label="Your portfolio" className="divide-y divide-border">
          {items.map((item, index) => (
            <EditListItem
              key={item.id}
              label={item.title}
              index={index}
              count={items.length}
              onMove={(delta) => move(index, delta)}
              onEdit={() => setOpen({ dialog: 'edit', item })}
              onDelete={() => setDeleting(item)}
              media={<PortfolioThumb item={item} />}
            >
              <p className="truncate font-medium">{item.title}</p>
              <p className="truncate text-sm text-muted-foreground">
                {KIND_LABELS[item.kind]}
                {item.kind === 'image' ? '' : ` · ${hostnameOf(item.url)}`}
              </p>
            </EditListItem>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          Nothing here yet. Stills, your reel on YouTube or Vimeo, and your website all belong here.
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setOpen({ dialog: 'image' })} disabled={full}>
          <ImagePlus aria-hidden="true" />
          Add image
        </Button>
        <Button variant="outline" onClick={() => setOpen({ dialog: 'link' })} disabled={full}>
          <Link2 aria-hidden="true" />
          Add video or link
        </Button>
      </div>
      {full ? (
        <p className="text-sm text-muted-foreground">
          Your portfolio holds its maximum of {LIMITS.portfolioItemsMax} items. Remove one to add another.
        </p>
      ) : null}

      <Dialog
        open={open?.dialog === 'image'}
        onOpenChange={(next) => !next && close()}
        title="Add image"
        description="A still, a frame grab or a behind-the-scenes photo. JPEG, PNG, WebP or GIF, up to 5 MB."
        className="max-w-lg"
      >
        <PortfolioImageForm userId={profile.id} onDone={close} />
      </Dialog>
      <Dialog
        open={open?.dialog === 'link'}
        onOpenChange={(next) => !next && close()}
        title="Add video or link"
        description="YouTube and Vimeo links play on your profile; any other address shows as a link."
        className="max-w-lg"
      >
        <PortfolioLinkForm userId={profile.id} onDone={close} />
      </Dialog>
      <Dialog
        open={open?.dialog === 'edit'}
        onOpenChange={(next) => !next && close()}
        title="Edit portfolio item"
        description="Change how this item is titled and described."
        className="max-w-lg"
      >
        {open?.dialog === 'edit' ? (
          <PortfolioEditForm userId={profile.id} item={open.item} onDone={close} />
        ) : null}
      </Dialog>
      <DeleteItemDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete from your portfolio?"
        describe={(item) => `“${item.title}” will be removed from your profile.`}
        remove={remove}
        deletedTitle="Removed from your portfolio"
        failure="portfolio"
      />
    </div>
  );
}

function PortfolioThumb({ item }: { item: PortfolioItem }) {
  if (item.kind === 'image') {
    return (
      <img
        src={item.thumbnailUrl ?? item.url}
        alt=""
        loading="lazy"
        className="size-14 shrink-0 rounded-lg border border-border bg-muted object-cover"
      />
    );
  }
  const Icon = item.kind === 'video' ? PlayCircle : Link2;
  return (
    <span
      aria-hidden="true"
      className="flex size-14 shrink-0 items-center justify-center rounded-lg border border-border bg-muted text-muted-foreground"
    >
      <Icon className="size-6" />
    </span>
  );
}

function FormButtons({ saving, label, onCancel }: { saving: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? 'Saving...' : label}
      </Button>
    </div>
  );
}

function PortfolioLinkForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const add = useAddPortfolioItem(userId);
  const form = useForm({
    resolver: zodResolver(portfolioLinkRequest),
    defaultValues: { title: '', url: '', description: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ title, url, description }) => {
    add.mutate(
      { title, url, ...(description ? { description } : {}) },
      {
        onSuccess: (item) => {
          toastSuccess(item.kind === 'video' ? 'Video added' : 'Link added', item.title);
          onDone();
        },
        onError: (error) => {
          if (!showFieldErrors(error, form.setError, ['title', 'url', 'description']))
            toastFailure('portfolio');
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Title"
        placeholder="e.g. 2025 Cinematography reel"
        error={errors.title?.message}
        {...form.register('title')}
      />
      <TextField
        label="Web address"
        type="url"
        inputMode="url"
        placeholder="https://vimeo.com/…"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextField
        label="Description (optional)"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormButtons saving={add.isPending} label="Add to portfolio" onCancel={onDone} />
    </form>
  );
}

function PortfolioEditForm({
  userId,
  item,
  onDone,
}: {
  userId: number;
  item: PortfolioItem;
  onDone: () => void;
}) {
  const edit = useEditPortfolioItem(userId);
  const form = useForm({
    resolver: zodResolver(portfolioUpdateRequest),
    defaultValues: { title: item.title, description: item.description ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ title, description }) => {
    edit.mutate(
      { id: item.id, title, description: description ?? null },
      {
        onSuccess: () => {
          toastSuccess('Portfolio updated');
          onDone();
        },
        onError: (error) => {
          if (!showFieldErrors(error, form.setError, ['title', 'description'])) toastFailure('portfolio');
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextField
        label="Description (optional)"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <FormButtons saving={edit.isPending} label="Save changes" onCancel={onDone} />
    </form>
  );
}
