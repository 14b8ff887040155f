import type { StaffTourPicture, StaffTourPictures } from '@tours/domain/contracts/staff/tour-pictures';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Notice } from '../../../../components/ui/notice.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { isApiRequestError } from '../../../../lib/api-error.ts';
import { ConfirmWithReason } from '../../../components/confirm-with-reason.tsx';
import { DescribePictureDialog } from './describe-picture-dialog.tsx';
import { useTourPictureChanges, useTourPictures } from './pictures-api.ts';
import { UploadPictureForm } from './upload-picture-form.tsx';

type Pending = { kind: 'up' | 'down' | 'remove' | 'describe'; picture: StaffTourPicture } | null;

/** The smallest JPEG (an uploaded picture) or WebP (the demo's): enough for a thumbnail, in a format every browser shows. */
function thumbnailOf(picture: StaffTourPicture): string | undefined {
  const variants = picture.picture.variants;
  const jpeg = variants.filter((variant) => variant.format === 'jpeg');
  return (jpeg.length > 0 ? jpeg : variants.filter((variant) => variant.format === 'webp'))[0]?.url ?? variants[0]?.url;
}

const labelOf = (picture: StaffTourPicture) => (picture.position === 0 ? 'Main picture' : `Picture ${picture.position + 1}`);

/** The order after moving one picture a place up or down. */
function moved(pictures: StaffTourPictures, picture: StaffTourPicture, direction: 'up' | 'down'): number[] {
  const order = pictures.items.map((item) => item.id);
  const from = order.indexOf(picture.id);
  const to = direction === 'up' ? from - 1 : from + 1;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/**
 * A tour's pictures in the console (permission catalogue.edit): each with
 * its thumbnail and description, moved up or down (the first is the main
 * picture: the tour's card and the page's hero), described again or removed,
 * each with a reason; and a form to add one. When someone else changed the
 * pictures meanwhile, the change is refused and the section offers to reload.
 */
export function TourPicturesSection({ tourCode }: { tourCode: string }) {
  const pictures = useTourPictures(tourCode);
  const changes = useTourPictureChanges(tourCode);
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const headingId = useId();

  const settle = (message: string) => {
    setDone(message);
    setPending(null);
    setError(null);
  };
  const failed = (caught: unknown) => {
    if (!isApiRequestError(caught)) return setError('Something went wrong. Please try again.');
    if (caught.code === 'PRECONDITION_FAILED') {
      setPending(null);
      setStale(caught.message);
      return;
    }
    setError(Object.values(caught.fields)[0] ?? caught.message);
  };

  const confirm = async (reason: string) => {
    if (!pending || !pictures.data) return;
    const { kind, picture } = pending;
    setStale(null);
    try {
      if (kind === 'remove') {
        await changes.remove.mutateAsync({ picture: picture.id, etag: picture.etag, reason });
        settle(`${labelOf(picture)} is removed.`);
      } else if (kind === 'up' || kind === 'down') {
        await changes.reorder.mutateAsync({ order: moved(pictures.data, picture, kind), etag: pictures.data.etag, reason });
        settle(`The picture is moved ${kind}.`);
      }
    } catch (caught) {
      failed(caught);
    }
  };

  const reload = async () => {
    setStale(null);
    setDone(null);
    await pictures.refetch();
  };

  if (pictures.isPending) return <Spinner label="Loading the tour's pictures" />;
  if (pictures.isError) {
    return (
      <Notice tone="danger" role="alert">
        <p>{pictures.error.message}</p>
      </Notice>
    );
  }
  const { items } = pictures.data;
  return (
    <section aria-labelledby={headingId} className="console-panel tour-pictures">
      <h2 id={headingId}>Pictures</h2>
      <p className="console-hint">The first picture is the main one: the tour&rsquo;s card in the list of tours and the top of its page.</p>
      {done ? (
        <Notice tone="success" role="status">
          <p>{done}</p>
        </Notice>
      ) : null}
      {stale ? (
        <Notice tone="warning" role="alert" title="Not saved">
          <p>{stale}</p>
          <Button variant="secondary" onClick={() => void reload()}>
            Reload the pictures
          </Button>
        </Notice>
      ) : null}
      {items.length === 0 ? <p>This tour has no pictures yet.</p> : null}
      <ol className="tour-pictures__list">
        {items.map((item, index) => (
          <li key={item.id} className="tour-pictures__item">
            <img className="tour-pictures__thumbnail" src={thumbnailOf(item)} alt={item.picture.alt} width={160} height={Math.round((160 * item.picture.height) / item.picture.width)} loading="lazy" />
            <div className="tour-pictures__details">
              <p className="tour-pictures__label">
                <strong>{labelOf(item)}</strong>
                {item.uploaded ? null : <span className="console-hint"> (demo picture)</span>}
              </p>
              <p>{item.picture.alt}</p>
              <div className="console-actions">
                <Button variant="secondary" onClick={() => setPending({ kind: 'describe', picture: item })} aria-label={`Edit the description of ${labelOf(item).toLowerCase()}`}>
                  Edit description
                </Button>
                <Button variant="secondary" disabled={index === 0} onClick={() => setPending({ kind: 'up', picture: item })} aria-label={`Move ${labelOf(item).toLowerCase()} up`}>
                  Move up
                </Button>
                <Button variant="secondary" disabled={index === items.length - 1} onClick={() => setPending({ kind: 'down', picture: item })} aria-label={`Move ${labelOf(item).toLowerCase()} down`}>
                  Move down
                </Button>
                <Button variant="secondary" onClick={() => setPending({ kind: 'remove', picture: item })} aria-label={`Remove ${labelOf(item).toLowerCase()}`}>
                  Remove
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      <UploadPictureForm
        tourCode={tourCode}
        onAdded={() => {
          setStale(null);
          setDone('The picture is added at the end. Move it up to make it the main picture.');
        }}
      />
      <DescribePictureDialog
        tourCode={tourCode}
        picture={pending?.kind === 'describe' ? pending.picture : null}
        onStale={(message) => {
          setPending(null);
          setStale(message);
        }}
        onDone={() => settle('The description is saved.')}
        onClose={() => setPending(null)}
      />
      <ConfirmWithReason
        open={pending !== null && pending.kind !== 'describe'}
        title={pending?.kind === 'remove' ? `Remove ${pending ? labelOf(pending.picture).toLowerCase() : 'the picture'}?` : `Move the picture ${pending?.kind ?? ''}?`}
        confirmLabel={pending?.kind === 'remove' ? 'Remove the picture' : pending?.kind === 'up' ? 'Move up' : 'Move down'}
        busy={changes.remove.isPending || changes.reorder.isPending}
        error={error}
        onConfirm={(reason) => void confirm(reason)}
        onClose={() => {
          setPending(null);
          setError(null);
        }}
      >
        {pending?.kind === 'remove' ? (
          <p>Visitors stop seeing &lsquo;{pending.picture.picture.alt}&rsquo; on the tour&rsquo;s page.{pending.picture.position === 0 ? ' The next picture becomes the main one.' : ''}</p>
        ) : (
          <p>{pending?.picture.position === 1 && pending.kind === 'up' ? 'It becomes the main picture.' : 'The order shows on the tour’s page.'}</p>
        )}
      </ConfirmWithReason>
    </section>
  );
}
